import { fromPromise } from 'xstate';
import { z } from 'zod';
import { searchRequestSchema, searchResponseFromWireSchema, type SearchRequest } from '../../../contract/search.ts';
import { apiPost } from '../../lib/api.ts';
import { createSession } from '../../lib/session-api.ts';
import type { SaveSearchInput } from '../../../../machines/search.machine.ts';
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

type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/**
 * The search call made while the session is saved (issue 15: on a phone's network the save's round trip
 * came before every first result). The machine still waits for the save and then asks for the search; the
 * search actor takes this call's answer when it asks for the same search, once.
 */
let earlySearch: { key: string; answer: Promise<SearchAnswer>; controller: AbortController } | null = null;

function startEarlySearch(search: SearchRequest) {
  earlySearch?.controller.abort();
  const controller = new AbortController();
  const answer = apiPost('/flights/search', search, searchAnswerSchema, controller.signal);
  // Taken later, or dropped: a failure is read when it is taken, never reported on its own.
  answer.catch(() => {});
  earlySearch = { key: JSON.stringify(search), answer, controller };
}

function takeEarlySearch(search: SearchRequest, signal: AbortSignal): Promise<SearchAnswer> | null {
  const early = earlySearch;
  if (!early || early.key !== JSON.stringify(search)) return null;
  earlySearch = null;
  signal.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.answer;
}

/** The search machine's calls: save the search in a new session, then search (spec 1 §4, §7). */
export const searchActors = {
  saveSearchSession: fromPromise<string, SaveSearchInput>(async ({ input, signal }) => {
    startEarlySearch(input.search);
    try {
      return await createSession({ searchParams: input.request }, signal);
    } catch (error) {
      earlySearch?.controller.abort();
      earlySearch = null;
      throw error;
    }
  }),
  searchFlights: fromPromise(({ input, signal }: { input: SearchRequest; signal: AbortSignal }) =>
    takeEarlySearch(input, signal) ?? apiPost('/flights/search', input, searchAnswerSchema, signal),
  ),
};
