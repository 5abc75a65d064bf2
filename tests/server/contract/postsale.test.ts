import { describe, expect, it } from 'vitest';
import {
  ancillariesByOrderIdResponseSchema,
  ancillariesPurchaseRequestSchema,
  baggageCodeSchema,
  BAGGAGE_CODES,
  baggageFlightSchema,
  baggageSelectionDetailSchema,
  baggagesResponseSchema,
  bookSeatsRequestSchema,
  bookSeatsResponseSchema,
  bookSeatsRoute,
  cardResultSchema,
  creditLimitSchema,
  decodePostSaleOrderId,
  encodePostSaleOrderId,
  getFormEncryptedResponseSchema,
  invoiceDataSchema,
  niubizAuthorizationApprovedSchema,
  niubizAuthorizationRequestSchema,
  niubizAuthorizationResponseSchema,
  niubizTokenRequestSchema,
  niubizTokenResponseSchema,
  orderAncillariesResultSchema,
  orderTransactionSchema,
  PAYMENT_ORDER_TRANSITIONS,
  paymentOrderResponseSchema,
  paymentOrderSchema,
  paymentOrderScreen,
  paypalAmount,
  paypalOrderCaptureRequestSchema,
  paypalOrderCaptureResponseSchema,
  paypalOrderCreateRequestSchema,
  paypalOrderCreateResponseSchema,
  postSaleOrderIdParamSchema,
  seatOfferSchema,
  seatsResponseSchema,
  summaryEntrySchema,
  transactionsByOrderIdResponseSchema,
  toCents,
} from '../../../src/contract/postsale.ts';
import { postSaleCardFormSchema } from '../../../src/contract/card-forms.ts';
import * as fx from '../../../src/contract/fixtures/postsale.ts';

describe('after-booking fixtures', () => {
  it.each([
    ['pending payment order', paymentOrderSchema, fx.pendingPaymentOrder],
    ['paid card payment order', paymentOrderSchema, fx.paidCardPaymentOrder],
    ['expired payment order', paymentOrderSchema, fx.expiredPaymentOrder],
    ['payment order response', paymentOrderResponseSchema, fx.paymentOrderResponse],
    ['card result', cardResultSchema, fx.cardResult],
    ['rejected card result', cardResultSchema, fx.rejectedCardResult],
    ['post-sale card form', postSaleCardFormSchema, fx.postSaleCardForm],
    ['invoice data', invoiceDataSchema, fx.invoiceData],
    ['credit limit', creditLimitSchema, fx.creditLimit],
    ['seat offer', seatOfferSchema, fx.seatOffer],
    ['seats response', seatsResponseSchema, fx.seatsResponse],
    ['baggage flight', baggageFlightSchema, fx.baggageFlights[0]],
    ['baggages response', baggagesResponseSchema, fx.baggagesResponse],
    ['baggage selection', baggageSelectionDetailSchema, fx.baggageSelection],
    ['order transaction', orderTransactionSchema, fx.orderTransaction],
    ['transactions response', transactionsByOrderIdResponseSchema, fx.transactionsResponse],
    ['previous purchase', summaryEntrySchema, fx.previousPurchase],
    ['order ancillaries', orderAncillariesResultSchema, fx.orderAncillaries],
    ['ancillaries by order response', ancillariesByOrderIdResponseSchema, fx.ancillariesByOrderIdResponse],
    ['ancillaries purchase', ancillariesPurchaseRequestSchema, fx.ancillariesPurchaseRequest],
    ['book seats request', bookSeatsRequestSchema, fx.bookSeatsRequest],
    ['book seats response', bookSeatsResponseSchema, fx.bookSeatsResponse],
    ['book seats warning', bookSeatsResponseSchema, fx.bookSeatsWarningResponse],
    ['niubiz token request', niubizTokenRequestSchema, fx.niubizTokenRequest],
    ['niubiz token response', niubizTokenResponseSchema, fx.niubizTokenResponse],
    ['niubiz authorization request', niubizAuthorizationRequestSchema, fx.niubizAuthorizationRequest],
    ['niubiz approval', niubizAuthorizationApprovedSchema, fx.niubizAuthorizationApproved],
    ['niubiz failure', niubizAuthorizationResponseSchema, fx.niubizAuthorizationFailure],
    ['paypal create', paypalOrderCreateRequestSchema, fx.paypalOrderCreateRequest],
    ['paypal create response', paypalOrderCreateResponseSchema, fx.paypalOrderCreateResponse],
    ['paypal capture', paypalOrderCaptureRequestSchema, fx.paypalOrderCaptureRequest],
    ['paypal capture response', paypalOrderCaptureResponseSchema, fx.paypalOrderCaptureResponse],
    ['encrypted form', getFormEncryptedResponseSchema, fx.getFormEncryptedResponse],
  ] as const)('the %s fixture parses', (_name, schema, fixture) => {
    const result = schema.safeParse(fixture);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('a Niubiz failure is not mistaken for an approval', () => {
    const parsed = niubizAuthorizationResponseSchema.parse(fx.niubizAuthorizationFailure);
    expect(parsed.status).toBe('3');
    expect(niubizAuthorizationApprovedSchema.safeParse(fx.niubizAuthorizationFailure).success).toBe(false);
  });
});

describe('payment orders', () => {
  it('shows pending for PP, paid for CPO and SQ, cancelled for POC, expired for EPO', () => {
    expect(['PP', 'CPO', 'SQ', 'POC', 'EPO'].map(paymentOrderScreen)).toEqual([
      'pending',
      'paid',
      'paid',
      'cancelled',
      'expired',
    ]);
  });
  it('shows the error screen for anything else, including nothing', () => {
    expect(paymentOrderScreen('XYZ')).toBe('error');
    expect(paymentOrderScreen('')).toBe('error');
    expect(paymentOrderScreen(null)).toBe('error');
    expect(paymentOrderScreen(undefined)).toBe('error');
  });
  it('only leaves PP, never a final status', () => {
    expect(PAYMENT_ORDER_TRANSITIONS.PP).toEqual(['CPO', 'SQ', 'POC', 'EPO']);
    expect(PAYMENT_ORDER_TRANSITIONS.CPO).toEqual([]);
  });
  it('refuses an unmasked card number in the payment detail', () => {
    const leaky = structuredClone(fx.paidCardPaymentOrder);
    leaky.paymentDetail!.paymentCard.cardMask = '4111111111111111';
    expect(paymentOrderSchema.safeParse(leaky).success).toBe(false);
  });
  it('refuses an unknown status', () => {
    expect(paymentOrderSchema.safeParse({ ...fx.pendingPaymentOrder, status: 'PAID' }).success).toBe(false);
  });
});

describe('post-sale orderId', () => {
  it('decodes a Sabre record locator from the business channel', () => {
    expect(decodePostSaleOrderId(fx.sabreBusinessOrderIdParam)).toEqual({
      identifier: 'KXQ7TZ',
      marker: 'b',
      isBusiness: true,
      isSabreRecordLocator: true,
    });
  });
  it('decodes an order id without a marker as the consumer channel', () => {
    expect(decodePostSaleOrderId(fx.ndcOrderIdParam)).toEqual({
      identifier: 'LA88213457',
      marker: null,
      isBusiness: false,
      isSabreRecordLocator: false,
    });
  });
  it('accepts URL-safe base64 without padding', () => {
    expect(decodePostSaleOrderId('S1hRN1RaLWI')?.identifier).toBe('KXQ7TZ');
    expect(decodePostSaleOrderId(encodePostSaleOrderId('ABC123', 'x'))).toMatchObject({
      marker: 'x',
      isBusiness: false,
    });
  });
  it('decodes the app’s own order ids, dashes included, splitting at the last dash', () => {
    expect(decodePostSaleOrderId(btoa('ORD-20261123-ABC1-b'))).toEqual({ identifier: 'ORD-20261123-ABC1', marker: 'b', isBusiness: true, isSabreRecordLocator: false });
    expect(decodePostSaleOrderId(btoa('ORD-20261123-000123-'))).toEqual({ identifier: 'ORD-20261123-000123', marker: null, isBusiness: false, isSabreRecordLocator: false });
    expect(decodePostSaleOrderId(encodePostSaleOrderId('ORD-20261123-000123', 'b'))?.identifier).toBe('ORD-20261123-000123');
    expect(decodePostSaleOrderId(btoa('ORD-20261123-000123'))?.identifier).toBeUndefined();
    expect(decodePostSaleOrderId(btoa('ORD--1-'))).toBeNull();
  });
  it('returns null for bad input', () => {
    const bad = ['', '!!!', 'a', btoa('KXQ7TZ'), btoa('-b'), btoa('KXQ7TZ-bb'), btoa('KX Q7-b'), btoa('ABC-1')];
    expect(bad.map((param) => decodePostSaleOrderId(param))).toEqual(bad.map(() => null));
    expect(postSaleOrderIdParamSchema.safeParse('%%%').success).toBe(false);
  });
});

describe('seats, baggage and the purchase', () => {
  it('routes a seat booking by transactionStatusCode', () => {
    const id = '3f6c2a8e-5b1d-4c7e-9a0f-2d8b6e4c1a97';
    expect(bookSeatsRoute(1, id)).toBe(`/vuelos/seats/all/process/${id}`);
    expect(bookSeatsRoute(2, id)).toBe(`/vuelos/seats/all/process/warning/${id}`);
    expect(bookSeatsRoute(7, id)).toBe(`/vuelos/seats/all/process/error/${id}`);
    expect(bookSeatsRoute(null, null)).toBe('/vuelos/seats/all/process/error/0');
  });
  it('knows the six baggage codes and refuses others', () => {
    expect(Object.keys(BAGGAGE_CODES)).toEqual(['0C3', '0JT', '0JO', '0C1', 'HBG', '0K6']);
    expect(baggageCodeSchema.safeParse('0C2').success).toBe(false);
  });
  it('takes a purchase without card or with nothing chosen (the server answers those checks in spec order), but never a card number', () => {
    expect(ancillariesPurchaseRequestSchema.safeParse({ ...fx.ancillariesPurchaseRequest, paymentCard: null }).success).toBe(true);
    expect(ancillariesPurchaseRequestSchema.safeParse({ ...fx.ancillariesPurchaseRequest, seats: [], baggages: [] }).success).toBe(true);
    expect(ancillariesPurchaseRequestSchema.safeParse({ ...fx.ancillariesPurchaseRequest, cardNumber: '4111111111111111' }).success).toBe(false);
    expect(ancillariesPurchaseRequestSchema.safeParse({ ...fx.ancillariesPurchaseRequest, paymentCard: { ...fx.ancillariesPurchaseRequest.paymentCard, cvv: '123' } }).success).toBe(false);
    expect(ancillariesPurchaseRequestSchema.safeParse({ ...fx.ancillariesPurchaseRequest, idempotencyKey: undefined }).success).toBe(false);
  });
  it('refuses an incomplete invoice', () => {
    expect(invoiceDataSchema.safeParse({ ...fx.invoiceData, companyAddress: ' ' }).success).toBe(false);
    expect(invoiceDataSchema.safeParse({ ...fx.invoiceData, ruc: '2051234567X' }).success).toBe(false);
  });
});

describe('post-sale card form', () => {
  it('refuses a 2-digit CVV and a 13th month', () => {
    expect(postSaleCardFormSchema.safeParse({ ...fx.postSaleCardForm, securityCode: '12' }).success).toBe(false);
    expect(postSaleCardFormSchema.safeParse({ ...fx.postSaleCardForm, expirationDate: '13/25' }).success).toBe(false);
  });
  it('takes a 4-digit CID with the American Express option and checks the option matches the number', () => {
    const amex = {
      ...fx.postSaleCardForm,
      cardNumber: '378282246310005',
      securityCode: '1234',
      isAmericanExpress: true,
    };
    expect(postSaleCardFormSchema.safeParse(amex).success).toBe(true);
    expect(postSaleCardFormSchema.safeParse({ ...amex, isAmericanExpress: false }).success).toBe(false);
    expect(postSaleCardFormSchema.safeParse({ ...amex, securityCode: '123' }).success).toBe(false);
  });
  it('does not check the zip code', () => {
    const { zipCode: _z, ...rest } = fx.postSaleCardForm;
    expect(postSaleCardFormSchema.safeParse(rest).success).toBe(true);
  });
});

describe('money helpers', () => {
  it('sends cents to the card checkout and 2-decimal strings to PayPal', () => {
    expect(toCents(786.01)).toBe(78601);
    expect(toCents(0.29)).toBe(29);
    expect(paypalAmount(786.1)).toEqual({ currency_code: 'USD', value: '786.10' });
  });
});
