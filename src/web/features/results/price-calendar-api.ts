import { fromPromise } from 'xstate';
import type { DatePricesQuery } from '../../../../machines/date-prices.machine.ts';
import { dayPricesOf, datePricesRequests } from '../../../../machines/date-prices.rules.ts';
import type { PriceCalendarRequest } from '../../../../machines/price-calendar.machine.ts';
import { priceCalendarResponseSchema } from '../../../contract/price-calendar.ts';
import { apiGet } from '../../lib/api.ts';
import type { ResultsSearchState } from './results-url.ts';

/** The calendar of a one-way or round-trip results URL (null for multi-city, which has none). */
export function priceCalendarRequestOf(search: ResultsSearchState, terminalId: string): PriceCalendarRequest | null {
  const [outbound, back] = search.itinerary;
  if (!outbound || search.flightType === 'MC') return null;
  return {
    terminalId,
    origin: outbound.origin,
    destination: outbound.destination,
    date: outbound.date,
    returnDate: search.flightType === 'RT' ? (back?.date ?? null) : null,
    ...search.passengers,
    cabin: search.cabinType ?? 'I',
    token: search.token,
  };
}

/** GET /api/flights/calendar's query string of a calendar request (or another call taking the same query). */
export function priceCalendarPath(request: PriceCalendarRequest, path = '/flights/calendar'): string {
  const query = new URLSearchParams({
    terminalId: request.terminalId,
    origin: request.origin,
    destination: request.destination,
    date: request.date,
    adults: String(request.adults),
    children: String(request.children),
    infants: String(request.infants),
    cabin: request.cabin,
  });
  if (request.returnDate) query.set('return', request.returnDate);
  if (request.token) query.set('token', request.token);
  return `${path}?${query.toString()}`;
}

const fetchPriceCalendar = (request: PriceCalendarRequest, signal: AbortSignal) => apiGet(priceCalendarPath(request), priceCalendarResponseSchema, signal);

/** The price calendar machine's call. */
export const priceCalendarActors = {
  loadCalendar: fromPromise(({ input, signal }: { input: PriceCalendarRequest; signal: AbortSignal }) => fetchPriceCalendar(input, signal)),
};

/** The date picker's prices (date prices machine): the calendar calls that price a month, read as days. */
export async function loadDatePrices(query: DatePricesQuery, signal: AbortSignal) {
  const answers = await Promise.all(datePricesRequests(query).map((request) => fetchPriceCalendar(request, signal)));
  return dayPricesOf(answers, query.month, query.departure, query.stayNights ?? null);
}
