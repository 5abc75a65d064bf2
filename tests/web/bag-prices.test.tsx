/**
 * Bag-inclusive prices on the results page (issue 21), on the real router against MSW: turning on one checked
 * bag per traveller raises a card's total by that fare's bag price × legs × travellers, notes it on the card,
 * leaves a fare that includes the bag as it was, says so where the bag price is unknown, and keeps the choice in
 * the URL; in English and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { packSearchResponse, searchResponseSchema } from '../../src/contract/search.ts';
import { bagOffers, basicBagOffer, classicBagOffer } from '../../src/web/features/results/card/bag-offers.ts';
import { filtersFromQuery, queryFromFilters, sharedFiltersQuerySchema } from '../../src/web/features/results/shared-filters.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const slow = { timeout: 8000 };
/** The first results of a file load the results route's code on a busy machine. */
const firstLoad = { timeout: 20_000 };
const testTimeout = 45_000;
// 2 adults, 1 child, 1 infant: three travellers take bags.
const limaCusco = (query: string) => `/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?${query}`;

function answerWithBagFares() {
  server.use(http.post('/api/flights/search', () => HttpResponse.json(packSearchResponse(searchResponseSchema.parse({ status: 200, data: bagOffers, flexible: null })))));
}

/** Each card's label (it names the total) and its bags note, in list order. */
async function cardTotals(wait = slow) {
  const list = await screen.findByRole('list', { name: /Flights|Vuelos/ }, wait);
  return within(list)
    .getAllByRole('article')
    .map((card) => [card.getAttribute('aria-label'), card.querySelector('.price-summary__bags')?.textContent ?? null]);
}

describe('bag-inclusive prices on the results page', () => {
  it('one checked bag adds the basic fare’s bag price for each traveller and leg, in English', async () => {
    answerWithBagFares();
    const { user, router } = renderApp(limaCusco('lang=en&sort=cheapest'));
    expect(await cardTotals(firstLoad)).toEqual([
      ['Trip option, US$ 250', null],
      ['Trip option, US$ 300', null],
      ['Trip option, US$ 380', null],
    ]);
    // The bags selector loads with the filters' column (issue 15).
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Checked bags' }, slow)).getByRole('radio', { name: '1' }));
    // Basic: 300 + 25 × 2 legs × 3 travellers = 450; classic includes a checked bag; the unpriced one goes last.
    await waitFor(
      async () =>
        expect(await cardTotals()).toEqual([
          ['Trip option, US$ 380', 'Includes bags: this fare already has them'],
          ['Trip option, US$ 450', 'Includes bags (+US$ 150.00)'],
          ['Trip option, US$ 250', 'Bag price unknown for this fare: total without bags'],
        ]),
      slow,
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ checked: '1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Carry-on included' }));
    await waitFor(async () => expect(await cardTotals()).toEqual([['Trip option, US$ 380', 'Includes bags: this fare already has them']]), slow);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ checked: '1', withCarryOn: '1' }));
  }, testTimeout);

  it('a shared address with one checked bag shows the same totals, in Spanish', async () => {
    answerWithBagFares();
    renderApp(limaCusco('lang=es&sort=cheapest&checked=1'));
    await waitFor(
      async () =>
        expect(await cardTotals(firstLoad)).toEqual([
          ['Opción de viaje, US$ 380', 'Incluye equipaje: esta tarifa ya lo trae'],
          ['Opción de viaje, US$ 450', 'Incluye equipaje (+US$ 150.00)'],
          ['Opción de viaje, US$ 250', 'Precio del equipaje desconocido para esta tarifa: total sin equipaje'],
        ]),
      firstLoad,
    );
    const checked = screen.getByRole('radiogroup', { name: 'Maletas facturadas' });
    expect(within(checked).getByRole('radio', { name: '1' })).toHaveProperty('checked', true);
  }, testTimeout);

  it('with a checked bag the price slider and the prices-by-airline matrix read the totals the cards show', async () => {
    server.use(
      http.post('/api/flights/search', () =>
        HttpResponse.json(packSearchResponse(searchResponseSchema.parse({ status: 200, data: [basicBagOffer, classicBagOffer], flexible: null }))),
      ),
    );
    const { user } = renderApp(limaCusco('lang=en&sort=cheapest'));
    await cardTotals(firstLoad);
    const slider = () => screen.getByRole('slider') as HTMLInputElement;
    const cheapestCell = () => screen.getAllByRole('button', { name: /^LATAM Airlines.*: US\$ \d+$/ }).map((cell) => cell.textContent);
    // Fares alone: basic 300 and classic 380.
    expect(slider().max).toBe('381');
    expect(cheapestCell()).toEqual(['US$ 300']);
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Checked bags' }, slow)).getByRole('radio', { name: '1' }));
    // With the bag: basic 450, classic 380 (it includes one).
    await waitFor(() => expect(slider().max).toBe('451'), slow);
    expect(slider().min).toBe('380');
    expect(cheapestCell()).toEqual(['US$ 380']);
  }, testTimeout);

  it('choosing a card saves the bags chosen with the offer, for the checkout to add them (issue 37)', async () => {
    answerWithBagFares();
    const saved: unknown[] = [];
    server.use(
      http.post('/api/sessions/save', async ({ request }) => {
        saved.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp(limaCusco('lang=en&sort=cheapest&checked=1'));
    await waitFor(async () => expect((await cardTotals(firstLoad))[1]).toEqual(['Trip option, US$ 450', 'Includes bags (+US$ 150.00)']), firstLoad);
    const basic = within(await screen.findByRole('list', { name: 'Flights' })).getByRole('article', { name: 'Trip option, US$ 450' });
    await user.click(within(basic).getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(saved.some((body) => (body as { recommendation?: { id?: string } }).recommendation?.id === 'basic')).toBe(true), slow);
    const selection = saved.find((body) => (body as { recommendation?: { id?: string } }).recommendation?.id === 'basic') as { chosenBags?: unknown };
    expect(selection.chosenBags).toEqual({ carryOn: 0, checked: 1 });
  }, testTimeout);

  it('the results URL keeps the bags and the carry-on filter, and drops values out of range', () => {
    const written = queryFromFilters({ carryOnIncluded: true }, 'best', { carryOn: 1, checked: 2 });
    expect(written).toMatchObject({ carryOn: '1', checked: '2', withCarryOn: '1' });
    expect(filtersFromQuery(sharedFiltersQuerySchema.parse(written))).toEqual({ criteria: { carryOnIncluded: true }, bags: { carryOn: 1, checked: 2 } });
    expect(queryFromFilters({}, 'best')).toMatchObject({ carryOn: undefined, checked: undefined, withCarryOn: undefined });
    expect(filtersFromQuery(sharedFiltersQuerySchema.parse({ carryOn: '3', checked: '9', withCarryOn: 'yes' }))).toEqual({ criteria: {} });
  });
});
