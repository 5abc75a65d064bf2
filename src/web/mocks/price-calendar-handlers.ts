/** GET /api/flights/calendar in the mock API: the contract's calendar fixture around the asked dates. */
import { http, HttpResponse } from 'msw';
import { errorCodes } from '../../contract/common.ts';
import { priceCalendarAnswer } from '../../contract/fixtures/price-calendar.ts';
import { priceCalendarQuerySchema, priceCalendarResponseSchema } from '../../contract/price-calendar.ts';
import { apiErrorResponse } from './handlers.ts';

export const priceCalendarHandlers = [
  http.get('/api/flights/calendar', ({ request }) => {
    const query = priceCalendarQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiErrorResponse(400, errorCodes.badRequest, query.error.issues[0]?.message ?? 'Bad calendar parameters');
    return HttpResponse.json(priceCalendarResponseSchema.parse(priceCalendarAnswer(query.data.date, query.data.return ?? null)));
  }),
];
