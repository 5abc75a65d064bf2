/**
 * Issue 37's proof that what the card prices can be bought: on Lima–Cusco, for an offer of every carrier the
 * sandbox sells there, one adult chooses one checked bag on the results, books it, and reads the same total on
 * the card, the checkout, the confirmation and the booking mail. Paid by bank transfer: a method without a
 * discount of its own, so the card's total is the one to pay.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { searchResponseFromWireSchema } from '../../src/contract/search.ts';
import { bookingOf, checkoutFromCard, declineInsurance, drawnResultsList, fillContactAndTerms, fillTraveller, newPage, unique, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

/** 'Trip option, US$ 128.40' or 'US$ 1,128.40' as 128.4. */
const amountOf = (text: string | null) => Number(/([\d,]+(?:\.\d+)?)\s*$/.exec(text?.trim() ?? '')?.[1]?.replace(/,/g, ''));

/** The amount a page's first visible term of this name (a <dt>) says, as a number. */
async function amountAfter(page: Page, term: string): Promise<number> {
  const value = page.locator('dt:visible', { hasText: new RegExp(`^${term}$`) }).first().locator('xpath=following-sibling::dd[1]');
  return amountOf((await value.count()) > 0 ? await value.textContent() : null);
}

/** The carriers the sandbox sells on a one-way Lima–Cusco, asked of the API the results page calls. */
async function carriersOnLimaCusco(date: string): Promise<string[]> {
  const response = await fetch(`${world.server.baseUrl}/api/flights/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flightType: 'OW', passengers: { adults: 1 }, itinerary: [{ origin: 'LIM', destination: 'CUZ', date }] }),
  });
  const offers = searchResponseFromWireSchema.parse(await response.json()).data;
  return [...new Set(offers.map((offer) => offer.pricing.validatingAirline))].sort();
}

/** The text of the booking mail of a PNR, from the development mailbox (mailed as the booking commits). */
async function bookingMailText(pnr: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const list = await (await fetch(`${world.server.baseUrl}/dev/mailbox`)).text();
      id = new RegExp(`href="/dev/mailbox/([0-9a-f-]{36})">[^<]*${pnr}`).exec(list)?.[1];
      return id;
    }, { timeout: 15_000 })
    .toBeDefined();
  return (await fetch(`${world.server.baseUrl}/dev/mailbox/${id}/text`)).text();
}

describe('one checked bag chosen on the results, on every carrier of Lima–Cusco', () => {
  it('is added at checkout and the card, the checkout, the confirmation and the mail say the same total', async () => {
    const date = '2026-12-11';
    const carriers = await carriersOnLimaCusco(date);
    expect(carriers.length).toBeGreaterThanOrEqual(3);
    const page = await newPage('en', { width: 1280, height: 900 });
    for (const carrier of carriers) {
      await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/${date}/1/0/0?lang=en&sort=cheapest&checked=1&airline=${carrier}`);
      const list = await drawnResultsList(page, 'en');
      // The cheapest fare lacks the bag: its card adds the carrier's price.
      const card = list.getByRole('article').filter({ hasText: 'Includes bags (+US$' }).first();
      const cardTotal = amountOf(await card.getAttribute('aria-label'));
      const bagPrice = amountOf(/\+(US\$ [\d.,]+)\)/.exec((await card.locator('.price-summary__bags').textContent()) ?? '')?.[1] ?? null);
      expect({ carrier, bagPrice: bagPrice > 0 }).toEqual({ carrier, bagPrice: true });
      const sessionID = await checkoutFromCard(page, 'en', card);

      await page.getByRole('heading', { name: 'Extra baggage added' }).waitFor();
      await expect.poll(() => amountAfter(page, 'Extra baggage')).toBe(bagPrice);
      const last = unique('Maleta');
      await fillTraveller(page, 'en', { region: 'Adult 1', first: 'Rosa', last, female: true, birth: ['1985', '4', '12'], number: '40123456' });
      await declineInsurance(page);
      await fillContactAndTerms(page, 'en', 'Rosa', last);
      await page.getByRole('radio', { name: 'Bank transfer', exact: true }).focus();
      await page.keyboard.press('Space');
      // The channel words card totals in whole dollars (its currency mask); the checkout in cents.
      await expect.poll(async () => Math.round(await amountAfter(page, 'Total to pay'))).toBe(cardTotal);
      const checkoutTotal = await amountAfter(page, 'Total to pay');
      await page.getByRole('button', { name: 'Checkout', exact: true }).last().click();
      await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));

      const booking = await bookingOf(sessionID);
      const pnr = booking?.statusCode === 1 ? booking.pnr : null;
      expect({ carrier, total: booking?.statusCode === 1 ? booking.paymentDetails?.totalAmount : null }).toEqual({ carrier, total: checkoutTotal });
      // The unpaid order's tab names it the amount to pay.
      await expect.poll(() => amountAfter(page, 'Amount to pay')).toBe(checkoutTotal);

      const mail = await bookingMailText(pnr!);
      expect(/Extra baggage: US\$ ([\d.,]+)/.exec(mail)?.[1]).toBe(bagPrice.toFixed(2));
      expect(amountOf(/Total: (US\$ [\d.,]+)/.exec(mail)?.[1] ?? null)).toBe(checkoutTotal);
    }
    await page.context().close();
  }, 240_000);
});
