import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { NIUBIZ_SANDBOX_TOKENIZE_PATH, NIUBIZ_TEST_CARDS } from '../../src/contract/niubiz.ts';
import { resetCardCheckoutMock, useHostedCardCheckout } from '../../src/web/mocks/card-checkout-handlers.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

beforeEach(resetCardCheckoutMock);

const TEXTS = {
  es: {
    heading: 'Confirmación de reserva',
    pay: 'Realizar pago',
    form: 'Pago con tarjeta',
    name: 'Nombre',
    lastName: 'Apellido',
    card: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvv: 'Código de seguridad (CVV)',
    installments: 'Cuotas',
    success: 'Tu pago fue procesado con éxito',
    rejected: 'Su orden de pago no pudo ser procesada',
    mismatch: 'Número de tarjeta no coincide con la ingresada anteriormente !',
    connection: 'No se pudo establecer conexión con Niubiz',
    confirm: 'Confirmar pago',
  },
  en: {
    heading: 'Booking confirmation',
    pay: 'Make payment',
    form: 'Card payment',
    name: 'First name',
    lastName: 'Last name',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'Security code (CVV)',
    installments: 'Installments',
    success: 'Your payment was successful',
    rejected: 'Your payment order could not be processed',
    mismatch: 'The card number does not match the one entered earlier!',
    connection: 'Could not connect to Niubiz',
    confirm: 'Confirm payment',
  },
} as const;

async function openCardForm(lang: 'es' | 'en') {
  const app = renderApp(`/vuelos/book/confirmation/${ids.cardCheckout}?lang=${lang}`);
  await findPageHeading(TEXTS[lang].heading);
  await app.user.click(await screen.findByRole('button', { name: TEXTS[lang].pay }, { timeout: 5000 }));
  const form = await screen.findByRole('form', { name: TEXTS[lang].form });
  return { ...app, form };
}

async function fillCard(user: UserEvent, form: HTMLElement, lang: 'es' | 'en', cardNumber: string) {
  const texts = TEXTS[lang];
  await user.type(within(form).getByRole('textbox', { name: texts.name }), 'Lucía');
  await user.type(within(form).getByRole('textbox', { name: texts.lastName }), 'Quispe');
  await user.type(within(form).getByRole('textbox', { name: texts.card }), cardNumber);
  await user.type(within(form).getByRole('textbox', { name: texts.expiry }), '1230');
  await user.type(within(form).getByRole('textbox', { name: texts.cvv }), '123');
}

const payButton = (form: HTMLElement) => within(form).getByRole('button', { name: /^(Pagar|Pay) US\$/ });

describe('the card checkout of a pending card order (Realizar pago)', () => {
  it.each(['es', 'en'] as const)('in %s, pays with the approving card and shows the success page with brand and last four from the server', async (lang) => {
    const { user, form, router } = await openCardForm(lang);
    await fillCard(user, form, lang, NIUBIZ_TEST_CARDS.approve);
    // A credit card offers installments, 'Sin cuotas' first.
    expect(within(form).getByRole('button', { name: new RegExp(TEXTS[lang].installments) }).textContent).toContain(lang === 'es' ? 'Sin cuotas' : 'No installments');
    expect(within(form).getByRole('textbox', { name: TEXTS[lang].expiry })).toHaveProperty('value', '12/30');
    await user.click(payButton(form));
    expect(await findPageHeading(TEXTS[lang].success)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/niubiz/confirmation/success/${ids.cardCheckout}`);
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(screen.getByText(lang === 'es' ? 'Terminada en 1111' : 'Ending in 1111')).toBeTruthy();
  });

  it.each([
    ['es', 'Demasiados intentos. Vuelve a intentarlo en 42 segundos.'],
    ['en', 'Too many attempts. Please try again in 42 seconds.'],
  ] as const)('in %s, says at a 429 on the card that there were too many attempts and when to try again, not that the card is wrong (issue 36)', async (lang, words) => {
    server.use(
      http.post(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, () =>
        HttpResponse.json({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests: try again in 42 s.', errors: [], retryAfterSeconds: 42 }, { status: 429, headers: { 'Retry-After': '42' } }),
      ),
    );
    const { user, form } = await openCardForm(lang);
    await fillCard(user, form, lang, NIUBIZ_TEST_CARDS.approve);
    await user.click(payButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(words);
  });

  it('offers no installments for a debit card', async () => {
    const { user, form } = await openCardForm('es');
    await user.type(within(form).getByRole('textbox', { name: 'Número de tarjeta' }), NIUBIZ_TEST_CARDS.approveDebit);
    expect(within(form).queryByRole('button', { name: /Cuotas/ })).toBeNull();
  });

  it.each(['es', 'en'] as const)('in %s, stops a card that ends unlike the one typed at checkout', async (lang) => {
    const { user, form } = await openCardForm(lang);
    await fillCard(user, form, lang, '5555555555554444');
    await user.click(payButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(TEXTS[lang].mismatch);
  });

  it('shows the declined page with Niubiz’s description; its retry opens a second checkout that pays', async () => {
    const { user, form, router } = await openCardForm('es');
    await fillCard(user, form, 'es', NIUBIZ_TEST_CARDS.decline);
    await user.click(payButton(form));
    expect(await findPageHeading(TEXTS.es.rejected)).toBeTruthy();
    // Our words for the acquirer's code, not its description.
    expect(screen.getByText('Operación denegada. Comunícate con el banco que emitió tu tarjeta.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/niubiz/confirmation/rejected/${ids.cardCheckout}`);
    // 'Volver a intentar ahora!' goes back to the booking, where a second card checkout opens by itself.
    await user.click(screen.getByRole('button', { name: 'Volver a intentar ahora!' }));
    const again = await screen.findByRole('form', { name: TEXTS.es.form }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe(`/book/confirmation/${ids.cardCheckout}`);
    await fillCard(user, again, 'es', NIUBIZ_TEST_CARDS.approve);
    await user.click(payButton(again));
    expect(await findPageHeading(TEXTS.es.success)).toBeTruthy();
  });

  it('asks to confirm the challenge card with the bank, then pays', async () => {
    const { user, form } = await openCardForm('en');
    await fillCard(user, form, 'en', NIUBIZ_TEST_CARDS.challenge);
    await user.click(payButton(form));
    await user.click(await screen.findByRole('button', { name: TEXTS.en.confirm }));
    expect(await findPageHeading(TEXTS.en.success)).toBeTruthy();
  });

  it('says status 3 in the page’s words when Niubiz cannot be reached', async () => {
    const { user, form } = await openCardForm('es');
    await fillCard(user, form, 'es', NIUBIZ_TEST_CARDS.unreachable);
    await user.click(payButton(form));
    expect(await screen.findByText(TEXTS.es.connection)).toBeTruthy();
  });
});

describe('the card checkout where Niubiz’s real API is configured', () => {
  const configured: Array<Record<string, unknown>> = [];
  beforeEach(() => {
    useHostedCardCheckout();
    configured.length = 0;
    // Niubiz's checkout.js as the page sees it: configure, then open; the payer pays in it and `complete` gives the token.
    window.VisanetCheckout = {
      configure: (options) => configured.push(options),
      open: () => (configured.at(-1)!.complete as (params: { transactionToken: string }) => void)({ transactionToken: 'tok:approve' }),
    };
  });
  afterEach(() => {
    delete window.VisanetCheckout;
  });

  it.each(['es', 'en'] as const)('in %s, asks only for the payer, opens Niubiz’s form with the session, and pays with its token', async (lang) => {
    const { user, form } = await openCardForm(lang);
    expect(within(form).queryByRole('textbox', { name: TEXTS[lang].card })).toBeNull();
    expect(within(form).queryByRole('textbox', { name: TEXTS[lang].cvv })).toBeNull();
    expect(within(form).getByText(lang === 'es' ? 'Ingresarás tu tarjeta en el formulario seguro de Niubiz.' : "You will type your card in Niubiz's secure payment form.")).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: TEXTS[lang].name }), 'Lucía');
    await user.type(within(form).getByRole('textbox', { name: TEXTS[lang].lastName }), 'Quispe');
    await user.click(payButton(form));
    expect(await findPageHeading(TEXTS[lang].success)).toBeTruthy();
    expect(configured).toHaveLength(1);
    expect(configured[0]).toMatchObject({ channel: 'web', merchantid: '456879852', purchasenumber: expect.stringMatching(/001$/), expirationminutes: '20', cardholdername: 'Lucía', cardholderlastname: 'Quispe' });
    expect(configured[0]!.sessiontoken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('comes back to the form when the payer closes Niubiz’s form', async () => {
    window.VisanetCheckout!.open = () => (configured.at(-1)!.cancel as () => void)();
    const { user, form } = await openCardForm('es');
    await user.type(within(form).getByRole('textbox', { name: TEXTS.es.name }), 'Lucía');
    await user.type(within(form).getByRole('textbox', { name: TEXTS.es.lastName }), 'Quispe');
    await user.click(payButton(form));
    expect((await within(form).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Se cerró el formulario de pago con tarjeta antes de pagar. Puedes abrirlo de nuevo.');
  });
});
