import { gzipSync } from 'node:zlib';
import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE, errorCodes } from '../../contract/common.ts';
import type { SearchRequest, SearchResponse } from '../../contract/search.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { SupplierTimeout, type Supplier } from '../supply/port.ts';
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
  /** The JSON gzipped, made on the first request that accepts gzip (repetitive JSON shrinks ~20×). */
  gzip?: Buffer;
}

export function gzippedSearch(search: SerializedSearch): Buffer {
  search.gzip ??= gzipSync(search.json, { level: 4 });
  return search.gzip;
}

/**
 * Recent answers by query, bounded by size. The sandbox is deterministic and live suppliers are
 * cached the same way for a few minutes, so identical searches (reloads, tab switches) skip the
 * supplier and serialisation. Keys include the Lima day and a 5-minute bucket of the clock.
 */
class SearchCache {
  private readonly entries = new Map<string, SerializedSearch>();
  private bytes = 0;
  constructor(private readonly budgetBytes: number) {}

  get(key: string): SerializedSearch | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: SerializedSearch): void {
    this.entries.set(key, entry);
    this.bytes += entry.json.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.json.length;
    }
  }
}

const caches = new WeakMap<Supplier, SearchCache>();
const cacheBudgetBytes = 64 * 1024 * 1024;
const cacheBucketMs = 5 * 60_000;

export async function searchFlights(deps: AppDeps, request: SearchRequest): Promise<SerializedSearch> {
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
  let cache = caches.get(deps.supplier);
  if (!cache) {
    cache = new SearchCache(cacheBudgetBytes);
    caches.set(deps.supplier, cache);
  }
  const key = JSON.stringify(query);
  const cached = cache.get(key);
  if (cached) return cached;
  try {
    const result = await deps.supplier.search(query);
    const response: SearchResponse = { status: result.offers.length > 0 ? 200 : 204, data: result.offers, flexible: result.flexible };
    const serialized = { status: response.status, json: JSON.stringify(response) };
    cache.set(key, serialized);
    return serialized;
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
}
