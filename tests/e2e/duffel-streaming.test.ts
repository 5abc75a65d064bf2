/**
 * The sandbox and Duffel both enabled, in Chromium (issue 17): the app runs with DUFFEL_ACCESS_TOKEN and
 * DUFFEL_API_URL pointing at a fake Duffel (a local HTTP server answering the recorded Duffel JSON of
 * tests/server/duffel-recorded, its offers made cheaper so they lead the list) whose search answers 3 s late.
 * One search shows the sandbox's offers while Duffel's search is still unanswered, then Duffel's offers join
 * the list with their badge (an agency terminal's results show provider badges); a Duffel offer books through
 * the normal checkout, ordered from Duffel.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import offerRequest from '../server/duffel-recorded/offer-request.json' with { type: 'json' };
import roundTripOffer from '../server/duffel-recorded/offer-round-trip.json' with { type: 'json' };
import roundTripOffers from '../server/duffel-recorded/offers-round-trip.json' with { type: 'json' };
import paidOrder from '../server/duffel-recorded/order-hold-paid.json' with { type: 'json' };
import seatMaps from '../server/duffel-recorded/seat-maps.json' with { type: 'json' };
import { acceptTerms, agencyToken, buyInsurance, checkoutFromCard, fillAgencyForm, fillTraveller, newPage, resultCards, sessionOf, unique, useServerAndBrowser } from './support/journey.ts';

/**
 * How late the fake Duffel answers a search: long enough that a cold page on a loaded 2-core machine shows
 * the sandbox's offers first (at 3 s it once did not, beside other browser tests).
 */
const DUFFEL_DELAY_MS = 6_000;
const CHEAPER_BY = 800;

/** The recorded JSON with every fare and order total of 800 and more made CHEAPER_BY lower (bags and penalties stay). */
function cheaper<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, field: unknown) =>
    (key === 'total_amount' || key === 'base_amount') && typeof field === 'string' && Number(field) >= CHEAPER_BY ? (Number(field) - CHEAPER_BY).toFixed(2) : field,
  ) as T;
}

interface FakeDuffel {
  url: string;
  /** Calls received, by method and path. */
  calls: string[];
  /** Search answers sent so far (the offer request's). */
  searchesAnswered: number;
  close(): Promise<void>;
}

async function startFakeDuffel(): Promise<FakeDuffel> {
  const fake = { calls: [] as string[], searchesAnswered: 0 };
  const routes: Array<[RegExp, (request: IncomingMessage) => Promise<[number, unknown]>]> = [
    [
      /^POST \/air\/offer_requests$/,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, DUFFEL_DELAY_MS));
        fake.searchesAnswered += 1;
        return [201, offerRequest];
      },
    ],
    [/^GET \/air\/offers$/, async () => [200, cheaper(roundTripOffers)]],
    [/^GET \/air\/offers\/off_\w+$/, async () => [200, cheaper(roundTripOffer)]],
    [/^GET \/air\/seat_maps$/, async () => [200, seatMaps]],
    [/^POST \/air\/orders$/, async () => [201, cheaper(paidOrder)]],
  ];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/\/$/, '');
    const call = `${request.method} ${path}`;
    fake.calls.push(call);
    request.resume();
    const route = routes.find(([pattern]) => pattern.test(call));
    const answer = route ? route[1](request) : Promise.resolve([404, { errors: [{ type: 'invalid_request_error', code: 'not_found', title: 'Not found', message: call }] }] as [number, unknown]);
    void answer.then(([status, body]) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let duffel: FakeDuffel;
beforeAll(async () => {
  duffel = await startFakeDuffel();
});
afterAll(async () => {
  await duffel?.close();
});
const world = useServerAndBrowser({ env: () => ({ DUFFEL_ACCESS_TOKEN: 'duffel_test_vuelos-e2e', DUFFEL_API_URL: duffel.url }) });

/** The agency terminal's results show each offer's provider badge (GDS/NDC · provider). */
const DUFFEL_BADGE = 'NDC · Duffel';

describe('the sandbox and a slow Duffel in one search (agency terminal, es)', () => {
  const language = 'es';
  const badges = async (page: Page) => resultCards(page, language).locator('.provider-badge').allTextContents();

  it('shows the sandbox’s offers before Duffel answers, adds Duffel’s with their badge, and books a Duffel offer through the checkout', async () => {
    const token = await agencyToken();
    const page = await newPage(language);
    const started = Date.now();
    await page.goto(`${world.server.baseUrl}/vuelos/b/LHR/JFK/2026-12-10/2026-12-17/1/0/0?terminalId=2113855&token=${token}&lang=${language}`);

    // The sandbox's offers show while Duffel's search is still unanswered, under 'Buscando más vuelos…'.
    await resultCards(page, language).first().waitFor();
    const firstOffersAfterMs = Date.now() - started;
    expect(duffel.calls).toContain('POST /air/offer_requests');
    expect(duffel.searchesAnswered).toBe(0);
    await page.getByText('Buscando más vuelos…').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Buscando vuelos' }).count()).toBe(1);
    const sandboxBadges = await badges(page);
    expect(sandboxBadges.length).toBeGreaterThan(0);
    expect(sandboxBadges).not.toContain(DUFFEL_BADGE);
    expect(firstOffersAfterMs).toBeLessThan(DUFFEL_DELAY_MS);

    // Duffel answers: its offers (cheaper here) join the same list with their badge, beside the sandbox's.
    const duffelCard = resultCards(page, language).filter({ hasText: DUFFEL_BADGE }).first();
    await duffelCard.waitFor({ timeout: 15_000 });
    expect(duffel.searchesAnswered).toBe(1);
    await page.getByText('Buscando más vuelos…').waitFor({ state: 'detached' });
    expect(await page.getByRole('progressbar', { name: 'Buscando vuelos' }).count()).toBe(0);
    const shown = await badges(page);
    expect(shown.filter((badge) => badge === DUFFEL_BADGE).length).toBeGreaterThan(0);
    expect(shown.filter((badge) => badge !== DUFFEL_BADGE).length).toBeGreaterThan(0);

    // A Duffel offer books through the normal (agency) checkout, ordered from Duffel with its booking reference.
    const sessionID = await checkoutFromCard(page, language, duffelCard, true);
    await fillTraveller(page, language, { region: 'Adulto 1', first: 'Elena', last: unique('Duffel'), female: true, birth: ['1975', '8', '8'], number: 'PA3456789', document: 'PP' });
    await buyInsurance(page);
    await fillAgencyForm(page);
    await acceptTerms(page, language);
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`), { timeout: 30_000 });
    expect(duffel.calls).toContain('POST /air/orders');
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toBe(paidOrder.data.booking_reference);
    await page.context().close();
  });
});
