import { createRoute, z } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { languageSchema } from '../../contract/common.ts';
import { bannersRequestSchema, bannersResponseSchema } from '../../contract/agency.ts';
import {
  airlineSuggestionsResponseSchema,
  airportDetailsResponseSchema,
  airportSuggestionsResponseSchema,
  autocompleteQuerySchema,
  engineAirportResponseSchema,
} from '../../contract/places.ts';
import { locationCodeSchema } from '../../contract/search.ts';
import { createRouter, errorResponse } from '../http.ts';
import { airportDetails, bannersForRoute, engineAirport, suggestAirlines, suggestAirports } from '../services/places.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

const airportSearchRoute = createRoute({
  method: 'get',
  path: '/autocomplete/airports/search',
  middleware: guard({ kind: 'public', reason: 'reference data' }),
  tags: ['places'],
  summary: 'Airport and city autocomplete (cities first), accent-insensitive, es/en',
  request: { query: autocompleteQuerySchema },
  responses: { 200: json(airportSuggestionsResponseSchema, 'Suggestions'), 400: errorResponse('Query too short or language unknown') },
});

const airlineSearchRoute = createRoute({
  method: 'get',
  path: '/autocomplete/airlines/search',
  middleware: guard({ kind: 'public', reason: 'reference data' }),
  tags: ['places'],
  summary: 'Airline autocomplete by code or name',
  request: { query: autocompleteQuerySchema },
  responses: { 200: json(airlineSuggestionsResponseSchema, 'Suggestions'), 400: errorResponse('Query too short or language unknown') },
});

const airportRoute = createRoute({
  method: 'get',
  path: '/airport/{code}/{lang}',
  middleware: guard({ kind: 'public', reason: 'reference data' }),
  tags: ['places'],
  summary: 'One airport or city code with its city name in the language',
  request: { params: z.object({ code: locationCodeSchema, lang: languageSchema }) },
  responses: { 200: json(airportDetailsResponseSchema, 'Airport'), 400: errorResponse('Malformed code'), 404: errorResponse('Unknown code') },
});

const engineAirportRoute = createRoute({
  method: 'get',
  path: '/engines/airports/{code}',
  middleware: guard({ kind: 'public', reason: 'reference data' }),
  tags: ['places'],
  summary: 'An airport with the nonstop destinations sold from it',
  request: { params: z.object({ code: locationCodeSchema }), query: z.object({ language: languageSchema.default('es') }) },
  responses: { 200: json(engineAirportResponseSchema, 'Airport and destinations'), 400: errorResponse('Malformed code'), 404: errorResponse('Unknown code') },
});

const bannersRoute = createRoute({
  method: 'post',
  path: '/engines/banners',
  middleware: guard({ kind: 'public', reason: 'published banners' }),
  tags: ['engines'],
  summary: 'Active airline banners of a terminal for the airlines flying a route',
  request: { body: { content: { 'application/json': { schema: bannersRequestSchema } }, required: true } },
  responses: { 200: json(bannersResponseSchema, 'Banners'), 400: errorResponse('Bad request'), 404: errorResponse('Unknown terminal') },
});

export const placeRoutes = createRouter()
  .openapi(airportSearchRoute, (c) => {
    const { query, language } = c.req.valid('query');
    return c.json({ status: 200 as const, data: suggestAirports(c.var.deps.supplier, query, language) }, 200);
  })
  .openapi(airlineSearchRoute, (c) => c.json({ status: 200 as const, data: suggestAirlines(c.var.deps.supplier, c.req.valid('query').query) }, 200))
  .openapi(airportRoute, (c) => {
    const { code, lang } = c.req.valid('param');
    return c.json({ status: 200 as const, data: airportDetails(code, lang) }, 200);
  })
  .openapi(engineAirportRoute, (c) => {
    const data = engineAirport(c.var.deps.supplier, c.req.valid('param').code, c.req.valid('query').language);
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(bannersRoute, async (c) => {
    const { engineCode, origin, destination } = c.req.valid('json');
    return c.json({ status: 200 as const, data: await bannersForRoute(c.var.deps, engineCode, origin, destination) }, 200);
  });
