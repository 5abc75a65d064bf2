/**
 * Results across suppliers (issue 17): a search answered with a supplier named unavailable shows the other
 * suppliers' offers under a translated notice, never an error page; a Duffel offer carries its own provider
 * badge among the others' and the GDS/NDC filter sorts it with the NDC offers.
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { packSearchResponse, searchResponseSchema } from '../../src/contract/search.ts';
import { mockRecommendations } from '../../src/web/mocks/search-handlers.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';
import { agencyResults, duffelOffer, slow } from './supplier-offers.ts';
import { findListedCards } from './results-cards.ts';

function answerWithDuffelLate() {
  server.use(
    http.post('/api/flights/search', () =>
      HttpResponse.json(packSearchResponse(searchResponseSchema.parse({ status: 200, data: [...mockRecommendations.slice(0, 9), duffelOffer], flexible: null, unavailableSuppliers: [{ supplier: 'sabre', reason: 'timeout' }] }))),
    ),
  );
}

const findCards = () => findListedCards(slow);
const badges = (cards: HTMLElement[]) => cards.map((card) => card.querySelector('.provider-badge')?.textContent ?? '');

describe('results across suppliers', () => {
  it('a supplier that did not answer: the others’ offers under a notice, a Duffel offer with its badge, and the NDC filter keeps it', async () => {
    answerWithDuffelLate();
    const { user } = renderApp(agencyResults('en'));
    const cards = await findCards();
    expect(cards).toHaveLength(10);
    expect((await screen.findByText('Some airlines did not answer in time; these are the results available.', {}, slow)).tagName).toBe('OUTPUT');
    expect(screen.queryByRole('heading', { level: 2, name: /Sorry/ })).toBeNull();
    expect(badges(cards)).toContain('NDC · Duffel');

    // The filter bar is a chunk of its own, fetched as it first shows (issue 15).
    await user.click(await screen.findByRole('button', { name: /Provider$/ }, slow));
    await user.click(screen.getByRole('option', { name: 'GDS' }));
    const gds = mockRecommendations.slice(0, 9).filter((offer) => offer.pos.group === 'GDS').length;
    expect(await screen.findByText(new RegExp(`Showing \\d+ of ${gds} flights`), {}, slow)).toBeTruthy();
    expect(badges(await findCards()).every((badge) => badge.startsWith('GDS ·'))).toBe(true);

    await user.click(screen.getByRole('button', { name: /Provider$/ }));
    await user.click(screen.getByRole('option', { name: 'NDC' }));
    expect(await screen.findByText(new RegExp(`Showing \\d+ of ${10 - gds} flights`), {}, slow)).toBeTruthy();
    const ndc = badges(await findCards());
    expect(ndc).toContain('NDC · Duffel');
    expect(ndc.every((badge) => badge.startsWith('NDC ·'))).toBe(true);
  });

  it('says it in Spanish', async () => {
    answerWithDuffelLate();
    renderApp(agencyResults('es'));
    await findCards();
    expect(await screen.findByText('Algunas aerolíneas no respondieron a tiempo; te mostramos los resultados disponibles.', {}, slow)).toBeTruthy();
  });

  it('an answer without unavailable suppliers shows no notice', async () => {
    renderApp(agencyResults('en'));
    await findCards();
    expect(screen.queryByText(/did not answer in time/)).toBeNull();
  });
});
