import { createRoute, z } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { commissionRequestSchema, commissionResponseSchema, markupRequestSchema, markupResponseSchema } from '../../contract/agency.ts';
import { brandedFaresResponseSchema, extrasResponseSchema, fareFamiliesResponseSchema, offerRequestSchema } from '../../contract/fares.ts';
import { packedSearchResponseSchema, searchRequestSchema } from '../../contract/search.ts';
import { SEARCH_STREAM_TYPE } from '../../contract/search-stream.ts';
import { priceCalendarQuerySchema, priceCalendarResponseSchema } from '../../contract/price-calendar.ts';
import { priceCalendar } from '../services/price-calendar.ts';
import { exploreQuerySchema, exploreResponseSchema } from '../../contract/explore.ts';
import { explore } from '../services/explore.ts';
import { nearbyAlternativesQuerySchema, nearbyAlternativesResponseSchema } from '../../contract/nearby-alternatives.ts';
import { nearbyAlternatives } from '../services/nearby-alternatives.ts';
import { createRouter, errorResponse } from '../http.ts';
import { applyOfferMarkups, familyFares, offerCommission, offerExtras } from '../services/offers.ts';
import { encodedSearch, searchFlights } from '../services/search.ts';
import { negotiateCoding } from '../compression.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tokenErrors = {
  401: errorResponse('Token inválido: expired, forged or another agency’s token'),
  402: errorResponse('Token inexistente: an agency terminal sent no token'),
  404: errorResponse('Unknown terminal'),
};

const searchRoute = createRoute({
  method: 'post',
  path: '/flights/search',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Search flights: one way, round trip or multi-city (up to 250 recommendations)',
  request: jsonBody(searchRequestSchema),
  responses: {
    200: {
      description:
        'Recommendations (status 200), or none (status 204 with an empty list); each distinct flight listed once in `flights`, which the offers’ legs name by index. ' +
        'Asked with `Accept: application/x-ndjson` while several suppliers are enabled (issue 17): one line of this answer merged so far, with `pendingSuppliers`, each time a supplier answers before the others, then this answer whole (or the error body) as the last line',
      content: { 'application/json': { schema: packedSearchResponseSchema }, [SEARCH_STREAM_TYPE]: { schema: z.string() } },
    },
    400: errorResponse('Bad search parameters'),
    ...tokenErrors,
    504: errorResponse('The provider did not answer in time'),
  },
});

const calendarRoute = createRoute({
  method: 'get',
  path: '/flights/calendar',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Price calendar: the cheapest total per departure day (one way) or departure/return pair (round trip, week by week) over the chosen dates ± 30 days, banded cheap/typical/expensive',
  request: { query: priceCalendarQuerySchema },
  responses: {
    200: json(priceCalendarResponseSchema, 'Prices of 61 departure days (status 200), or none sold (status 204, every total null)'),
    400: errorResponse('Bad calendar parameters: unknown airport, same airport, past date, return before departure'),
    ...tokenErrors,
    503: errorResponse('SERVICE_UNAVAILABLE with Retry-After: the answer is not ready within the request’s deadline; it is being prepared, ask again then'),
    504: errorResponse('The provider did not answer in time'),
  },
});

const exploreRoute = createRoute({
  method: 'get',
  path: '/flights/explore',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Explora: from an origin and a month, per destination sold from it (nonstop or with one connection) the cheapest one-way total for one adult in economy and its date, cheapest first',
  request: { query: exploreQuerySchema },
  responses: {
    200: json(exploreResponseSchema, 'Destinations with prices (status 200), or none sold that month (status 204, empty list)'),
    400: errorResponse('Bad explore parameters: unknown airport, month not YYYY-MM, past month, month too far ahead'),
    ...tokenErrors,
    503: errorResponse('SERVICE_UNAVAILABLE with Retry-After: the answer is not ready within the request’s deadline; it is being prepared, ask again then'),
    504: errorResponse('The provider did not answer in time'),
  },
});

const nearbyRoute = createRoute({
  method: 'get',
  path: '/flights/nearby',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Cheaper nearby airports: the searched route’s cheapest total on its dates and the same trip from or to an airport within 150 km of either end when cheaper, cheapest first',
  request: { query: nearbyAlternativesQuerySchema },
  responses: {
    200: json(nearbyAlternativesResponseSchema, 'The route’s cheapest total (null: nothing sold) and the cheaper alternatives (possibly none)'),
    400: errorResponse('Bad parameters: unknown airport, same airport, past date, return before departure'),
    ...tokenErrors,
    503: errorResponse('SERVICE_UNAVAILABLE with Retry-After: the answer is not ready within the request’s deadline; it is being prepared, ask again then'),
    504: errorResponse('The provider did not answer in time'),
  },
});

const brandedFaresRoute = createRoute({
  method: 'get',
  path: '/flights/branded_fares',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Branded fare catalogue per airline',
  responses: { 200: json(brandedFaresResponseSchema, 'Catalogue') },
});

const familyFaresRoute = createRoute({
  method: 'post',
  path: '/flights/family_fares',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Fare families (upsell) of one recommendation, with the comparison matrix',
  request: jsonBody(offerRequestSchema),
  responses: { 200: json(fareFamiliesResponseSchema, 'Fare families'), 400: errorResponse('Unknown offer or flights'), ...tokenErrors },
});

const commissionRoute = createRoute({
  method: 'post',
  path: '/flights/commission',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights', 'agency'],
  summary: 'Agency commission of one recommendation (agency terminals only)',
  request: jsonBody(commissionRequestSchema),
  responses: { 200: json(commissionResponseSchema, 'Commission'), 400: errorResponse('Unknown offer'), 403: errorResponse('Consumer terminal'), ...tokenErrors },
});

const markupsRoute = createRoute({
  method: 'post',
  path: '/flights/markups/apply',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights', 'agency'],
  summary: 'The agency’s stored markup rules applied to one recommendation (agency terminals only)',
  request: jsonBody(markupRequestSchema),
  responses: { 200: json(markupResponseSchema, 'Markups'), 400: errorResponse('Unknown offer'), 403: errorResponse('Consumer terminal'), ...tokenErrors },
});

const extrasRoute = createRoute({
  method: 'post',
  path: '/flights/extras',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['flights'],
  summary: 'Bags and seats that can be added to one recommendation, with prices',
  request: jsonBody(offerRequestSchema),
  responses: { 200: json(extrasResponseSchema, 'Extras'), 400: errorResponse('Unknown offer'), ...tokenErrors },
});

export const flightRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
    const result = await searchFlights(c.var.deps, c.req.valid('json'));
    // Already-serialised JSON, cached per query with its compressed copies: 250 offers are ~1.7 MB of JSON.
    const coding = negotiateCoding(c.req.header('accept-encoding'));
    const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
    if (!coding) return c.body(result.json, 200, headers) as never;
    return c.body(new Uint8Array(await encodedSearch(c.var.deps, result, coding)), 200, { ...headers, 'content-encoding': coding }) as never;
  })
  .openapi(calendarRoute, async (c) => {
    const { json: body, cached } = await priceCalendar(c.var.deps, c.req.valid('query'));
    return c.body(body, 200, { 'content-type': 'application/json', 'x-cache': cached ? 'hit' : 'miss' }) as never;
  })
  .openapi(exploreRoute, async (c) => {
    const { json: body, cached, partial } = await explore(c.var.deps, c.req.valid('query'));
    // `x-answer: partial`: the deadline passed with some destinations unasked; the next request asks again.
    return c.body(body, 200, { 'content-type': 'application/json', 'x-cache': cached ? 'hit' : 'miss', ...(partial && { 'x-answer': 'partial' }) }) as never;
  })
  .openapi(nearbyRoute, async (c) => c.json({ status: 200 as const, data: await nearbyAlternatives(c.var.deps, c.req.valid('query')) }, 200))
  .openapi(brandedFaresRoute, (c) => c.json({ status: 200 as const, data: c.var.deps.supplier.brandedFareCatalogue() }, 200))
  .openapi(familyFaresRoute, async (c) => c.json({ status: 200 as const, data: await familyFares(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(commissionRoute, async (c) => c.json({ status: 200 as const, data: await offerCommission(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(markupsRoute, async (c) => c.json({ status: 200 as const, data: await applyOfferMarkups(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(extrasRoute, async (c) => c.json({ status: 200 as const, data: await offerExtras(c.var.deps, c.req.valid('json')) }, 200));
