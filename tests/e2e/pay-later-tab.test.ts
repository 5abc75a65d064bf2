import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIMEZONE } from '../../src/contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../src/contract/money.ts';
import { formatInstant } from '../../src/web/lib/dates.ts';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const WORDS = {
  es: { payBefore: 'Pagar antes de', lima: '(hora de Lima)', amount: 'Monto a pagar', howToPay: 'Cómo pagar' },
  en: { payBefore: 'Pay before', lima: '(Lima time)', amount: 'Amount to pay', howToPay: 'How to pay' },
} as const;

/** The value of a row of the payment tab (its first: PagoEfectivo's CIP repeats the amount below). */
const rowOf = async (tab: ReturnType<Page['getByRole']>, term: string) => (await tab.locator('dt', { hasText: term }).first().locator('+ dd').textContent()) ?? '';

/**
 * Issue 37: every pay-later order booked on the real server gets a payment tab with its deadline in Lima
 * (the server's time limit), the time left, the amount the server charged and its places to pay.
 */
describe('the payment tab of each pay-later method, booked once each', () => {
  const cases: Array<{ method: string; code: number; language: Language; path: string; tab: string; places: (tab: ReturnType<Page['getByRole']>, orderNumber: string) => Promise<void>; document?: 'PP'; buy?: string }> = [
    {
      method: 'PagoEfectivo',
      code: 102,
      language: 'es',
      path: '/vuelos/LIM/CUZ/2027-02-03/2027-02-10/1/0/0?lang=es',
      tab: 'Orden de pago',
      places: async (tab) => {
        const banks = tab.getByRole('region', { name: 'Paga con PagoEfectivo' }).getByRole('region', { name: WORDS.es.howToPay });
        await banks.waitFor();
        for (const bank of ['BCP', 'BBVA', 'Interbank', 'Scotiabank']) expect(await banks.getByRole('heading', { name: bank, exact: true }).count()).toBe(1);
        expect(await tab.getByRole('button', { name: '¿Cómo funciona?' }).count()).toBe(1);
      },
    },
    {
      method: 'SafetyPay (banca por internet / efectivo)',
      code: 105,
      language: 'es',
      path: '/vuelos/LIM/CUZ/2027-02-05/2027-02-12/1/0/0?lang=es',
      tab: 'Orden de pago',
      places: async (tab, orderNumber) => {
        const banks = tab.getByRole('region', { name: WORDS.es.howToPay });
        for (const bank of ['BCP', 'BBVA', 'Interbank', 'Scotiabank']) expect(await banks.getByRole('heading', { name: bank, exact: true }).count()).toBe(1);
        expect(await banks.textContent()).toContain(orderNumber);
        expect(await tab.getByRole('link', { name: /SafetyPay/ }).count()).toBe(1);
      },
    },
    {
      method: 'Book without payment',
      code: 103,
      language: 'en',
      path: '/vuelos/MIA/LIM/2027-02-07/1/0/0?terminalId=9132869&lang=en',
      tab: 'Booking without payment',
      document: 'PP',
      buy: 'Book',
      places: async (tab) => {
        expect(await tab.getByRole('region', { name: 'How to pay later' }).count()).toBe(1);
      },
    },
  ];

  it.each(cases)('$method ($code): deadline, time left, amount and places', async ({ method, code, language, path, tab: tabName, places, document, buy }) => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, path);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Later'), female: true, birth: ['1985', '4', '12'], number: document ? 'PA1239876' : '40123456', ...(document ? { document } : {}) }, 'Huaman');
    await page.getByRole('radio', { name: method, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: buy ?? LABELS[language].buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    if (booking?.statusCode !== 1 || !booking.paymentDetails || !booking.ticketingTimeLimit) throw new Error(`The ${method} booking failed`);
    expect(booking.paymentDetails).toMatchObject({ providerCode: code, status: 2 });

    const W = WORDS[language];
    const tab = page.getByRole('region', { name: tabName, exact: true });
    await tab.waitFor();
    expect(await rowOf(tab, W.payBefore)).toBe(`${formatInstant(booking.ticketingTimeLimit, language, BUSINESS_TIMEZONE)} ${W.lima}`);
    expect(await tab.getByRole('timer').textContent()).toMatch(/^\d+ h \d+ min$/);
    expect(await rowOf(tab, W.amount)).toBe(formatMoney(booking.paymentDetails.totalAmount, US_DOLLARS, 'detail'));
    await places(tab, booking.paymentDetails.orderNumber);
    await page.context().close();
  });
});
