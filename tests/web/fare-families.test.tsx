import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fareFamiliesResponseSchema } from '../../src/contract/fares.ts';
import { latamFamilyFares } from '../../src/contract/fixtures/search.ts';
import { RecommendationCard } from '../../src/web/features/results/card/RecommendationCard.tsx';
import { latamRoundTripOffer } from '../../src/web/features/results/card/demo-offers.ts';
import { demoEngine, recordSessionSaves, renderOnResultsPage, roundTripSearch, sessionID } from './card-harness.tsx';
import { server } from './setup.ts';
import type { BagChoice } from '../../machines/bag-prices.ts';

function renderLatamCard(options: { business?: boolean; language?: 'es' | 'en'; bags?: BagChoice } = {}) {
  const engine = demoEngine(options.business ? '2113855' : '9132868');
  const search = roundTripSearch({ business: options.business ?? false, token: options.business ? 'mock-agency-token' : null });
  return renderOnResultsPage(<RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={engine} search={search} bags={options.bags} />, {
    language: options.language ?? 'en',
  });
}

async function openFares(user: ReturnType<typeof renderLatamCard>['user']) {
  await user.click(await screen.findByRole('button', { name: 'See fares' }));
  return await screen.findByRole('dialog', { name: 'Available fares' });
}

/** Holds the family fares answer until released, so the loading state can be seen. */
function holdFamilyFares() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.post('/api/flights/family_fares', async () => {
      await released;
      return HttpResponse.json(fareFamiliesResponseSchema.parse({ status: 200, data: latamFamilyFares }));
    }),
  );
  return { release };
}

describe('fare families modal', () => {
  it('loads the families and saves the chosen one with the selection before checkout', async () => {
    const saves = recordSessionSaves();
    const answer = holdFamilyFares();
    const { user, router } = renderLatamCard();
    const dialog = await openFares(user);
    expect(within(dialog).getByRole('progressbar', { name: 'Loading fare families' })).toBeTruthy();
    answer.release();
    const fares = await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    // The offer's own brand (SE, Standard) starts chosen.
    expect((within(fares).getByRole('radio', { name: 'Standard, US$ 473' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Chosen').closest('th')!.textContent).toContain('Standard');

    await user.click(within(fares).getByRole('radio', { name: 'Full, US$ 551' }));
    expect(within(dialog).getByText('Chosen').closest('th')!.textContent).toContain('Full');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/checkout/${sessionID}`));
    const fullFare = latamFamilyFares.fares.find((fare) => fare.code === 'SF')!;
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body.selectedFare?.code).toBe('SF');
    expect(saves[0]!.body.recommendation?.pricing.total).toBe(fullFare.pricing.total);
    expect(saves[0]!.body.flights?.map((flight) => flight.id)).toEqual(latamRoundTripOffer.itinerary.map((leg) => leg.flights[0]!.id));
  });

  it('speaks Spanish: Ver tarifas opens the available fares while Cargando familias shows', async () => {
    const answer = holdFamilyFares();
    const { user } = renderLatamCard({ language: 'es' });
    expect(await screen.findByRole('radiogroup', { name: 'Vuelo de ida' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comprar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver tarifas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarifas disponibles' });
    expect(within(dialog).getByRole('progressbar', { name: 'Cargando familias' }).textContent).toContain('Cargando familias');
    answer.release();
    expect(await within(dialog).findByRole('radiogroup', { name: 'Tarifas' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('compares what each fare includes from the fares’ inclusions, with cut-off texts', async () => {
    const { user } = renderLatamCard();
    const dialog = await openFares(user);
    const table = await within(dialog).findByRole('table');
    const carryOn = within(table).getByRole('row', { name: /^Carry-on bag/ });
    // LATAM's Basic (QP) is one of spec 1 §5's exceptions: no cabin bag; every other family carries one.
    expect(within(carryOn).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '$Extra cost For a fee',
      '✓Included 1 piece 10 Kg',
      '✓Included 1 piece 10 Kg',
      '✓Included 1 piece 10 Kg',
    ]);
    const checked = within(table).getByRole('row', { name: /^Checked bag/ });
    expect(within(checked).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '$Extra cost For a fee',
      '$Extra cost For a fee',
      '✓Included 1 piece 23 Kg',
      '✓Included 2 pieces 23 Kg',
    ]);
    const changes = within(table).getByRole('row', { name: /^Changes/ });
    const cutOff = within(changes).getByRole('img', { name: 'Free changes (fare difference)' });
    expect(cutOff.textContent).toBe('Free changes (fare differen…');
    expect(cutOff.textContent).toHaveLength(28);
  });

  it('words the comparison in Spanish on a Spanish page, whatever language the supplier wrote it in', async () => {
    const { user } = renderLatamCard({ language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Ver tarifas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarifas disponibles' });
    const table = await within(dialog).findByRole('table');
    const carryOn = within(table).getByRole('row', { name: /^Equipaje de mano/ });
    expect(within(carryOn).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '$Con costo adicional Con cargo',
      '✓Incluido 1 pieza 10 Kg',
      '✓Incluido 1 pieza 10 Kg',
      '✓Incluido 1 pieza 10 Kg',
    ]);
    expect(within(table).getByRole('row', { name: /^Equipaje en bodega/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /^Cambios/ })).toBeTruthy();
    expect(within(table).queryByText(/Carry-on|Checked bag|for a fee|Refund/)).toBeNull();
  });

  it('closes on cancel, and on accept when the fare did not change, without saving', async () => {
    const saves = recordSessionSaves();
    const { user } = renderLatamCard();
    let dialog = await openFares(user);
    await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openFares(user);
    await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves).toHaveLength(0);
  });

  it('apologises when the offer has no fare families', async () => {
    server.use(
      http.post('/api/flights/family_fares', () =>
        HttpResponse.json(fareFamiliesResponseSchema.parse({ status: 200, data: { ...latamFamilyFares, fares: [], matrix: [] } })),
      ),
    );
    const { user } = renderLatamCard();
    const dialog = await openFares(user);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('We are sorry');
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('shows agencies in B2B mode the code and booking classes of each LATAM family', async () => {
    const { user } = renderLatamCard({ business: true });
    const dialog = await openFares(user);
    await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    expect(within(dialog).getByText('Code SE · Class O/O')).toBeTruthy();
  });

  it('marks the cheapest fare that carries the bags chosen on the results, in words and on its column (issue 21)', async () => {
    const { user } = renderLatamCard({ bags: { carryOn: 0, checked: 2 } });
    const dialog = await openFares(user);
    const fares = await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    // Two checked bags for 2 adults and a child, both legs: Full includes them (551.16); Standard buying a second one costs 623.28.
    expect(within(dialog).getByText(/With the bags you chose, Full is the cheapest fare: US\$ 551/)).toBeTruthy();
    const full = within(fares).getByRole('radio', { name: /^Full, / });
    expect(full.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(full.getAttribute('aria-describedby')!)!.textContent).toBe('Cheapest with your bags, already included');
    const marked = dialog.querySelectorAll('th[data-for-bags]');
    expect([...marked].map((column) => column.textContent)).toEqual([expect.stringContaining('Full')]);
    expect(within(fares).getByRole('radio', { name: /^Standard, / }).getAttribute('aria-describedby')).toBeNull();
  });

  it('says in Spanish which fare is cheapest with one carry-on, and marks nothing without bags', async () => {
    const { user } = renderLatamCard({ bags: { carryOn: 1, checked: 0 }, language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Ver tarifas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tarifas disponibles' });
    await within(dialog).findByRole('radiogroup', { name: 'Tarifas' });
    expect(within(dialog).getByText(/Con el equipaje que elegiste, Light es la tarifa más barata: US\$ 441/)).toBeTruthy();
    expect(within(dialog).getByText('La más barata con tu equipaje, ya incluido').closest('th')!.textContent).toContain('Light');
  });

  it('without bags chosen the comparison marks no fare for bags', async () => {
    const { user } = renderLatamCard();
    const dialog = await openFares(user);
    await within(dialog).findByRole('radiogroup', { name: 'Fares' });
    expect(dialog.querySelector('th[data-for-bags]')).toBeNull();
    expect(within(dialog).queryByText(/cheapest fare/)).toBeNull();
  });
});
