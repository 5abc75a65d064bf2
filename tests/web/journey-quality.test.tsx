/**
 * Journey quality on the results page (issue 21), on the real router against MSW: a traveller sees the
 * flags of each flight in English and Spanish, filters out long layovers and sees the cards change, and a
 * shared address brings the same filters back.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { packSearchResponse, searchResponseSchema } from '../../src/contract/search.ts';
import { journeyOffers } from '../../src/web/features/results/card/journey-offers.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';
import { findListedCards } from './results-cards.ts';

const slow = { timeout: 8000 };
/** The first results of a file load the results route's code on a busy machine. */
const firstLoad = { timeout: 20_000 };
const testTimeout = 45_000;
const limaBoston = (query: string) => `/vuelos/LIM/BOS/2026-12-10/1/0/0?${query}`;

function answerWithJourneys() {
  server.use(http.post('/api/flights/search', () => HttpResponse.json(packSearchResponse(searchResponseSchema.parse({ status: 200, data: journeyOffers, flexible: null })))));
}

const findCards = (wait = slow) => findListedCards(wait);

/** Each card's airline (its first flight's) and the flags it shows. */
async function flagsByAirline() {
  const cards = await findCards();
  return Object.fromEntries(
    cards.map((card) => [
      card.querySelector('.flight-row__airline')?.lastElementChild?.textContent ?? '',
      [...card.querySelectorAll('.journey-flag')].map((flag) => flag.textContent?.replace('⚠ ', '')),
    ]),
  );
}

const dayShifts = async () => (await findCards()).map((card) => card.querySelector('.day-shift')?.textContent ?? '');

async function choose(user: UserEvent, trigger: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: trigger }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('journey quality on the results page', () => {
  it('flags each flight in English, filters out layovers over 6 h and keeps the choice in the URL', async () => {
    answerWithJourneys();
    const { user, router } = renderApp(limaBoston('lang=en'));
    expect(await findCards(firstLoad)).toHaveLength(4);
    expect(await flagsByAirline()).toEqual({
      'Avianca': ['Overnight layover', 'Layover over 6 h'],
      'United Airlines': ['Change of airport: EWR → JFK', 'Separate tickets (self-transfer)'],
      'American Airlines': [],
      'Copa Airlines': [],
    });
    // Best first (the cheapest with its night in Bogotá still leads on price), and how best orders.
    expect(await dayShifts()).toEqual(['+1 day', '', '+1 day', '']);
    expect(screen.getByText('Sorted by a mix of price, total duration and number of stops.')).toBeTruthy();

    await choose(user, /Maximum layover$/, 'Up to 6 h');
    expect(await screen.findByText('Showing 3 of 3 flights', {}, slow)).toBeTruthy();
    await waitFor(async () => expect(Object.keys(await flagsByAirline())).not.toContain('Avianca'));
    expect(screen.queryByText('Layover over 6 h')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ maxLayover: '360' }));

    // Untick New York JFK: the change of airport goes too.
    await user.click(screen.getByRole('checkbox', { name: /JFK/ }));
    expect(await screen.findByText('Showing 2 of 2 flights', {}, slow)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ maxLayover: '360', avoid: 'JFK' }));

    await choose(user, /Sort by$/, 'Cheapest');
    await waitFor(() => expect(screen.queryByText('Sorted by a mix of price, total duration and number of stops.')).toBeNull());
  }, testTimeout);

  it('flags each flight in Spanish, with the next-day arrival, and filters by journey time', async () => {
    answerWithJourneys();
    const { user } = renderApp(limaBoston('lang=es'));
    await findCards(firstLoad);
    expect(await flagsByAirline()).toEqual({
      'Avianca': ['Escala nocturna', 'Escala de más de 6 h'],
      'United Airlines': ['Cambio de aeropuerto: EWR → JFK', 'Boletos separados (conexión por tu cuenta)'],
      'American Airlines': [],
      'Copa Airlines': [],
    });
    expect((await dayShifts()).filter(Boolean)).toEqual(['+1 día', '+1 día']);
    expect(screen.getByText('Ordenado por una combinación de precio, duración total y número de escalas.')).toBeTruthy();

    await choose(user, /Duración máxima del viaje$/, 'Hasta 12 h');
    await waitFor(async () => expect(Object.keys(await flagsByAirline()).sort()).toEqual(['American Airlines', 'Copa Airlines']));
  }, testTimeout);

  it('restores the journey filters of a shared URL', async () => {
    answerWithJourneys();
    renderApp(limaBoston('lang=en&maxLayover=360&avoid=JFK'));
    await findCards(firstLoad);
    expect(await screen.findByText('Showing 2 of 2 flights', {}, slow)).toBeTruthy();
    expect(Object.keys(await flagsByAirline()).sort()).toEqual(['American Airlines', 'Copa Airlines']);
    expect(screen.getByRole('button', { name: /Maximum layover$/ }).textContent).toContain('Up to 6 h');
    expect((screen.getByRole('checkbox', { name: /JFK/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /BOG/ }) as HTMLInputElement).checked).toBe(true);
  }, testTimeout);

  it.each([
    ['es', 'Aeropuertos de conexión', 'Bogotá, Aeropuerto Internacional El Dorado, Colombia'],
    ['en', 'Connecting airports', 'Bogotá, El Dorado International Airport, Colombia'],
  ])('describes each connecting airport of the filters in the page’s language, %s (issue 37)', async (language, label, bogota) => {
    answerWithJourneys();
    renderApp(limaBoston(`lang=${language}`));
    await findCards(firstLoad);
    const connections = screen.getByRole('group', { name: label });
    const code = [...connections.querySelectorAll('abbr')].find((abbr) => abbr.textContent === 'BOG')!;
    // The supplier's words are English; the hover text waits for the airport's name in the page's language.
    await waitFor(() => expect(code.getAttribute('title')).toBe(bogota), slow);
  }, testTimeout);
});
