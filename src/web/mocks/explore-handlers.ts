/** GET /api/flights/explore in the mock API: the contract's Explora fixture; from Arequipa (AQP) nothing is sold. */
import { http, HttpResponse } from 'msw';
import { errorCodes } from '../../contract/common.ts';
import { exploreQuerySchema, exploreResponseSchema } from '../../contract/explore.ts';
import { exploreAnswer } from '../../contract/fixtures/explore.ts';
import { apiErrorResponse } from './handlers.ts';

export const exploreHandlers = [
  http.get('/api/flights/explore', ({ request }) => {
    const query = exploreQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiErrorResponse(400, errorCodes.badRequest, query.error.issues[0]?.message ?? 'Bad explore parameters');
    const { origin, month, language } = query.data;
    return HttpResponse.json(exploreResponseSchema.parse(exploreAnswer(origin, month, language, { empty: origin === 'AQP' })));
  }),
];
