/**
 * Issue 37: every order booked to pay later has a payment tab with its deadline, the time left, the amount and the
 * places to pay it: PagoEfectivo's CIP, SafetyPay's banks and agents, the bank transfer's accounts, and the agent
 * a booking without payment is paid through. One booking per method, in both languages and both widths.
 */
import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

interface PayLaterCase {
  method: string;
  language: Language;
  width: number;
  /** Words of the tab that say where to pay. */
  places: RegExp;
}

const TAB = {
  es: { tab: 'Información de pago', before: 'Pagar antes de', left: 'Tiempo para pagar' },
  en: { tab: 'Payment information', before: 'Pay before', left: 'Time left to pay' },
} as const;

const cases: PayLaterCase[] = [
  { method: 'PagoEfectivo', language: 'es', width: 375, places: /Código CIP[\s\S]*Paga este código CIP en un banco/ },
  { method: 'SafetyPay (online banking / cash)', language: 'en', width: 1280, places: /Where to pay with SafetyPay[\s\S]*Online banking: BCP, BBVA, Interbank or Scotiabank[\s\S]*In cash/ },
  { method: 'Transferencia bancaria', language: 'es', width: 1280, places: /Cuentas en dólares/ },
  { method: 'Book without payment', language: 'en', width: 375, places: /contact an agent of Vuelos Perú/ },
];

describe('the payment tab of every pay-later method', () => {
  it.each(cases.map((entry, index) => [entry.method, entry.language, entry.width, entry, index] as const))('%s (%s, %i px): deadline, time left, amount and where to pay', async (_, language, width, entry, index) => {
    const page = await newPage(language, { width, height: 900 });
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-${String(20 + index)}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Despues'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe', 'none');
    await page.getByRole('radio', { name: entry.method, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: new RegExp(`^(${LABELS[language].buy}|Reservar|Book)$`) }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    const total = booking?.statusCode === 1 ? booking.paymentDetails?.totalAmount : null;
    expect(total).toBeGreaterThan(0);

    const T = TAB[language];
    await page.getByRole('tab', { name: T.tab }).waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByText(T.left).waitFor();
    // The places arrive with their panel (PagoEfectivo prepares its CIP first).
    await expect.poll(async () => (await panel.textContent()) ?? '', { timeout: 15_000 }).toMatch(entry.places);
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain(T.before);
    // A live countdown of hours and minutes: the order is hours from its deadline.
    expect(text).toMatch(new RegExp(`${T.left}\\s*\\d+ h \\d+ min`));
    expect(text).toContain(total!.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    await page.context().close();
  }, 90_000);
});
