/**
 * The calls a results card makes about one offer (branded fares, family fares, markups, commission)
 * and the airline banners of a terminal, answered from the contract's fixtures.
 */
import { http, HttpResponse } from 'msw';
import { bannersRequestSchema, bannersResponseSchema, commissionRequestSchema, commissionResponseSchema, markupRequestSchema, markupResponseSchema } from '../../contract/agency.ts';
import { apiErrorSchema, errorCodes } from '../../contract/common.ts';
import { engineSchema } from '../../contract/engine.ts';
import { brandedFaresResponseSchema, fareFamiliesResponseSchema, offerRequestSchema } from '../../contract/fares.ts';
import { engineFixtures } from '../../contract/fixtures/engines.ts';
import { aerolineasFamilyFares, aerolineasPromoSearch, brandedFareCatalogue, latamFamilyFares } from '../../contract/fixtures/search.ts';

/** What the demo agencies' markup rules add to any offer: a service charge per booking. */
export const mockAgencyMarkup = { id: 'MK-DEMO-1', amount: 15, description: 'PAX' as const, rph: 1, name: 'Cargo de servicio', nameTranslations: { en: 'Service charge' }, brandedFares: [] };
/** The demo US agency's commission on any offer. */
export const mockCommission = { isApplied: true, amount: 18.5 };

async function parsedBody<T>(request: Request, schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }) {
  const parsed = schema.safeParse(await request.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

const badRequest = () =>
  HttpResponse.json(apiErrorSchema.parse({ status: 400, code: errorCodes.badRequest, message: 'The request is not valid.', errors: [] }), { status: 400 });

export const offerHandlers = [
  http.get('/api/flights/branded_fares', () => HttpResponse.json(brandedFaresResponseSchema.parse({ status: 200, data: brandedFareCatalogue }))),
  http.post('/api/flights/family_fares', async ({ request }) => {
    const body = await parsedBody(request, offerRequestSchema);
    if (!body) return badRequest();
    const families = aerolineasPromoSearch.data.some((offer) => offer.id === body.id) ? aerolineasFamilyFares : latamFamilyFares;
    return HttpResponse.json(fareFamiliesResponseSchema.parse({ status: 200, data: { ...families, id: body.id } }));
  }),
  http.post('/api/flights/markups/apply', async ({ request }) => {
    const body = await parsedBody(request, markupRequestSchema);
    if (!body) return badRequest();
    return HttpResponse.json(markupResponseSchema.parse({ status: 200, data: { recommendationId: body.recommendationId, markups: [mockAgencyMarkup], error: null } }));
  }),
  http.post('/api/flights/commission', async ({ request }) => {
    const body = await parsedBody(request, commissionRequestSchema);
    if (!body) return badRequest();
    return HttpResponse.json(commissionResponseSchema.parse({ status: 200, data: { recommendationId: body.id, details: mockCommission } }));
  }),
  http.post('/api/engines/banners', async ({ request }) => {
    const body = await parsedBody(request, bannersRequestSchema);
    if (!body) return badRequest();
    const engine = engineFixtures.map((fixture) => engineSchema.parse(fixture)).find((fixture) => fixture.id === body.engineCode);
    return HttpResponse.json(bannersResponseSchema.parse({ status: 200, data: engine?.bannersByAirlines.filter((banner) => banner.active) ?? [] }));
  }),
];
