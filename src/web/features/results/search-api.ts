import { fromPromise } from 'xstate';
import { z } from 'zod';
import { searchRequestSchema, searchResponseFromWireSchema, type SearchRequest } from '../../../contract/search.ts';
import { apiErrorSchema } from '../../../contract/common.ts';
import { ndjsonLines, SEARCH_STREAM_TYPE, searchStreamProgressSchema, type PartialSearchResponse } from '../../../contract/search-stream.ts';
import { ApiRequestError, apiPostResponse, parseAnswer } from '../../lib/api.ts';
import { createSession } from '../../lib/session-api.ts';
import type { SaveSearchInput, SearchFlightsInput } from '../../../../machines/search.machine.ts';
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

/** A search call under way: its whole answer, and the offers so far handed to whoever follows it. */
interface SearchCall {
  key: string;
  answer: Promise<SearchAnswer>;
  controller: AbortController;
  /** Hands `listener` the offers so far now (if some came) and each time more come. */
  follow(listener: (partial: PartialSearchResponse) => void): void;
}

/** The streamed answer's last line: the whole answer, or the typed error body of a search that failed once begun. */
function lastLineOf(json: unknown): SearchAnswer {
  const failure = apiErrorSchema.safeParse(json);
  if (failure.success) throw new ApiRequestError(failure.data, json);
  return searchAnswerSchema.parse(json);
}

/**
 * POST /flights/search asking for the answer streamed across suppliers (issue 17, src/contract/search-stream.ts).
 * The server streams only with several suppliers; otherwise (the sandbox alone) the normal JSON comes and is
 * read as ever. Each line before the last is the offers so far, checked as the whole answer is.
 */
function startSearchCall(search: SearchRequest): SearchCall {
  const controller = new AbortController();
  let latest: PartialSearchResponse | null = null;
  const following: { listener: ((partial: PartialSearchResponse) => void) | null } = { listener: null };
  const answer = (async () => {
    const response = await apiPostResponse('/flights/search', search, controller.signal, { accept: `${SEARCH_STREAM_TYPE}, application/json` });
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith(SEARCH_STREAM_TYPE)) return parseAnswer(response, searchAnswerSchema);
    for await (const line of ndjsonLines(response.body)) {
      const json: unknown = JSON.parse(line);
      const progress = searchStreamProgressSchema.safeParse(json);
      if (!progress.success) return lastLineOf(json);
      latest = { ...searchAnswerSchema.parse(json), pendingSuppliers: progress.data.pendingSuppliers };
      following.listener?.(latest);
    }
    throw new Error('The streamed search answer ended before its last line.');
  })();
  // Taken later, or dropped: a failure is read when it is taken, never reported on its own.
  answer.catch(() => {});
  return {
    key: JSON.stringify(search),
    answer,
    controller,
    follow: (next) => {
      following.listener = next;
      if (latest) next(latest);
    },
  };
}

/**
 * The search call made while the session is saved (issue 15: on a phone's network the save's round trip
 * came before every first result). The machine still waits for the save and then asks for the search; the
 * search actor takes this call (its answer and the offers so far) when it asks for the same search, once.
 */
let earlySearch: SearchCall | null = null;

function startEarlySearch(search: SearchRequest) {
  earlySearch?.controller.abort();
  earlySearch = startSearchCall(search);
}

function takeSearchCall(search: SearchRequest, signal: AbortSignal): SearchCall {
  const early = earlySearch;
  const call = early && early.key === JSON.stringify(search) ? early : startSearchCall(search);
  if (call === early) earlySearch = null;
  signal.addEventListener('abort', () => call.controller.abort(), { once: true });
  return call;
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
  searchFlights: fromPromise<SearchAnswer, SearchFlightsInput>(({ input, signal }) => {
    const call = takeSearchCall(input.search, signal);
    // Offers of a call this search left (another tab) never reach the machine.
    call.follow((partial) => {
      if (!signal.aborted) input.partialTo.send({ type: 'search.partial', answer: partial });
    });
    return call.answer;
  }),
};
