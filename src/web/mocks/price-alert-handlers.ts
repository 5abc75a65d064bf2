/**
 * The price alert calls in the mock API (issue 21): an alert is made for any search (Lima–Cusco's
 * trackedRoute figures), TRACKING_EMAIL already tracks every search; ALERT_TOKEN confirms and
 * unsubscribes, INVALID_ALERT_TOKEN (any other well-formed token) is not a link of ours.
 */
import { http, HttpResponse } from 'msw';
import { errorCodes } from '../../contract/common.ts';
import { ALERT_TOKEN, TRACKING_EMAIL, trackedRoute } from '../../contract/fixtures/price-alerts.ts';
import { createPriceAlertRequestSchema, createPriceAlertResponseSchema, priceAlertErrorCodes, priceAlertLinkParamsSchema, priceAlertLinkResponseSchema } from '../../contract/price-alerts.ts';
import { apiErrorResponse } from './handlers.ts';

const linkHandler = (state: 'confirmed' | 'unsubscribed') => (token: unknown) => {
  const params = priceAlertLinkParamsSchema.safeParse({ token });
  if (!params.success) return apiErrorResponse(400, errorCodes.badRequest, 'Not a price alert link');
  if (params.data.token !== ALERT_TOKEN) return apiErrorResponse(404, priceAlertErrorCodes.invalidLink, 'This price alert link is not valid, or its alert no longer exists.');
  return HttpResponse.json(priceAlertLinkResponseSchema.parse({ status: 200, data: { ...trackedRoute, state } }));
};

export const priceAlertHandlers = [
  http.post('/api/price-alerts', async ({ request }) => {
    const body = createPriceAlertRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return apiErrorResponse(400, errorCodes.badRequest, body.error.issues[0]?.message ?? 'Bad request');
    const { origin, destination, date, return: returnDate = null, email } = body.data;
    const state = email.toLowerCase() === TRACKING_EMAIL ? 'alreadyTracking' : 'confirmationSent';
    return HttpResponse.json(createPriceAlertResponseSchema.parse({ status: 200, data: { ...trackedRoute, origin, destination, departureDate: date, returnDate, state } }));
  }),
  http.post('/api/price-alerts/confirm/:token', ({ params }) => linkHandler('confirmed')(params.token)),
  http.post('/api/price-alerts/unsubscribe/:token', ({ params }) => linkHandler('unsubscribed')(params.token)),
];
