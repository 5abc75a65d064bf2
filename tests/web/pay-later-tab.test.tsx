import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

type Language = 'es' | 'en';
const words = {
  es: { page: 'Confirmación de reserva', tabs: ['Información de pago', 'Detalle de vuelo'], payBefore: 'Pagar antes de', deadline: '22 nov 2026, 15:14 (hora de Lima)', timeLeft: 'Tiempo restante para pagar', amount: 'Monto a pagar', order: 'Orden de pago', howToPay: 'Cómo pagar', withoutPayment: 'Reserva sin pago', later: 'Cómo pagar después', pagoEfectivo: 'Paga con PagoEfectivo', howItWorks: '¿Cómo funciona?', howItWorksTitle: '¿Cómo funciona PagoEfectivo?' },
  en: { page: 'Booking confirmation', tabs: ['Payment information', 'Flight detail'], payBefore: 'Pay before', deadline: 'Nov 22, 2026, 3:14 PM (Lima time)', timeLeft: 'Time left to pay', amount: 'Amount to pay', order: 'Payment order', howToPay: 'How to pay', withoutPayment: 'Booking without payment', later: 'How to pay later', pagoEfectivo: 'Pay with PagoEfectivo', howItWorks: 'How does it work?', howItWorksTitle: 'How does PagoEfectivo work?' },
} as const;

/** The payment tab of a pay-later booking, once the page has loaded. */
async function openPaymentTab(id: string, language: Language, region: string) {
  renderApp(`/vuelos/book/confirmation/${id}?lang=${language}`);
  await findPageHeading(words[language].page);
  const tab = await screen.findByRole('region', { name: region }, { timeout: 5000 });
  expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((node) => node.textContent)).toEqual(words[language].tabs);
  return tab;
}

/** The deadline in Lima, the time left (the tests' clock starts 29 h 14 min before it) and the amount. */
function expectDeadlineAndAmount(tab: HTMLElement, language: Language) {
  const w = words[language];
  // The order's own row comes first (PagoEfectivo's CIP repeats the amount below it).
  const valueOf = (term: string) => within(tab).getAllByText(term, { selector: 'dt' })[0]?.nextElementSibling?.textContent;
  expect(valueOf(w.payBefore)).toBe(w.deadline);
  expect(within(tab).getByRole('timer').textContent).toMatch(/^29 h 1[0-4] min$/);
  expect(valueOf(w.timeLeft)).toMatch(/^29 h 1[0-4] min$/);
  expect(valueOf(w.amount)).toBe('US$ 786.01');
}

const expectFourBanks = (place: HTMLElement, code: string) => {
  for (const bank of ['BCP', 'BBVA', 'Interbank', 'Scotiabank']) expect(within(place).getByRole('heading', { name: bank })).toBeTruthy();
  expect(place.textContent).toContain(code);
};

describe.each(['es', 'en'] as const)('the payment tab of every pay-later booking (%s)', (language) => {
  const w = words[language];

  it('book without payment (103): a tab with the deadline, the time left, the amount and how to pay later', async () => {
    const tab = await openPaymentTab(ids.withoutPayment, language, w.withoutPayment);
    expectDeadlineAndAmount(tab, language);
    expect(within(tab).getByRole('region', { name: w.later })).toBeTruthy();
  });

  it('cash deposit (102 order number): the four banks with the order number', async () => {
    const tab = await openPaymentTab(ids.cashDeposit, language, w.order);
    expectDeadlineAndAmount(tab, language);
    expectFourBanks(within(tab).getByRole('region', { name: w.howToPay }), '1002345678');
  });

  it('PagoEfectivo (102 CIP): its CIP at the four banks and its "how does it work" frame', async () => {
    const tab = await openPaymentTab(ids.pagoEfectivo, language, w.order);
    expectDeadlineAndAmount(tab, language);
    const cip = await within(tab).findByRole('region', { name: w.pagoEfectivo }, { timeout: 5000 });
    const banks = await within(cip).findByRole('region', { name: w.howToPay }, { timeout: 5000 });
    expectFourBanks(banks, '25123456');
    await userEvent.click(within(tab).getByRole('button', { name: w.howItWorks }));
    expect(await screen.findByRole('dialog', { name: w.howItWorksTitle })).toBeTruthy();
  });

  it("SafetyPay (105): the four banks' internet banking and cash places besides its page", async () => {
    const tab = await openPaymentTab(ids.safetyPay, language, w.order);
    expectDeadlineAndAmount(tab, language);
    expectFourBanks(within(tab).getByRole('region', { name: w.howToPay }), '1002345678');
    expect(within(tab).getByRole('link', { name: /SafetyPay/ })).toBeTruthy();
  });
});

describe.each(['es', 'en'] as const)('the confirmation’s spec rows (%s)', (language) => {
  const texts = {
    es: { retry: /Has reservado esta ruta 3 veces\. Un nuevo intento de reserva idéntico será rechazado/, agent: 'Ha ocurrido un inconveniente con su pago. Comuníquese con una agente de Vuelos Perú.' },
    en: { retry: /You have booked this route 3 times\. A further identical booking attempt will be refused/, agent: 'There was a problem with your payment. Contact an agent of Vuelos Perú.' },
  }[language];

  it('warns on the third booking of the same route that a further attempt will be refused (spec 3 §4)', async () => {
    renderApp(`/vuelos/book/confirmation/${ids.thirdAttempt}?lang=${language}`);
    expect(await screen.findByText(texts.retry, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a denied card order to an agent of the channel, and shows no retry warning on a first booking', async () => {
    renderApp(`/vuelos/book/confirmation/${ids.deniedCard}?lang=${language}`);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(texts.agent);
    expect(screen.queryByText(texts.retry)).toBeNull();
  });
});
