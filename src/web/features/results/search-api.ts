import { fromPromise } from 'xstate';
import { z } from 'zod';
import { searchRequestSchema, searchResponseFromWireSchema, type SearchRequest } from '../../../contract/search.ts';
import { apiPost } from '../../lib/api.ts';
import { createSession } from '../../lib/session-api.ts';
import type { ResultsSearchState } from './results-url.ts';

/**
 * The results URL as the search request of spec 1 §3 (cabin I when none was chosen), or null when the
 * contract refuses it (same origin and destination, legs out of order…).
 */
export function searchRequestOf(search: ResultsSearchState, terminalId: string): SearchRequest | null {
  const request = searchRequestSchema.safeParse({
    flightType: search.flightType,
    terminalId,
    itinerary: search.itinerary,
    passengers: search.passengers,
    airline: search.airline ? { code: search.airline } : null,
    corporateCode: search.corporateCode,
    cabinType: { code: search.cabinType ?? 'I' },
    flexible: false,
    token: search.token,
  });
  return request.success ? request.data : null;
}

/** Some suppliers say "no offers" as `data: null`: that is the empty answer (spec 1 §8), not a broken one. */
const searchAnswerSchema = z.preprocess(
  (answer) => (answer !== null && typeof answer === 'object' && 'data' in answer && answer.data === null ? { legs: [], flights: [], ...answer, status: 204, data: [] } : answer),
  searchResponseFromWireSchema,
);

/** The search machine's calls: save the search in a new session, then search (spec 1 §4, §7). */
export const searchActors = {
  saveSearchSession: fromPromise<string, SearchRequest>(({ input, signal }) => createSession({ searchParams: input }, signal)),
  searchFlights: fromPromise(({ input, signal }: { input: SearchRequest; signal: AbortSignal }) => apiPost('/flights/search', input, searchAnswerSchema, signal)),
};
