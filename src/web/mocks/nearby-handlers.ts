/** GET /api/flights/nearby in the mock API: Lima–Aeroparque has a cheaper Ezeiza 31 km away; other routes none. */
import { http, HttpResponse } from 'msw';
import { errorCodes } from '../../contract/common.ts';
import { nearbyAlternativesQuerySchema, nearbyAlternativesResponseSchema } from '../../contract/nearby-alternatives.ts';
import { apiErrorResponse } from './handlers.ts';

/** The searched route's and Ezeiza's cheapest totals in the mock world. */
export const mockNearbyTotals = { searched: 339, ezeiza: 259 };

export const nearbyHandlers = [
  http.get('/api/flights/nearby', ({ request }) => {
    const query = nearbyAlternativesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiErrorResponse(400, errorCodes.badRequest, query.error.issues[0]?.message ?? 'Bad parameters');
    const { origin, destination } = query.data;
    const alternatives =
      destination === 'AEP'
        ? [{ end: 'destination', origin, destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: mockNearbyTotals.ezeiza, saving: mockNearbyTotals.searched - mockNearbyTotals.ezeiza }]
        : [];
    return HttpResponse.json(nearbyAlternativesResponseSchema.parse({ status: 200, data: { total: mockNearbyTotals.searched, alternatives } }));
  }),
];
