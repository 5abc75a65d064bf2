import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAGOEFECTIVO_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { PAGOEFECTIVO_CIP_PATH } from '../../src/contract/pagoefectivo.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const cip = { cip: '25123456', cipUrl: '/sandbox/pagoefectivo/25123456?token=cip-page-token', amount: 786.01, currency: 'USD', expiresAt: '2026-11-22T20:14:00.000Z' };

async function openConfirmation(id: string, lang: 'es' | 'en') {
  renderApp(`/vuelos/book/confirmation/${id}?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
}

describe('PagoEfectivo (102) on the booking confirmation', () => {
  it('asks the server for the order’s CIP and shows its code, amount, expiry and PagoEfectivo’s page (es), instead of the order-number instructions', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(`/api${PAGOEFECTIVO_CIP_PATH}`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ status: 200, data: cip });
      }),
    );
    await openConfirmation(ids.pagoEfectivo, 'es');
    const section = await screen.findByRole('region', { name: 'Paga con PagoEfectivo' }, { timeout: 5000 });
    const code = await within(section).findByText('25123456', {}, { timeout: 5000 });
    expect(code.tagName).toBe('DD');
    expect(section.textContent).toContain('US$ 786.01');
    expect(section.textContent).toContain('(hora de Lima)');
    expect(within(section).getByRole('link', { name: 'Abrir tu CIP en PagoEfectivo' }).getAttribute('href')).toBe('/sandbox/pagoefectivo/25123456?token=cip-page-token&lang=es');
    // The CIP is paid at the four banks and Yape (issue 37): their instructions name the CIP, not the order number.
    const banks = within(section).getByRole('region', { name: 'Cómo pagar' });
    expect(banks.textContent).toContain('25123456');
    expect(banks.textContent).not.toContain('1002345678');
    expect(asked).toEqual([{ orderNumber: '1002345678', token: PAGOEFECTIVO_PAGE_TOKEN, language: 'es' }]);
  });

  it('offers a retry when the CIP could not be made (en)', async () => {
    let calls = 0;
    server.use(
      http.post(`/api${PAGOEFECTIVO_CIP_PATH}`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down', errors: [] }, { status: 502 }) : HttpResponse.json({ status: 200, data: cip });
      }),
    );
    await openConfirmation(ids.pagoEfectivo, 'en');
    const section = await screen.findByRole('region', { name: 'Pay with PagoEfectivo' }, { timeout: 5000 });
    const alert = await within(section).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Your CIP code could not be prepared.');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect((await within(section).findByRole('link', { name: 'Open your CIP at PagoEfectivo' }, { timeout: 5000 })).getAttribute('href')).toBe('/sandbox/pagoefectivo/25123456?token=cip-page-token&lang=en');
  });
});

describe('SafetyPay (105) on the booking confirmation', () => {
  it('leads to the waiting page that posts the order to SafetyPay’s page (en)', async () => {
    await openConfirmation(ids.safetyPay, 'en');
    const link = await screen.findByRole('link', { name: "Pay on SafetyPay (online banking / cash)'s page" }, { timeout: 5000 });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^/vuelos/payment/process/${ids.safetyPay}(\\?|$)`));
    // Besides its page, SafetyPay is paid through the four banks' online banking or in cash (issue 37).
    const banks = screen.getByRole('region', { name: 'How to pay' });
    for (const bank of ['BCP', 'BBVA', 'Interbank', 'Scotiabank']) expect(banks.textContent).toContain(bank);
  });
});
