/**
 * Results streamed across suppliers (issue 17): the search answer comes as NDJSON lines (MSW streams them), the
 * fastest supplier's offers show at once with 'Looking for more flights…' while the bar still runs, and the late
 * supplier's offer joins the same list, with its badge, when its line comes; the note and the bar then go.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { partialSearchLine, SEARCH_STREAM_TYPE } from '../../src/contract/search-stream.ts';
import { packSearchResponse } from '../../src/contract/search.ts';
import { mockRecommendations } from '../../src/web/mocks/search-handlers.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';
import { agencyResults, duffelOffer, slow } from './supplier-offers.ts';
import { findListedCards } from './results-cards.ts';

const sandboxOffers = mockRecommendations.slice(0, 9);

/** The search streamed: the sandbox's line at once, Duffel's (the whole answer) when the test lets it go. Answers the accept header the client sent. */
function streamWithDuffelLate() {
  let release = () => {};
  const duffelAnswered = new Promise<void>((resolve) => (release = resolve));
  const accepts: string[] = [];
  server.use(
    http.post('/api/flights/search', ({ request }) => {
      accepts.push(request.headers.get('accept') ?? '');
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(partialSearchLine({ status: 200, data: sandboxOffers, flexible: null }, ['duffel'])));
          await duffelAnswered;
          controller.enqueue(encoder.encode(`${JSON.stringify(packSearchResponse({ status: 200, data: [duffelOffer, ...sandboxOffers], flexible: null }))}\n`));
          controller.close();
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': SEARCH_STREAM_TYPE } });
    }),
  );
  return { release: () => release(), accepts };
}

const findCards = () => findListedCards(slow);
const badges = (cards: HTMLElement[]) => cards.map((card) => card.querySelector('.provider-badge')?.textContent ?? '');

describe('results streamed across suppliers', () => {
  it('shows the first supplier’s offers while Duffel is asked, then adds Duffel’s offer with its badge', async () => {
    const duffel = streamWithDuffelLate();
    renderApp(agencyResults('en'));
    const first = await findCards();
    expect(first).toHaveLength(9);
    expect(badges(first)).not.toContain('NDC · Duffel');
    expect(await screen.findByText('Looking for more flights…', {}, slow)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Searching flights' })).toBeTruthy();
    expect(duffel.accepts[0]).toContain(SEARCH_STREAM_TYPE);

    duffel.release();
    await waitFor(async () => expect(badges(await findCards())).toContain('NDC · Duffel'), slow);
    expect(await findCards()).toHaveLength(10);
    expect(screen.queryByText('Looking for more flights…')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Searching flights' })).toBeNull();
  });

  it('says it in Spanish', async () => {
    const duffel = streamWithDuffelLate();
    renderApp(agencyResults('es'));
    await findCards();
    expect(await screen.findByText('Buscando más vuelos…', {}, slow)).toBeTruthy();
    duffel.release();
    await waitFor(() => expect(screen.queryByText('Buscando más vuelos…')).toBeNull(), slow);
  });
});
