import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RecommendationCard } from '../../src/web/features/results/card/RecommendationCard.tsx';
import { connectionWithTrainOffer, latamRoundTripOffer, twoOutboundChoicesOffer } from '../../src/web/features/results/card/demo-offers.ts';
import { demoEngine, recordSessionSaves, renderOnResultsPage, roundTripSearch, sessionID } from './card-harness.tsx';
import { server } from './setup.ts';
import { limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';

const consumerEngine = demoEngine('9132868');
const agencyEngine = demoEngine('2113855');
const usAgencyEngine = demoEngine('7200983');

/** The card's total, as the list shows it (0 decimals). */
const totalOf = (card: HTMLElement) => within(card).getByText(/^US\$ [\d,]+$/, { selector: 'strong' }).textContent;

describe('recommendation card', () => {
  it('shows each leg with its times, duration, stops and baggage', async () => {
    renderOnResultsPage(<RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />);
    const outbound = await screen.findByRole('radiogroup', { name: 'Outbound flight' });
    expect(within(outbound).getByRole('radio', { name: 'LATAM Airlines, 06:00 – 07:25' })).toBeTruthy();
    expect(within(outbound).getByRole('img', { name: 'LATAM Airlines logo' })).toBeTruthy();
    expect(outbound.textContent).toContain('1 h 25 min');
    expect(outbound.textContent).toContain('Direct');
    expect(outbound.textContent).toContain('Carry-on: 1 piece 10 Kg');
    expect(outbound.textContent).toContain('Checked baggage: 1 piece 23 Kg');
    expect(within(outbound).getByText('Standard')).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: 'Return flight' })).getByRole('radio', { name: 'LATAM Airlines, 12:40 – 14:05' })).toBeTruthy();
  });

  it('marks an arrival on a later day and counts stops', async () => {
    renderOnResultsPage(
      <RecommendationCard recommendation={connectionWithTrainOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch({ flightType: 'OW' })} />,
    );
    const leg = await screen.findByRole('radiogroup', { name: 'Outbound flight' });
    expect(within(leg).getByRole('radio', { name: 'United Airlines, 23:30 – 11:55' })).toBeTruthy();
    expect(leg.textContent).toContain('+1 day');
    expect(leg.textContent).toContain('12 h 25 min');
    expect(leg.textContent).toContain('1 stop');
    expect(leg.textContent).toContain('Checked baggage: 2 pieces 23 Kg');
  });

  it.each([
    ['es', /^Detalles/, 'LIM Lima, Aeropuerto Internacional Jorge Chávez, Perú'],
    ['en', /^Details/, 'LIM Lima, Jorge Chávez International Airport, Peru'],
  ] as const)('describes the airports of a flight’s details in the page’s language (%s)', async (language, details, lima) => {
    const { user } = renderOnResultsPage(
      <RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />,
      { language },
    );
    const [toggle] = await screen.findAllByRole('button', { name: details });
    await user.click(toggle!);
    const panel = document.getElementById(toggle!.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(panel.textContent).toContain(lima));
  });

  it('opens a flight’s details: segments, operated-by, technical stop, layover and baggage', async () => {
    const { user } = renderOnResultsPage(
      <RecommendationCard recommendation={connectionWithTrainOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch({ flightType: 'OW' })} />,
    );
    const toggle = await screen.findByRole('button', { name: /^Details/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.textContent).toContain('Flight UA 855');
    expect(panel.textContent).toContain('Class K (Economy)');
    expect(panel.textContent).toContain('Flight operated by United Airlines');
    expect(panel.textContent).toContain('Technical stop in PTY: 55 min');
    expect(panel.textContent).toContain('Layover in EWR: 1 h 45 min');
    expect(panel.textContent).toContain('Train operated by Amtrak');
    expect(panel.textContent).toContain('Carry-on: 1 piece 10 Kg');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('saves the flights picked per leg and goes to checkout', async () => {
    const saves = recordSessionSaves();
    const { user, router } = renderOnResultsPage(
      <RecommendationCard recommendation={twoOutboundChoicesOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />,
    );
    const outbound = await screen.findByRole('radiogroup', { name: 'Outbound flight' });
    const [first, second] = within(outbound).getAllByRole('radio') as HTMLInputElement[];
    expect(first!.checked).toBe(true);
    await user.click(second!);
    expect(second!.checked).toBe(true);
    expect(first!.checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/checkout/${sessionID}`));
    expect(router.state.location.search).toMatchObject({ terminalId: '9132868' });
    expect(saves).toHaveLength(1);
    expect(saves[0]!.id).toBe(sessionID);
    expect(saves[0]!.body.flights?.map((flight) => flight.id)).toEqual([
      twoOutboundChoicesOffer.itinerary[0]!.flights[1]!.id,
      twoOutboundChoicesOffer.itinerary[1]!.flights[0]!.id,
    ]);
    expect(saves[0]!.body.engine?.id).toBe('9132868');
    expect(saves[0]!.body.originalFee).toEqual(twoOutboundChoicesOffer.pricing.fees);
  });

  it('says the search belongs to another browser when the save is refused for want of the session key (403), in the page’s language', async () => {
    server.use(
      http.post('/api/sessions/save', () =>
        HttpResponse.json({ status: 403, code: 'SESSION_KEY_REQUIRED', message: 'Only the browser that created this session may change it.', errors: [] }, { status: 403 }),
      ),
    );
    const { user, router } = renderOnResultsPage(<RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />, {
      language: 'es',
    });
    const buy = await screen.findByRole('button', { name: 'Comprar' });
    await user.click(buy);
    expect((await screen.findByRole('alert')).textContent).toBe('Esta búsqueda se inició en otro navegador. Vuelve a buscar para elegir un vuelo.');
    expect(buy.getAttribute('aria-disabled') ?? buy.getAttribute('disabled')).not.toBeNull();
    expect(router.history.location.pathname).not.toContain('/checkout/');
  });

  it.each([
    ['es', 'Tarifa base', 'Basic fare'],
    ['en', 'Basic fare', 'Tarifa base'],
  ] as const)('names a worded branded fare in the page’s language (%s): JetSMART’s G3', async (language, name, other) => {
    const jetsmart = limaCuscoRoundTripSearch.data.find((offer) => offer.itinerary[0]!.flights[0]!.brandedFare?.brandID === 'G3')!;
    renderOnResultsPage(<RecommendationCard recommendation={jetsmart} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />, { language });
    const card = await screen.findByRole('article');
    expect(within(card).getAllByText(name).length).toBeGreaterThan(0);
    expect(within(card).queryAllByText(other)).toEqual([]);
  });

  it('shows consumers the checkout button with fees inside the taxes and no agency lines', async () => {
    const { user } = renderOnResultsPage(<RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={consumerEngine} search={roundTripSearch()} />);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('button', { name: 'Checkout' })).toBeTruthy();
    const lines = card.querySelector('dl')!;
    // Taxes 137.19 + service fee 20 = 157.19, shown without decimals in the list.
    expect(lines.textContent).toContain('TaxesUS$ 157');
    // The fare of the whole party (2 adults, 1 child, 1 infant), not one adult's (issue 20).
    expect(lines.textContent).toContain('FareUS$ 485');
    expect(totalOf(card)).toBe('US$ 642');
    expect(within(card).getByText('for 4 passengers')).toBeTruthy();
    expect(within(card).queryByRole('textbox', { name: 'Extra charge' })).toBeNull();
    expect(within(card).queryByText('Commission')).toBeNull();
    expect(within(card).queryByText(/NDC ·/)).toBeNull();

    // The breakdown per passenger type is closed until asked for, then adds up to the total.
    expect(within(card).queryByRole('region', { name: 'Price breakdown' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Price breakdown' }));
    const breakdown = within(card).getByRole('region', { name: 'Price breakdown' });
    expect(within(card).getByRole('button', { name: 'Hide price breakdown' }).getAttribute('aria-expanded')).toBe('true');
    const typeLines = [...breakdown.querySelectorAll('.price-breakdown__line')].map((line) => line.textContent);
    expect(typeLines).toEqual(['US$ 217.26 × 2 = US$ 434.52', 'US$ 167.11 × 1 = US$ 167.11', 'US$ 20.06 × 1 = US$ 20.06']);
    expect(within(breakdown).getByText('Service fees').nextElementSibling?.textContent).toBe('US$ 20.00');
    const cents = [...breakdown.querySelectorAll('[data-amount-cents]')].map((line) => Number(line.getAttribute('data-amount-cents')));
    expect(cents.slice(0, -1).reduce((sum, amount) => sum + amount, 0)).toBe(cents.at(-1));
    expect(cents.at(-1)).toBe(64169);
  });

  it('shows agencies in B2B mode markups, the extra charge added to the total, the breakdown and the select button', async () => {
    const saves = recordSessionSaves();
    const { user, router } = renderOnResultsPage(
      <RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={agencyEngine} search={roundTripSearch({ business: true, token: 'mock-agency-token' })} />,
    );
    const card = await screen.findByRole('article');
    // 641.69 + the agency's 15.00 markup; then + 30.50 extra charge.
    await waitFor(() => expect(totalOf(card)).toBe('US$ 657'));
    expect(within(card).getByText('NDC · LATAM NDC')).toBeTruthy();
    expect(within(card).queryByText('Commission')).toBeNull();
    // Agencies see the breakdown open: per type × count = amount, the markups once for the booking.
    const breakdown = within(card).getByRole('region', { name: 'Price breakdown' });
    const adults = within(breakdown).getByText('2 adults').closest('li')!;
    expect(adults.querySelector('.price-breakdown__unit')?.textContent).toBe('FareUS$ 170.00Taxes and chargesUS$ 47.26');
    expect(adults.querySelector('.price-breakdown__line')?.textContent).toBe('US$ 217.26 × 2 = US$ 434.52');
    expect(within(breakdown).getByText('1 infant').closest('li')!.querySelector('.price-breakdown__line')?.textContent).toBe('US$ 20.06 × 1 = US$ 20.06');
    // The 20.00 service fee does not divide among 3 seated passengers: it shows once, for the booking.
    expect(within(breakdown).getByText('Service fees').nextElementSibling?.textContent).toBe('US$ 20.00');
    expect(within(breakdown).getByText('Agency charges').nextElementSibling?.textContent).toBe('US$ 15.00');
    expect(breakdown.querySelector('.price-breakdown__total')?.textContent).toBe('TotalUS$ 656.69');

    const extraCharge = within(card).getByRole('textbox', { name: 'Extra charge' });
    expect(extraCharge.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(card).getByText('You can add extra profit at the next step.')).toBeTruthy();
    await user.type(extraCharge, '30.5');
    expect(totalOf(card)).toBe('US$ 687');
    await user.clear(extraCharge);
    expect(totalOf(card)).toBe('US$ 657');
    await user.type(extraCharge, '20');

    await user.click(within(card).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/b/checkout/${sessionID}`));
    expect(router.state.location.search).toMatchObject({ terminalId: '2113855' });
    expect(saves[0]!.body.recommendation?.pricing.fees).toEqual([...latamRoundTripOffer.pricing.fees, { amount: 20, description: 'CUSTOM' }]);
  });

  it('explains in the markup tooltip that no markup applies', async () => {
    server.use(
      http.post('/api/flights/markups/apply', () =>
        HttpResponse.json({ status: 200, data: { recommendationId: latamRoundTripOffer.id, markups: [], error: null } }),
      ),
    );
    const { user } = renderOnResultsPage(
      <RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={agencyEngine} search={roundTripSearch({ business: true })} />,
      { language: 'es' },
    );
    const card = await screen.findByRole('article');
    await waitFor(() => expect(within(card).getByRole('textbox', { name: 'Cargo extra' }).hasAttribute('disabled')).toBe(false));
    await user.hover(within(card).getByRole('button', { name: 'Markups' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 5000 })).textContent).toContain('Esta recomendación no aplica markups');
    expect(within(card).getByRole('button', { name: 'Seleccionar' })).toBeTruthy();
  });

  it.each([
    ['es', 'Cargo de servicio: US$ 15.00'],
    ['en', 'Service charge: US$ 15.00'],
  ] as const)('names the applied markups in the markup tooltip in the page’s language (%s)', async (language, line) => {
    const { user } = renderOnResultsPage(
      <RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={agencyEngine} search={roundTripSearch({ business: true })} />,
      { language },
    );
    const card = await screen.findByRole('article');
    await waitFor(() => expect(within(card).getByRole('textbox', { name: language === 'es' ? 'Cargo extra' : 'Extra charge' }).hasAttribute('disabled')).toBe(false));
    await user.hover(within(card).getByRole('button', { name: 'Markups' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 5000 })).textContent).toBe(line);
  });

  it('shows a US agency its commission', async () => {
    renderOnResultsPage(
      <RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={usAgencyEngine} search={roundTripSearch({ business: true, token: 'mock-agency-token' })} />,
    );
    const card = await screen.findByRole('article');
    await waitFor(() => expect(card.querySelector('dl')!.textContent).toContain('CommissionUS$ 18.50'));
  });

  it('treats an agency outside B2B mode as a consumer', async () => {
    renderOnResultsPage(<RecommendationCard recommendation={latamRoundTripOffer} sessionID={sessionID} engine={agencyEngine} search={roundTripSearch()} />);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(within(card).queryByText('NDC · LATAM NDC')).toBeNull();
    expect(within(card).queryByRole('textbox', { name: 'Extra charge' })).toBeNull();
  });
});
