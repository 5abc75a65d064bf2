import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE, errorCodes } from '../../contract/common.ts';
import { serializeSearchResponse, type SearchRequest, type SearchResponse } from '../../contract/search.ts';
import type { AppDeps } from '../deps.ts';
import { compress, type ContentCoding } from '../compression.ts';
import { ApiFailure } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout, type Supplier, type SupplierSearchQuery, type SupplierSearchResult } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';

/** The business day in Lima: dates before it cannot be searched (spec 1 §5). */
export function businessToday(now: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(BUSINESS_TIMEZONE).toPlainDate().toString();
}

function checkItinerary(request: SearchRequest, today: string): void {
  const catalogue = airportCatalogue();
  const errors = request.itinerary.flatMap((leg, index) => [
    ...(['origin', 'destination'] as const)
      .filter((end) => !catalogue.isKnown(leg[end]))
      .map((end) => ({ path: `body.itinerary.${index}.${end}`, code: 'unknown_airport', value: `${leg[end]} is not a known airport or city code` })),
    ...(leg.date < today ? [{ path: `body.itinerary.${index}.date`, code: 'past_date', value: `${leg.date} is before today (${today}, America/Lima)` }] : []),
    ...(catalogue.expand(leg.origin).some((code) => catalogue.expand(leg.destination).includes(code))
      ? [{ path: `body.itinerary.${index}.destination`, code: 'same_airport', value: 'Origin and destination must differ' }]
      : []),
  ]);
  if (errors.length > 0) throw new ApiFailure(400, errorCodes.badRequest, errors[0]?.value ?? 'Invalid search', errors);
}

/** A search answer already serialised: big round trips are ~1–2 MB, so the JSON is what is cached. */
export interface SerializedSearch {
  status: SearchResponse['status'];
  json: string;
  /** The JSON compressed, per coding, made on the first request that accepts it (repetitive JSON shrinks 20–100×). */
  encoded: Partial<Record<ContentCoding, Buffer>>;
}

/** Bytes of an answer's JSON: V8 keeps an ASCII or Latin-1 string at one byte a character, any other at two. */
function jsonBytes(json: string): number {
  return json.length * (/[\u0100-\uffff]/.test(json) ? 2 : 1);
}

const encodedBytes = (entry: SerializedSearch) => Object.values(entry.encoded).reduce((sum, buffer) => sum + buffer.byteLength, 0);

/**
 * Recent answers by query, bounded by the bytes they hold (JSON and compressed copies). The sandbox
 * is deterministic and live suppliers are cached the same way for a few minutes, so identical
 * searches (reloads, tab switches) skip the supplier and serialisation. Keys include the Lima day and
 * a 5-minute bucket of the clock.
 */
export class SearchCache {
  private readonly entries = new Map<string, SerializedSearch>();
  /** Per entry, its JSON's bytes (read once: the JSON never changes) and all its bytes as last counted. */
  private readonly sizes = new WeakMap<SerializedSearch, { json: number; counted: number }>();
  private bytes = 0;
  constructor(private readonly budgetBytes: number) {}

  /** What the cache holds, in bytes (at most the budget once an answer was added). */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): SerializedSearch | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: SerializedSearch): void {
    // Two identical searches can both miss and both store: the later one replaces the earlier.
    const replaced = this.entries.get(key);
    if (replaced) this.forget(key, replaced);
    this.entries.set(key, entry);
    this.sizes.set(entry, { json: jsonBytes(entry.json), counted: 0 });
    this.account(entry);
  }

  /** Counts an entry's bytes again (a compressed copy was added), then evicts the oldest beyond the budget. */
  account(entry: SerializedSearch): void {
    const size = this.sizes.get(entry);
    // Evicted meanwhile: its copies go with the answer being sent, not into the cache.
    if (size === undefined) return;
    const counted = size.json + encodedBytes(entry);
    this.bytes += counted - size.counted;
    size.counted = counted;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, entry: SerializedSearch): void {
    this.entries.delete(key);
    this.bytes -= this.sizes.get(entry)?.counted ?? 0;
    this.sizes.delete(entry);
  }
}

const caches = new WeakMap<Supplier, SearchCache>();
/** The search cache's budget: every byte it keeps (JSON and compressed copies) counts. */
export const cacheBudgetBytes = 64 * 1024 * 1024;
const cacheBucketMs = 5 * 60_000;

function cacheOf(supplier: Supplier): SearchCache {
  let cache = caches.get(supplier);
  if (!cache) {
    cache = new SearchCache(cacheBudgetBytes);
    caches.set(supplier, cache);
  }
  return cache;
}

/** The answer compressed with `coding`: made once, then kept (and counted) with the cached answer. */
export async function encodedSearch(deps: AppDeps, search: SerializedSearch, coding: ContentCoding): Promise<Buffer> {
  const existing = search.encoded[coding];
  if (existing) return existing;
  const encoded = await compress(search.json, coding);
  search.encoded[coding] = encoded;
  cacheOf(deps.supplier).account(search);
  return encoded;
}

/** How long a search waits for the supplier (AppDeps.supplierSearchDeadlineMs). */
export const DEFAULT_SEARCH_DEADLINE_MS = 20_000;

/** A search checked and keyed, not yet asked of the supplier. */
export interface PreparedSearch {
  query: SupplierSearchQuery;
  key: string;
  cache: SearchCache;
}

/** Checks the terminal and the itinerary (ApiFailure when refused) and builds the supplier's query and its cache key. */
export async function prepareSearch(deps: AppDeps, request: SearchRequest): Promise<PreparedSearch> {
  const engine = await resolveTerminal(deps, request.terminalId, request.token);
  const now = deps.now();
  const today = businessToday(now);
  checkItinerary(request, today);
  const query = {
    legs: request.itinerary,
    passengers: request.passengers,
    cabin: request.cabinType.code,
    airline: request.airline?.code ?? null,
    corporateCode: request.corporateCode ?? null,
    today,
    now: Math.floor(now.getTime() / cacheBucketMs) * cacheBucketMs,
    agency: engine.isAgency,
    flexible: request.flexible,
  };
  return { query, key: JSON.stringify(query), cache: cacheOf(deps.supplier) };
}

/**
 * Asks `search` (the supplier's search, or the same search in batches) within the search deadline and
 * serialises the answer, kept in the cache unless some supplier was missing from it.
 */
export async function answerSearch(deps: AppDeps, prepared: PreparedSearch, search: (query: SupplierSearchQuery) => Promise<SupplierSearchResult>): Promise<SerializedSearch> {
  try {
    // A supplier that hangs is given up at the deadline (504 below): a search never waits for ever.
    const result = await withDeadline(deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS, () => search(prepared.query));
    const degraded = result.unavailableSuppliers && result.unavailableSuppliers.length > 0;
    const response: SearchResponse = {
      status: result.offers.length > 0 ? 200 : 204,
      data: result.offers,
      flexible: result.flexible,
      ...(degraded ? { unavailableSuppliers: result.unavailableSuppliers } : {}),
    };
    const serialized: SerializedSearch = { status: response.status, json: serializeSearchResponse(response), encoded: {} };
    // An answer without some supplier is not kept: the next identical search asks them all again.
    if (!degraded) prepared.cache.set(prepared.key, serialized);
    return serialized;
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
}

export async function searchFlights(deps: AppDeps, request: SearchRequest): Promise<SerializedSearch> {
  const prepared = await prepareSearch(deps, request);
  return prepared.cache.get(prepared.key) ?? answerSearch(deps, prepared, (query) => deps.supplier.search(query));
}
