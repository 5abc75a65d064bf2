/**
 * The checkout's side calls as stories and UI tests see them (docs/checkout-api.md): payment methods by
 * the shared policy, the exchange rate, ancillary baggage, insurance plans, fare rules and coupons —
 * the contract's schemas over the contract's fixtures.
 */
import { http, HttpResponse } from 'msw';
import {
  ancillaryOptionsResponseSchema,
  couponRequestSchema,
  couponResponseSchema,
  exchangeRateResponseSchema,
  fareRulesRequestSchema,
  fareRulesResponseSchema,
  insuranceProductsResponseSchema,
  seatMapRequestSchema,
  seatMapResponseSchema,
  type CouponLine,
} from '../../contract/checkout.ts';
import { checkoutPaymentMethods, checkoutPaymentMethodsResponseSchema } from '../../contract/checkout-policy.ts';
import { ancillaryBaggageOptions, couponResponse, fareRules, fareRulesEnglish, insuranceProducts, limCuzSeatMap } from '../../contract/fixtures/checkout.ts';
import { engineFixtures } from '../../contract/fixtures/engines.ts';
import { scotiabankLookupResponseSchema } from '../../contract/scotiabank.ts';

const sections = (title: string, content: string) => ({ title, content });

/** Seeded codes of docs/checkout-api.md that the mock knows, with the server's refusal codes. */
function couponLine(code: string, paymentType: number): CouponLine {
  const line = { percentage: false, perBooking: true, brandedFares: [] as string[], promotionalCode: code };
  const otherPayment = (payment: number): CouponLine => ({ ...line, description: 'COUPON', amount: 0, apply: false, paymentType: payment, refusal: 'COUPON_OTHER_PAYMENT' });
  if (code === 'VERANO25') {
    if (![102, 103].includes(paymentType)) return otherPayment(102);
    return { ...line, description: couponResponse.data.description, amount: couponResponse.data.amount, percentage: true, apply: true, paymentType };
  }
  if (code === 'BIENVENIDA10') return { ...line, description: 'COUPON', amount: 10, apply: true, paymentType };
  // The fixtures' offer is LATAM NDC, which Banco Ripley (121) does not pay (spec 2 §9): the server refuses the code.
  if (code === 'RIPLEY') return { ...line, description: 'COUPON', amount: 0, apply: false, paymentType, refusal: 'COUPON_PAYMENT_NOT_OFFERED' };
  if (code === 'OHDESCUENTO') return paymentType === 122 ? { ...line, description: 'COUPON', amount: 15, apply: true, paymentType: 122 } : otherPayment(122);
  // The fixtures' Lima–Cusco offer is not a LATAM NDC Standard or Full fare.
  if (code === 'LATAMPLUS') return { ...line, description: 'COUPON', amount: 0, apply: false, paymentType, refusal: 'COUPON_NOT_FOR_FARE' };
  if (code === 'NAVIDAD2025') return { ...line, description: 'COUPON', amount: 0, apply: false, paymentType, refusal: 'COUPON_EXPIRED' };
  return { ...line, description: 'COUPON', amount: 0, apply: false, paymentType, refusal: 'COUPON_INVALID' };
}

export const checkoutExtrasHandlers = [
  http.get('/api/engines/:terminalId/payment_methods/checkout', ({ params, request }) => {
    const engine = engineFixtures.find((candidate) => candidate.id === params.terminalId) ?? engineFixtures[0]!;
    const query = new URL(request.url).searchParams;
    const today = new Date().toISOString().slice(0, 10);
    const offer = checkoutPaymentMethods(engine.id, engine.paymentMethods, {
      systemProviderCode: Number(query.get('providerCode') ?? 100),
      validatingAirline: query.get('validatingAirline') ?? 'LA',
      startDate: query.get('startDate') ?? today,
      today,
      total: Number(query.get('total') ?? 0),
    });
    return HttpResponse.json(checkoutPaymentMethodsResponseSchema.parse({ status: 200, data: { terminalId: engine.id, ...offer } }));
  }),
  http.get('/api/engines/payment/rates/:date', ({ params }) =>
    HttpResponse.json(exchangeRateResponseSchema.parse({ status: 200, data: { date: String(params.date), from: 'USD', to: 'PEN', rate: 3.7512 } })),
  ),
  // The fixtures' trip starts in Lima weeks ahead: the Scotiabank card may reserve it (tests override the answer).
  http.get('/api/checkout/scotiabank', () => HttpResponse.json(scotiabankLookupResponseSchema.parse({ status: 200, data: { reservable: true, refusal: null } }))),
  http.post('/api/flights/ancillaries', () => HttpResponse.json(ancillaryOptionsResponseSchema.parse({ status: 200, data: ancillaryBaggageOptions }))),
  http.post('/api/flights/seats', async ({ request }) => {
    const body = seatMapRequestSchema.parse(await request.json());
    return HttpResponse.json(seatMapResponseSchema.parse({ status: 200, data: limCuzSeatMap(body.searchParams.passengers) }));
  }),
  http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: insuranceProducts }))),
  http.post('/api/flights/fare_rules', async ({ request }) => {
    const terminalId = new URL(request.url).searchParams.get('terminalId') ?? '';
    const agency = engineFixtures.find((engine) => engine.id === terminalId)?.isAgency ?? false;
    // The regulations come in the request's language (Spanish when absent), as the API words them.
    const english = fareRulesRequestSchema.parse(await request.json()).language === 'en';
    const general = english
      ? sections('General terms', 'Fare subject to availability; changes are made up to 24 hours before the flight.')
      : sections('Condiciones generales', 'Tarifa sujeta a disponibilidad; los cambios se hacen hasta 24 horas antes del vuelo.');
    // Consumer terminals get the general terms first; agency terminals never (docs/checkout-api.md).
    const data = (english ? fareRulesEnglish : fareRules).map((rule) => ({
      ...rule,
      sections: agency ? rule.sections : [general, ...rule.sections],
    }));
    return HttpResponse.json(fareRulesResponseSchema.parse({ status: 200, data }));
  }),
  http.post('/api/engines/coupon', async ({ request }) => {
    const body = couponRequestSchema.parse(await request.json());
    return HttpResponse.json(couponResponseSchema.parse({ status: 200, data: couponLine(body.promotionalCode, body.paymentType) }));
  }),
];
