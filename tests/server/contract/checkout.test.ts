import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, contactFormSchema } from '../../../src/contract/booking-request.ts';
import {
  agencyFormSchema,
  ancillaryBaggageOptionSchema,
  appliedCouponSchema,
  bookFormSchema,
  bookingErrorDialog,
  bookingErrorSchema,
  bookingPaymentStatusCode,
  bookingPaymentStatusName,
  bookingPaymentStatusSchema,
  bookingResultSchema,
  checkoutSeatsSchema,
  classifyDiscountDescription,
  couponForcesPayment,
  couponRequestSchema,
  couponResponseSchema,
  DIAL_CODES,
  dialOptionForCountry,
  discountAmount,
  exchangeRateResponseSchema,
  fareRulesRequestSchema,
  fareRulesResponseSchema,
  insuranceProductSchema,
  insuranceSelectionSchema,
  isSeatSelectable,
  normaliseCouponCode,
  PHONE_MESSAGES,
  normalisePassengerType,
  parseDiscountRph,
  passengerSchema,
  passengerTypeInputSchema,
  passengerTypeLabel,
  promotionalCodeSchema,
  redirectGatewayFormSchema,
  selectedExtrasSchema,
  selectedSeatSchema,
  storedCardSchema,
  timeOfDayBand,
} from '../../../src/contract/checkout.ts';
import { bankCardFormSchema, cardPaymentFormSchema } from '../../../src/contract/card-forms.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';

describe('checkout fixtures', () => {
  it.each([
    ['adult', passengerSchema, fx.adultPassenger],
    ['second adult', passengerSchema, fx.secondAdultPassenger],
    ['child', passengerSchema, fx.childPassenger],
    ['infant', passengerSchema, fx.infantPassenger],
    ['contact form', contactFormSchema, fx.contactForm],
    ['agency form', agencyFormSchema, fx.agencyForm],
    ['card form', cardPaymentFormSchema, fx.cardPaymentForm],
    ['amex card form', cardPaymentFormSchema, fx.amexPaymentForm],
    ['bank card form', bankCardFormSchema, fx.bankCardForm],
    ['redirect form', redirectGatewayFormSchema, fx.redirectGatewayForm],
    ['stored card', storedCardSchema, fx.storedCard],
    ['insurance product', insuranceProductSchema, fx.insuranceProducts[0]],
    ['insurance product 2', insuranceProductSchema, fx.insuranceProducts[1]],
    ['insurance selection', insuranceSelectionSchema, fx.insuranceSelection],
    ['baggage option', ancillaryBaggageOptionSchema, fx.ancillaryBaggageOptions[0]],
    ['selected extras', selectedExtrasSchema, fx.selectedExtras],
    ['checkout seats', checkoutSeatsSchema, fx.checkoutSeats],
    ['fare rules request', fareRulesRequestSchema, fx.fareRulesRequest],
    ['fare rules response', fareRulesResponseSchema, fx.fareRulesResponse],
    ['coupon request', couponRequestSchema, fx.couponRequest],
    ['coupon response', couponResponseSchema, fx.couponResponse],
    ['rejected coupon response', couponResponseSchema, fx.rejectedCouponResponse],
    ['applied coupon', appliedCouponSchema, fx.appliedCoupon],
    ['exchange rate', exchangeRateResponseSchema, fx.exchangeRateResponse],
    ['booking request', bookingRequestSchema, fx.bookingRequest],
    ['card booking request', bookingRequestSchema, fx.cardBookingRequest],
    ['booking result', bookingResultSchema, fx.bookingResult],
    ['fare change error', bookingErrorSchema, fx.fareChangeError],
    ['fare change result', bookingResultSchema, fx.fareChangeResult],
    ['duplicate booking result', bookingResultSchema, fx.duplicateBookingResult],
  ] as const)('the %s fixture parses', (_name, schema, fixture) => {
    const result = schema.safeParse(fixture);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('the seat map is an A320 laid out ABC · DEF with some seats taken', () => {
    const segment = fx.checkoutSeats.segments[0]!;
    expect(segment.rows[0]!.columns.map((c) => c.value || '·').join('')).toBe('ABC·DEF');
    expect(segment.rows.flatMap((r) => r.columns).filter((c) => c.status === 'T').length).toBeGreaterThan(5);
  });

  it('the booking request keeps the repricing flag false by default and the card only as a token', () => {
    const { repricing: _ignored, ...withoutFlag } = fx.bookingRequest;
    expect(bookingRequestSchema.parse(withoutFlag).repricing).toBe(false);
    const card = bookingRequestSchema.parse(fx.cardBookingRequest).bookForm.paymentCreditCard;
    expect(card).toEqual({ token: fx.storedCard.token, brand: 'visa', last4: '1111' });
  });

  it("the booking request refuses a contact phone that is no number of its dial code's country (the sessions' book form does not re-check it)", () => {
    const contact = { ...fx.bookingRequest.bookForm.contact!, countryCode: 'PE+51' as const, phoneNumber: '123456789' };
    const refused = bookingRequestSchema.safeParse({ ...fx.bookingRequest, bookForm: { ...fx.bookingRequest.bookForm, contact } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['bookForm.contact.phoneNumber', PHONE_MESSAGES.invalidForCountry]]);
    expect(bookFormSchema.safeParse({ ...fx.bookingRequest.bookForm, contact }).success).toBe(true);
  });
});

describe('passenger types', () => {
  it('maps CNN to CHD and PFA to ADT, ignoring case and spaces', () => {
    expect(normalisePassengerType('CNN')).toBe('CHD');
    expect(normalisePassengerType(' pfa ')).toBe('ADT');
    expect(normalisePassengerType('inf')).toBe('INF');
    expect(passengerTypeInputSchema.parse('cnn')).toBe('CHD');
  });
  it('refuses unknown codes', () => {
    expect(normalisePassengerType('XYZ')).toBeNull();
    expect(normalisePassengerType('')).toBeNull();
    expect(normalisePassengerType('constructor')).toBeNull();
    expect(passengerTypeInputSchema.safeParse('SRC').success).toBe(false);
  });
  it('labels CHD and CNN as child, INF as infant and everything else as adult', () => {
    expect(passengerTypeLabel('CNN')).toBe('child');
    expect(passengerTypeLabel('CHD')).toBe('child');
    expect(passengerTypeLabel('INF')).toBe('infant');
    expect(passengerTypeLabel('PFA')).toBe('adult');
    expect(passengerTypeLabel('???')).toBe('adult');
  });
});

describe('passenger schema', () => {
  it('refuses a non-numeric DNI', () => {
    const result = passengerSchema.safeParse({ ...fx.adultPassenger, documentNumber: '4587A236' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['documentNumber'], message: 'Ingrese un documento válido' });
  });
  it('allows letters in a passport number', () => {
    expect(
      passengerSchema.safeParse({ ...fx.adultPassenger, documentType: 'PP', documentNumber: 'PE1234567' }).success,
    ).toBe(true);
  });
  it('needs a number once a document type is chosen', () => {
    const { documentNumber: _n, ...rest } = fx.adultPassenger;
    expect(passengerSchema.safeParse(rest).error?.issues[0]?.path).toEqual(['documentNumber']);
  });
  it('needs an assigned adult for an infant', () => {
    const { assignedPassenger: _a, ...rest } = fx.infantPassenger;
    expect(passengerSchema.safeParse(rest).error?.issues[0]?.path).toEqual(['assignedPassenger']);
  });
  it('refuses impossible birthdates and unknown document types', () => {
    expect(
      passengerSchema.safeParse({ ...fx.adultPassenger, birthdate: { year: 2023, month: 2, day: 29 } }).success,
    ).toBe(false);
    expect(passengerSchema.safeParse({ ...fx.adultPassenger, documentType: 'XX' }).success).toBe(false);
  });
  it('refuses names with rare characters', () => {
    expect(passengerSchema.safeParse({ ...fx.adultPassenger, firstName: 'L<script>' }).success).toBe(false);
    expect(passengerSchema.safeParse({ ...fx.adultPassenger, lastName: "O'Brien" }).success).toBe(false);
    expect(passengerSchema.safeParse({ ...fx.adultPassenger, firstName: '   ' }).success).toBe(false);
    expect(passengerSchema.parse({ ...fx.adultPassenger, lastName: '  Núñez  del Prado ' }).lastName).toBe(
      'Núñez del Prado',
    );
  });
  it('needs e-mail and phone when the adult accepts contact information', () => {
    const { phoneNumber: _p, ...rest } = fx.adultPassenger;
    expect(passengerSchema.safeParse(rest).success).toBe(false);
  });
});

describe('card forms', () => {
  it('refuses a 2-digit CVV', () => {
    const result = cardPaymentFormSchema.safeParse({ ...fx.cardPaymentForm, securityCode: '12' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('securityCode');
  });
  it('refuses a 3-digit CID on American Express and a 4-digit CVV on Visa', () => {
    expect(cardPaymentFormSchema.safeParse({ ...fx.amexPaymentForm, securityCode: '123' }).success).toBe(false);
    expect(cardPaymentFormSchema.safeParse({ ...fx.cardPaymentForm, securityCode: '1234' }).success).toBe(false);
  });
  it('refuses expiry 13/25 and expiries not shaped MM/YY', () => {
    for (const expirationDate of ['13/25', '00/25', '1/25', '12/2025', '1225']) {
      expect(cardPaymentFormSchema.safeParse({ ...fx.cardPaymentForm, expirationDate }).success).toBe(false);
    }
  });
  it('refuses a number failing the Luhn check and one longer than 16 digits', () => {
    expect(cardPaymentFormSchema.safeParse({ ...fx.cardPaymentForm, cardNumber: '4111111111111112' }).success).toBe(
      false,
    );
    expect(cardPaymentFormSchema.safeParse({ ...fx.cardPaymentForm, cardNumber: '6011000990139424123' }).success).toBe(
      false,
    );
  });
  it('accepts spaces as typed and keeps digits only', () => {
    const parsed = cardPaymentFormSchema.parse({ ...fx.cardPaymentForm, cardNumber: '4111 1111 1111 1111' });
    expect(parsed.cardNumber).toBe('4111111111111111');
  });
  it('defaults the card country to US', () => {
    const { countryCode: _c, ...rest } = fx.cardPaymentForm;
    expect(cardPaymentFormSchema.parse(rest).countryCode).toBe('US');
  });
});

describe('stored card', () => {
  it('refuses a body that carries the card number or CVV', () => {
    expect(storedCardSchema.safeParse({ ...fx.storedCard, cardNumber: '4111111111111111' }).success).toBe(false);
    expect(storedCardSchema.safeParse({ ...fx.storedCard, securityCode: '123' }).success).toBe(false);
  });
  it('does not echo card data in its error', () => {
    const error = storedCardSchema.safeParse({ ...fx.storedCard, cardNumber: '4111111111111111' }).error;
    expect(JSON.stringify(error?.issues)).not.toContain('4111111111111111');
  });
  it('a booking request carrying a card number in the book form is refused', () => {
    const leaky = {
      ...fx.cardBookingRequest,
      bookForm: {
        ...fx.cardBookingRequest.bookForm,
        paymentCreditCard: { ...fx.storedCard, cardNumber: '4111111111111111' },
      },
    };
    expect(bookingRequestSchema.safeParse(leaky).success).toBe(false);
  });
});

describe('contact and agency forms', () => {
  it('refuses a non-numeric RUC when an invoice is requested', () => {
    const result = contactFormSchema.safeParse({ ...fx.contactForm, ruc: '20ABC345678' });
    expect(result.error?.issues[0]?.path).toEqual(['ruc']);
  });
  it('ignores invoice fields when no invoice is requested', () => {
    expect(contactFormSchema.safeParse({ ...fx.contactForm, invoice: false, ruc: 'x', companyName: '' }).success).toBe(
      true,
    );
  });
  it('needs company name and fiscal address with an invoice', () => {
    const { companyName: _n, companyAddress: _a, ...rest } = fx.contactForm;
    const paths = contactFormSchema.safeParse(rest).error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(['companyName', 'companyAddress']);
  });
  it('defaults the contact country to PE+51 and refuses unknown dial options', () => {
    const { countryCode: _c, ...rest } = fx.contactForm;
    expect(contactFormSchema.parse(rest).countryCode).toBe('PE+51');
    expect(contactFormSchema.safeParse({ ...fx.contactForm, countryCode: 'ZZ+99' }).success).toBe(false);
  });
  it('refuses a non-numeric phone and a bad e-mail', () => {
    expect(contactFormSchema.safeParse({ ...fx.contactForm, phoneNumber: '98-765-4321' }).success).toBe(false);
    expect(contactFormSchema.safeParse({ ...fx.contactForm, email: 'lucia@' }).success).toBe(false);
  });
  it('applies the invoice rule to the agency form through either flag', () => {
    expect(agencyFormSchema.safeParse({ ...fx.agencyForm, isInvoiceChecked: true }).success).toBe(false);
  });
});

describe('countries and dial codes', () => {
  it('lists the dial options in the spec order, Peru first and Venezuela last', () => {
    expect(DIAL_CODES.map((c) => c.dialCode).slice(0, 6)).toEqual(['51', '1', '593', '57', '52', '1-809']);
    expect(DIAL_CODES.at(-1)).toMatchObject({ iso2: 'VE', dialCode: '58' });
    expect(DIAL_CODES).toHaveLength(23);
  });
  it('derives the contact country from the engine profile', () => {
    expect(dialOptionForCountry('PE')).toBe('PE+51');
    expect(dialOptionForCountry('us')).toBe('US+1');
    expect(dialOptionForCountry('XX')).toBeNull();
  });
});

describe('coupons and discounts', () => {
  it('removes spaces and upper-cases the code', () => {
    expect(normaliseCouponCode(' ver ano\t25 ')).toBe('VERANO25');
    expect(couponRequestSchema.parse(fx.couponRequest).promotionalCode).toBe('VERANO25');
  });
  it('refuses an empty or symbol-laden code', () => {
    expect(promotionalCodeSchema.safeParse('   ').success).toBe(false);
    expect(promotionalCodeSchema.safeParse('DROP;TABLE').success).toBe(false);
  });
  it('switches the payment to Banco Ripley for the ripley coupon only', () => {
    expect(couponForcesPayment(' Ripley ')).toBe(121);
    expect(couponForcesPayment('RIPLEY10')).toBeNull();
  });
  it('computes percentage coupons on the booking total to 2 decimals', () => {
    expect(discountAmount({ amount: 5, percentage: true }, 641.69)).toBe(32.08);
    expect(discountAmount({ amount: 15, percentage: false }, 641.69)).toBe(15);
  });
  it('recognises discount descriptions and the SUBVENTION payment code', () => {
    expect(classifyDiscountDescription('SUBVENTION/121')).toEqual({ kind: 'SUBVENTION', paymentCode: 121 });
    expect(classifyDiscountDescription('DISCOUNT_COUPON_BY_FEE_ADDED')).toEqual({
      kind: 'DISCOUNT_COUPON_BY_FEE_ADDED',
    });
    expect(classifyDiscountDescription('DISCOUNT_COUPON').kind).toBe('COUPON');
    expect(classifyDiscountDescription('IGV 18%').kind).toBe('IGV');
    expect(classifyDiscountDescription('something').kind).toBe('OTHER');
  });
  it('splits rph into providers, payment methods and bins', () => {
    expect(parseDiscountRph('100,102-121,122-524601,533958')).toEqual({
      providers: [100, 102],
      paymentMethods: [121, 122],
      bins: ['524601', '533958'],
    });
    expect(parseDiscountRph('')).toEqual({ providers: [], paymentMethods: [], bins: [] });
  });
});

describe('booking', () => {
  it('maps payment status codes to names and back, and accepts either', () => {
    expect(bookingPaymentStatusName(2)).toBe('pending_payment');
    expect(bookingPaymentStatusName(15)).toBe('processing_ticket');
    expect(bookingPaymentStatusName(9)).toBeNull();
    expect(bookingPaymentStatusCode('completed_payment')).toBe(3);
    expect(bookingPaymentStatusCode('paid')).toBeNull();
    expect(bookingPaymentStatusSchema.parse('expired_payment')).toBe(7);
    expect(bookingPaymentStatusSchema.safeParse(12).success).toBe(false);
  });
  it('refuses a failed result claiming status 1 and a success without a PNR', () => {
    expect(bookingResultSchema.safeParse({ ...fx.fareChangeResult, statusCode: 1 }).success).toBe(false);
    expect(bookingResultSchema.safeParse({ ...fx.bookingResult, pnr: undefined }).success).toBe(false);
  });
  it('checks that the fare-change difference is new minus old', () => {
    const fareChange = { ...fx.fareChangeError.fareChange!, difference: 10 };
    expect(bookingErrorSchema.safeParse({ ...fx.fareChangeError, fareChange }).success).toBe(false);
  });
  it('refuses a booking whose terms are not accepted', () => {
    const request = { ...fx.bookingRequest, flightRules: { ...fx.bookingRequest.flightRules, privacyPolicies: false } };
    expect(bookingRequestSchema.safeParse(request).success).toBe(false);
  });
  it('refuses a booking without an idempotency key', () => {
    const { idempotencyKey: _k, ...rest } = fx.bookingRequest;
    expect(bookingRequestSchema.safeParse(rest).success).toBe(false);
  });
  it('picks the dialog of each error code', () => {
    expect(bookingErrorDialog(1000, false)).toBe('duplicate');
    expect(bookingErrorDialog(1002, true)).toBe('fareChange');
    expect(bookingErrorDialog(1002, false)).toBe('fareChangedNoData');
    expect([1003, 1004, 1010, 1020].map((c) => bookingErrorDialog(c, false))).toEqual(Array(4).fill('unexpected'));
    expect(bookingErrorDialog(1007, false)).toBe('attemptLimit');
    expect(bookingErrorDialog(402, false)).toBe('itError');
    expect(bookingErrorDialog(1303, false)).toBe('providerError');
    expect(bookingErrorDialog(999, false)).toBe('other');
  });
});

describe('seats and time bands', () => {
  it('only A and Available seats can be chosen', () => {
    expect(['A', 'Available', 'T', 'Unavailable', 'S'].map(isSeatSelectable)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
  it('reads offerItemId and passenger as the canonical offerItemID and passengerSelected', () => {
    const seat = selectedSeatSchema.parse({
      row: 5,
      column: 'A',
      indexSegment: 0,
      passenger: { id: 'PAX1', passengerTypeCode: 'CNN' },
      offerItemId: 'S0-5A-PAX1',
      price: 6,
    });
    expect(seat.offerItemID).toBe('S0-5A-PAX1');
    expect(seat.passengerSelected.passengerTypeCode).toBe('CHD');
  });
  it('bands hours into day 06–17, evening 17–21 and night', () => {
    expect([5, 6, 16, 17, 20, 21, 0].map(timeOfDayBand)).toEqual([
      'night',
      'day',
      'day',
      'evening',
      'evening',
      'night',
      'night',
    ]);
  });
});

describe('search-side parts of the booking request', () => {
  it('are the full search.ts / fares.ts objects, not loose bags', () => {
    const { segments: _s, ...flightWithoutSegments } = fx.limCuzFlights[0]!;
    expect(bookingRequestSchema.safeParse({ ...fx.bookingRequest, flights: [flightWithoutSegments] }).success).toBe(
      false,
    );
    expect(bookingRequestSchema.safeParse({ ...fx.bookingRequest, recommendation: { id: 'x' } }).success).toBe(false);
    const searchParams = { ...fx.limCuzSearchParams, flightType: 'OW' };
    expect(bookingRequestSchema.safeParse({ ...fx.bookingRequest, searchParams }).success).toBe(false);
  });
});
