/**
 * After-booking contract (spec 3): payment orders and their statuses, card and wallet payments
 * (Niubiz, PayPal, instalment bank), seat offers, baggage, the post-sale ancillaries purchase, credit
 * line and the orderId route parameter.
 *
 * Builds on checkout.ts (never the other way round). Shared pieces defined there — seats, discount
 * lines and booking payment statuses — are re-exported here so after-booking code imports one module.
 */
import cardValidator from 'card-validator';
import { z } from 'zod';
import { iataCodeSchema, isoDateSchema, sessionIdSchema, terminalIdSchema } from './common.ts';
import { flightSchema, recommendationSchema, searchRequestSchema } from './search.ts';
import {
  cardHolderFields,
  CARD_CHECKOUT_CURRENCY,
  bookingResultSchema,
  cardBrandSchema,
  cardExpirySchema,
  cardNumberSchema,
  emailSchema,
  engineRefSchema,
  moneySchema,
  passengerTypeInputSchema,
  paymentCodeSchema,
  pnrSchema,
  rucSchema,
  seatPassengerSchema,
  seatSegmentSchema,
  seatMapRequestSchema,
  securityCodeSchema,
  selectedSeatSchema,
  storedCardSchema,
} from './checkout.ts';

export {
  BOOKING_PAYMENT_STATUS,
  bookingPaymentStatusCode,
  bookingPaymentStatusCodeSchema,
  bookingPaymentStatusName,
  bookingPaymentStatusNameSchema,
  bookingPaymentStatusSchema,
  classifyDiscountDescription,
  discountAmount,
  discountLineSchema,
  isSeatSelectable,
  parseDiscountRph,
  seatColumnSchema,
  seatOfferItemSchema,
  seatRowSchema,
  seatSegmentSchema,
  seatStatusSchema,
  selectedSeatSchema,
} from './checkout.ts';
export type {
  BookingPaymentStatusCode,
  BookingPaymentStatusName,
  DiscountLine,
  SeatRow,
  SeatStatus,
  SelectedSeat,
} from './checkout.ts';

// ── Payment order (spec 3 §3, §4) ──

/** PP pending, CPO/SQ paid, POC cancelled, EPO expired; anything else is an error screen. */
export const paymentOrderStatusSchema = z.enum(['PP', 'CPO', 'SQ', 'POC', 'EPO']);
export type PaymentOrderStatus = z.infer<typeof paymentOrderStatusSchema>;
export type PaymentOrderScreen = 'pending' | 'paid' | 'cancelled' | 'expired' | 'error';

/** Which screen a payment order shows (spec 3 §4 table). Unknown or empty statuses are errors. */
export function paymentOrderScreen(status: string | null | undefined): PaymentOrderScreen {
  switch (status?.trim().toUpperCase()) {
    case 'PP':
      return 'pending';
    case 'CPO':
    case 'SQ':
      return 'paid';
    case 'POC':
      return 'cancelled';
    case 'EPO':
      return 'expired';
    default:
      return 'error';
  }
}

/** Allowed lifecycle moves (architecture: the server refuses illegal transitions). */
export const PAYMENT_ORDER_TRANSITIONS: Record<PaymentOrderStatus, readonly PaymentOrderStatus[]> = {
  PP: ['CPO', 'SQ', 'POC', 'EPO'],
  CPO: [],
  SQ: [],
  POC: [],
  EPO: [],
};

/** A masked card number: at most the first six and the last four digits in clear. */
export const cardMaskSchema = z.string().regex(/^\d{0,6}[*Xx•]{2,}\d{4}$/, 'Expected a masked card number');

export const paymentOrderSchema = z.object({
  number: z.string().min(1),
  status: paymentOrderStatusSchema,
  amount: moneySchema,
  datetime: z.iso.datetime({ offset: true }),
  /** The booking code (PNR). */
  reference: z.string().min(1),
  provider: z.object({ id: paymentCodeSchema, currency: z.string().length(3) }),
  client: z.object({
    name: z.string(),
    lastName: z.string(),
    document: z.object({ docID: z.string() }),
  }),
  paymentDetail: z
    .object({
      paymentCard: z.object({
        name: z.string(),
        lastName: z.string(),
        email: emailSchema,
        cardMask: cardMaskSchema,
        cardBrand: cardBrandSchema,
      }),
    })
    .nullable()
    .optional(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const orderNumberParamsSchema = z.object({ orderNumber: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
export const paymentOrderResponseSchema = z.object({ status: z.literal(200), data: paymentOrderSchema });
/** Payment-provider code by order number (spec 3 §7, last row). */
export const paymentProviderCodeResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ code: paymentCodeSchema }),
});

/** Payment error codes and types (spec 3 §8); meanings not shown. */
export const PAYMENT_ERROR_CODES = [
  1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1021, 1022, 1023, 1024,
] as const;
export const paymentTypeSchema = z.enum(['CARD', 'CASH']);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

// ── Card result and card checkout (spec 3 §3, spec 2 §7) ──

export const cardResultSchema = z.object({
  number: z.string().min(1),
  datetime: z.iso.datetime({ offset: true }),
  amount: moneySchema,
  provider: z.object({ currency: z.string().length(3) }),
  reference: z.string(),
  name: z.string(),
  lastName: z.string(),
  cardMask: cardMaskSchema,
  cardBrand: cardBrandSchema,
  errorMessage: z.string().nullable().optional(),
});
export type CardResult = z.infer<typeof cardResultSchema>;

/** `/niubiz/confirmation/:result/:id` (spec 3 §2). */
export const cardResultParamsSchema = z.object({ result: z.enum(['success', 'rejected']), id: z.string().min(1) });

/** The card checkout post: amount in cents, currency 840, hash verification, 20-minute expiry. */
export const cardCheckoutFormSchema = z.object({
  orderNumber: z.string().min(1),
  providerCode: paymentCodeSchema,
  amountCents: z.number().int().positive(),
  currency: z.literal(CARD_CHECKOUT_CURRENCY),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'Expected a SHA-256 hex digest'),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CardCheckoutForm = z.infer<typeof cardCheckoutFormSchema>;

/** US$ to cents without float drift. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

// ── Post-sale card form (spec 3 §3, §5) — client → gateway only ──

/**
 * The extras-purchase card form. The spec's CVV readings disagree (3 digits / 6 for Amex / 3–4);
 * we follow the card: card-validator's code size for the detected brand (Amex CID is 4).
 */
export const postSaleCardFormSchema = z
  .object({
    cardNumber: cardNumberSchema,
    expirationDate: cardExpirySchema,
    securityCode: securityCodeSchema,
    ...cardHolderFields,
    isAmericanExpress: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    const card = cardValidator.number(form.cardNumber).card;
    if (card && (card.type === 'american-express') !== form.isAmericanExpress) {
      ctx.addIssue({ code: 'custom', message: 'Card type does not match the number', path: ['isAmericanExpress'] });
    }
    const size = card ? card.code.size : form.isAmericanExpress ? 4 : 3;
    if (!cardValidator.cvv(form.securityCode, size).isValid) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid cvv', path: ['securityCode'] });
    }
  });
export type PostSaleCardForm = z.infer<typeof postSaleCardFormSchema>;

/** Re-entered number must match the first one by last four digits (spec 3 §4 step 2). */
export const CARD_MISMATCH_MESSAGE = 'Número de tarjeta no coincide con la ingresada anteriormente !';
export const CARD_TOKEN_FAILURE_MESSAGE = 'Error procesando el pago datos de la tarjeta no son válidos';

// ── Invoice and credit line (spec 3 §3, §5) ──

export const invoiceDataSchema = z.object({
  ruc: rucSchema,
  companyName: z.string().trim().min(1).max(120),
  companyAddress: z.string().trim().min(1).max(200),
});
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

export const creditLimitSchema = z.object({ debts: moneySchema, available: moneySchema });
export type CreditLimit = z.infer<typeof creditLimitSchema>;
export const creditLimitParamsSchema = z.object({ accountId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
/** USA variant body; isUSA is true when the point-of-sale country is not PE (spec 3 §7). */
export const creditLimitUsaRequestSchema = z.object({ accountId: z.string().min(1), isUSA: z.boolean() });
export const creditLimitResponseSchema = z.object({ status: z.literal(200), data: creditLimitSchema });

// ── Seats after booking (spec 3 §3) ──

export const seatOfferSchema = z.object({
  seatInfo: z.object({ offerId: z.string().min(1), orderId: z.string().min(1), responseId: z.string().min(1) }),
  passengers: z.array(z.object({ id: z.string().min(1), passengerTypeCode: passengerTypeInputSchema })),
  segments: z.array(seatSegmentSchema),
});
export type SeatOffer = z.infer<typeof seatOfferSchema>;

/**
 * Airline booking reference block of an order (spec 3 §3 "Order transaction": pos.isocountry,
 * pos.requestorID.id) and the record locator it refers to. Exactly these fields: it is stored in the
 * session and sent back, so nothing else (supplier extras, card data) may ride along.
 */
export const airBookSchema = z.strictObject({
  pos: z.strictObject({
    isocountry: z.string().length(2),
    requestorID: z.strictObject({ id: z.string().min(1).max(40) }),
  }),
  bookingReferenceID: z.strictObject({ id: pnrSchema }).optional(),
});
export type AirBook = z.infer<typeof airBookSchema>;

export const orderTransactionSchema = z.object({ id: z.string().min(1), airBook: airBookSchema });
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

const bookingContextRequestSchema = z.object({
  recommendation: recommendationSchema,
  searchParams: searchRequestSchema,
  flights: z.array(flightSchema).min(1),
  engine: engineRefSchema,
  sessionID: sessionIdSchema,
});
const orderRequestSchema = z.object({ hasOrderId: z.literal(true), airBook: airBookSchema });

/**
 * POST /api/flights/seats: for a booking in session, or for an existing order (spec 3 §7). The checkout's
 * request (`seatMapRequestSchema`, before booking) is the session variant without `booking`.
 */
export const seatsRequestSchema = z.union([orderRequestSchema, seatMapRequestSchema.extend({ booking: bookingResultSchema.optional() })]);
export const seatsResponseSchema = z.object({
  status: z.literal(200),
  data: seatOfferSchema,
  airBook: airBookSchema.optional(),
  transactionId: z.string().optional(),
});

/** POST /api/flights/seats/add (spec 3 §7): the seat purchase as an air reservation; errors only logged. */
export const seatsAddRequestSchema = bookingContextRequestSchema.extend({
  airReservation: z.object({
    fulfillment: z.object({
      paymentDetails: z.object({ paymentType: z.literal('CASH'), amount: moneySchema }),
    }),
    travelerInfo: z.object({
      airTraveler: z.array(z.object({ passengerId: z.string().min(1), seats: z.array(z.string()) })),
    }),
    arrangerInfo: z.object({ offerId: z.string(), orderId: z.string(), responseId: z.string() }),
    bookingReferenceID: pnrSchema,
  }),
});

// ── Baggage after booking (spec 3 §3) ──

/** Baggage codes with their descriptions (spec 3 §3). */
export const BAGGAGE_CODES = {
  '0C3': { en: 'First additional baggage', es: 'Primera maleta adicional' },
  '0JT': { en: 'Second additional baggage', es: 'Segunda maleta adicional' },
  '0JO': { en: 'Third additional baggage', es: 'Tercera maleta adicional' },
  '0C1': { en: '15 kg baggage', es: 'Maleta de 15 kilos' },
  HBG: { en: 'Carry-on baggage', es: 'Equipaje de mano' },
  '0K6': { en: 'Overweight', es: 'Sobrepeso' },
} as const;
export const baggageCodeSchema = z.enum(['0C3', '0JT', '0JO', '0C1', 'HBG', '0K6']);
export type BaggageCode = z.infer<typeof baggageCodeSchema>;

export const baggageItemSchema = z.object({
  code: baggageCodeSchema,
  name: z.string(),
  /** Kilograms. */
  weight: z.number().positive(),
  price: moneySchema,
  /** Selected or not. */
  status: z.boolean().default(false),
});
export type BaggageItem = z.infer<typeof baggageItemSchema>;

export const baggageListEntrySchema = z.object({
  segments: z.array(z.object({ origin: iataCodeSchema, destination: iataCodeSchema })).min(1),
  baggageInfo: z.array(baggageItemSchema),
});

export const baggageFlightSchema = z.object({
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  passengers: z.array(z.object({ pax: seatPassengerSchema, baggagesByPassenger: z.array(baggageItemSchema) })),
});
export type BaggageFlight = z.infer<typeof baggageFlightSchema>;

/** One chosen bag as sent to the airline (EMD data). */
export const baggageSelectionDetailSchema = z.object({
  offerItem: z.string().min(1),
  price: moneySchema,
  name: z.string(),
  flightIndex: z.number().int().min(0),
  code: baggageCodeSchema,
  subcode: z.string(),
  rficCode: z.string().regex(/^[A-Z]$/),
  airline: z.string().regex(/^[A-Z0-9]{2}$/),
  bookingIndicator: z.string().optional(),
  vendor: z.string().optional(),
  emdType: z.string().optional(),
  basePrice: moneySchema,
  taxAmount: moneySchema,
  taxCode: z.string().optional(),
  /** Which passenger (index in the order) the bag is for. */
  passengerIndex: z.number().int().min(0),
});
export type BaggageSelectionDetail = z.infer<typeof baggageSelectionDetailSchema>;

export const baggagesRequestSchema = z.union([orderRequestSchema, bookingContextRequestSchema]);
export const baggagesResponseSchema = z.object({ status: z.literal(200), data: z.array(baggageFlightSchema) });

// ── Order ancillaries and previous purchases (spec 3 §3) ──

export const summarySeatRowSchema = z.object({
  segmentIndex: z.number().int().min(0),
  row: z.number().int().positive(),
  column: z.string().regex(/^[A-Z]$/),
  price: moneySchema,
  ticket: z.string().optional(),
});
export const summaryBaggageRowSchema = z.object({
  flightIndex: z.number().int().min(0),
  name: z.string(),
  price: moneySchema,
  ticket: z.string().optional(),
});
const ancillaryCommon = { passengerIndex: z.number().int().min(0), passengerType: passengerTypeInputSchema };
export const summaryAncillarySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat'), ...ancillaryCommon, info: z.array(summarySeatRowSchema) }),
  z.object({ type: z.literal('baggage'), ...ancillaryCommon, info: z.array(summaryBaggageRowSchema) }),
]);
/** One earlier purchase ('Compra N' in 'Resumen de compra anterior'). */
export const summaryEntrySchema = z.object({
  ancillariesInfo: z.object({ ancillaries: z.array(summaryAncillarySchema) }),
  paymentInfo: z.object({ paymentType: paymentTypeSchema }),
  bookingReference: z.object({ pnr: pnrSchema }),
  date: z.iso.datetime({ offset: true }),
});
export type SummaryEntry = z.infer<typeof summaryEntrySchema>;

export const seatsSelectedRequestSchema = z.object({
  seatsRQ: z.object({
    passengersWithSeats: z.array(z.object({ passengerId: z.string().min(1), seats: z.array(selectedSeatSchema) })),
  }),
});
export const baggagesSelectedRequestSchema = z.object({ baggagesRQ: z.array(baggageSelectionDetailSchema) });

export const orderAncillariesResultSchema = z.object({
  hasPreviousTryOfBuyAncilliaries: z.boolean(),
  seats: z.object({ segments: z.array(seatSegmentSchema) }),
  baggages: z.object({ baggages: z.array(baggageFlightSchema) }),
  airBook: airBookSchema.nullable(),
  transactionId: z.string().nullable(),
  seatsSelectedRQ: seatsSelectedRequestSchema.nullable().optional(),
  baggagesSelectedRQ: baggagesSelectedRequestSchema.nullable().optional(),
  ancillariesSummary: z.array(summaryEntrySchema).default([]),
});
export type OrderAncillariesResult = z.infer<typeof orderAncillariesResultSchema>;

/** 'Advertencia' pop-up text for an order with earlier purchase attempts (spec 3 §2). */
export const PREVIOUS_ATTEMPT_WARNING =
  'Este orderId tiene intentos previos de compra de ancilliaries, por favor verificar con personal de counter o en el portal de Latam';

/** POST /api/ancillaries/orderId: by order id, or by Sabre record locator (spec 3 §7). */
export const ancillariesByOrderIdRequestSchema = z.union([
  z.object({ orderId: z.string().min(1) }),
  z.object({ recordLocator: pnrSchema, isFromSabreSkyGDS: z.literal(true) }),
]);
export const ancillariesByOrderIdResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ ancillaries: orderAncillariesResultSchema }),
});

/** POST /api/transactions/orderId (spec 3 §7): data.transactions[0] gives id and airBook. */
export const transactionsByOrderIdRequestSchema = z.object({ orderId: z.string().min(1) });
export const transactionsByOrderIdResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ transactions: z.array(orderTransactionSchema) }),
});

/** Buying extras for an existing order (spec 3 §7 "Ancillaries purchase"). Card data is a token. */
export const ancillariesPurchaseRequestSchema = z
  .object({
    sessionID: sessionIdSchema.optional(),
    transactionId: z.string().min(1),
    airBook: airBookSchema,
    seats: z.array(selectedSeatSchema).default([]),
    baggages: z.array(baggageSelectionDetailSchema).default([]),
    paymentOption: paymentTypeSchema,
    paymentCard: storedCardSchema.nullable().default(null),
    /** Credit-line emission by a named authorizer (spec 3 §2, §6). */
    authorization: z
      .object({ authorizerId: z.string().min(1) })
      .nullable()
      .default(null),
    invoice: invoiceDataSchema.nullable().default(null),
    isBusiness: z.boolean().default(false),
  })
  .refine((r) => r.seats.length + r.baggages.length > 0, { message: 'Nothing to buy', path: ['seats'] })
  .refine((r) => r.paymentOption !== 'CARD' || r.paymentCard !== null, {
    message: 'Por favor, completar datos de tarjeta o algún dato tiene formato incorrecto',
    path: ['paymentCard'],
  });
export type AncillariesPurchaseRequest = z.infer<typeof ancillariesPurchaseRequestSchema>;

// ── Book seats (spec 3 §4, §7) ──

export const bookSeatsRequestSchema = z.object({
  sessionID: sessionIdSchema,
  ancilliaries: orderAncillariesResultSchema.partial().optional(),
  seats: z.array(selectedSeatSchema).default([]),
  baggages: z.array(baggageSelectionDetailSchema).default([]),
});
export type BookSeatsRequest = z.infer<typeof bookSeatsRequestSchema>;
export const bookSeatsResponseSchema = z.object({
  transactionStatusCode: z.number().int(),
  errors: z
    .object({ error: z.array(z.object({ value: z.string() })) })
    .nullable()
    .optional(),
});
export type BookSeatsResponse = z.infer<typeof bookSeatsResponseSchema>;

/** Status recorded when booking seats throws on the client (spec 3 §4). */
export const BOOK_SEATS_CLIENT_FAILURE_CODE = 1003;
export const BOOK_SEATS_FALLBACK_ERROR = 'No se pudo emitir las sillas : Error interno en la aplicación react';

/** Where a seat-booking outcome goes (spec 3 §4): 1 process, 2 warning, else error. */
export function bookSeatsRoute(transactionStatusCode: number | null, sessionID: string | null): string {
  if (transactionStatusCode === null || sessionID === null) return '/vuelos/seats/all/process/error/0';
  if (transactionStatusCode === 1) return `/vuelos/seats/all/process/${sessionID}`;
  if (transactionStatusCode === 2) return `/vuelos/seats/all/process/warning/${sessionID}`;
  return `/vuelos/seats/all/process/error/${sessionID}`;
}

// ── Niubiz (spec 3 §2, §4, §7) ──

export const NIUBIZ = {
  alias: 'KS',
  currencyConversion: false,
  recurrence: false,
  defaultInstallments: 0,
  failureStatus: '3',
  failureMessage: 'No se pudo establecer conexión con Niubiz',
} as const;

/** Payment token request ('Realizar pago'): amount, purchase number, e-mail, document id, provider. */
export const niubizTokenRequestSchema = z.object({
  amount: moneySchema.refine((n) => n > 0, 'Amount must be positive'),
  purchaseNumber: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  email: emailSchema,
  documentId: z.string().trim().min(1).max(20),
  paymentProviderCode: paymentCodeSchema,
});
/** The spec does not show the token answer; this is what the hosted card form needs. */
export const niubizTokenResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    sessionToken: z.string().min(1),
    merchantId: z.string().min(1),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});

export const niubizAuthorizationRequestSchema = z.object({
  transactionToken: z.string().min(1),
  amount: moneySchema,
  purchase: z.string().min(1),
  name: z.string().min(1),
  lastName: z.string().min(1),
  email: emailSchema,
  paymentProviderCode: paymentCodeSchema,
  /** 0 is 'Sin cuotas' (spec 3 §2, §9). */
  installments: z.number().int().min(0).max(36).default(0),
});
export const niubizAuthorizationApprovedSchema = z.object({
  status: z.literal('1'),
  orderNumber: z.string().min(1),
  currency: z.string().length(3),
  cardMask: cardMaskSchema,
  cardBrand: cardBrandSchema,
  name: z.string(),
  lastName: z.string(),
  email: emailSchema,
  /** Spelled so on the wire (spec 3 §7). */
  merchandId: z.string(),
  authorizationCode: z.string(),
  cardType: z.string(),
  transactionDate: z.string(),
  paymentDate: z.string(),
});
/** Any status other than '1' is rejected; a failure to reach Niubiz is status '3' (spec 3 §4). */
export const niubizAuthorizationRejectedSchema = z.object({
  status: z.string().refine((s) => s !== '1'),
  message: z.string().optional(),
  errorMessage: z.string().optional(),
});
export const niubizAuthorizationResponseSchema = z.union([
  niubizAuthorizationApprovedSchema,
  niubizAuthorizationRejectedSchema,
]);
export type NiubizAuthorizationResponse = z.infer<typeof niubizAuthorizationResponseSchema>;
/** POST engines/niubiz/notify carries the approved authorization. */
export const niubizNotifyRequestSchema = niubizAuthorizationApprovedSchema;

/** Dividelo split-payment token: a client-credentials grant made by the server (spec 2 §7). */
export const divideloTokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

// ── PayPal Orders v2 (spec 3 §7, §9) ──

export const PAYPAL = {
  intent: 'CAPTURE',
  description: 'RESERVA DE VUELO',
  shippingPreference: 'NO_SHIPPING',
  payerCountryCode: 'PE',
  currency: 'USD',
} as const;

/** PayPal money: a decimal string with 2 decimals. */
export const paypalMoneySchema = z.object({
  currency_code: z.literal('USD'),
  value: z.string().regex(/^\d+\.\d{2}$/, 'Expected an amount with 2 decimals'),
});
export function paypalAmount(amount: number): z.infer<typeof paypalMoneySchema> {
  return { currency_code: 'USD', value: amount.toFixed(2) };
}

export const paypalOrderCreateRequestSchema = z.object({
  intent: z.literal('CAPTURE'),
  application_context: z.object({
    shipping_preference: z.literal('NO_SHIPPING'),
    brand_name: z.string().optional(),
    return_url: z.url().optional(),
    cancel_url: z.url().optional(),
  }),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().min(1),
        description: z.string().max(127),
        amount: paypalMoneySchema.extend({ breakdown: z.object({ item_total: paypalMoneySchema }) }),
        items: z.array(
          z.object({
            name: z.string().min(1).max(127),
            quantity: z.string().regex(/^\d+$/),
            unit_amount: paypalMoneySchema,
            category: z.enum(['DIGITAL_GOODS', 'PHYSICAL_GOODS', 'DONATION']).optional(),
          }),
        ),
        supplementary_data: z
          .object({
            airline: z.object({
              passengers: z.array(z.object({ name: z.object({ given_name: z.string(), surname: z.string() }) })),
              flight_legs: z.array(
                z.object({
                  flight_number: z.string(),
                  carrier_code: z.string().regex(/^[A-Z0-9]{2}$/),
                  departure_airport: iataCodeSchema,
                  arrival_airport: iataCodeSchema,
                  departure_date: isoDateSchema,
                }),
              ),
            }),
          })
          .optional(),
      }),
    )
    .min(1),
  payer: z.object({
    name: z.object({ given_name: z.string(), surname: z.string() }),
    email_address: emailSchema,
    address: z.object({ country_code: z.string().length(2) }),
  }),
});
export type PaypalOrderCreateRequest = z.infer<typeof paypalOrderCreateRequestSchema>;
export const paypalOrderCreateResponseSchema = z.looseObject({ id: z.string().min(1), status: z.string() });
export const paypalOrderCaptureRequestSchema = z.object({ orderID: z.string().min(1) });
export const paypalOrderCaptureResponseSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(['COMPLETED', 'APPROVED', 'VOIDED', 'PAYER_ACTION_REQUIRED', 'CREATED', 'SAVED']),
});
/** POST /api/engines/notify/paypal forwards the capture response. */
export const paypalNotifyRequestSchema = paypalOrderCaptureResponseSchema;

// ── Instalment bank (137) encrypted form (spec 3 §2, §7) ──

export const getFormEncryptedRequestSchema = z.object({
  orderNumber: z.string().min(1),
  amount: moneySchema,
  providerCode: paymentCodeSchema,
  terminalId: terminalIdSchema.optional(),
});
/** Posted as a hidden `data` field to the bank's page; an empty list when nothing came back. */
export const encryptedFormSchema = z.object({ action: z.url(), data: z.string().min(1) });
export const getFormEncryptedResponseSchema = z.object({ status: z.literal(200), data: z.array(encryptedFormSchema) });

// ── Post-sale orderId route parameter (spec 3 §2) ──

export type PostSaleOrderRef = {
  /** Order id, or a Sabre record locator when 6 characters long. */
  identifier: string;
  /** Marker letter after the dash, if any. */
  marker: string | null;
  /** Marker 'b': the purchase comes from the business channel. */
  isBusiness: boolean;
  isSabreRecordLocator: boolean;
};

/**
 * Decode `/seats/all/orderId/:orderId`: base64 (standard or URL-safe, padding optional) of
 * `identifier-` plus an optional marker letter. Null for anything else.
 */
export function decodePostSaleOrderId(param: string): PostSaleOrderRef | null {
  const body = param.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (body === '' || !/^[A-Za-z0-9+/]+$/.test(body) || body.length % 4 === 1) return null;
  let text: string;
  try {
    text = atob(body.padEnd(Math.ceil(body.length / 4) * 4, '='));
  } catch {
    return null;
  }
  const match = /^([A-Za-z0-9]+)-([A-Za-z])?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const identifier = match[1];
  const marker = match[2] ?? null;
  return { identifier, marker, isBusiness: marker === 'b', isSabreRecordLocator: identifier.length === 6 };
}

/** The inverse, for links and tests. */
export function encodePostSaleOrderId(identifier: string, marker?: string): string {
  return btoa(`${identifier}-${marker ?? ''}`);
}

export const postSaleOrderIdParamSchema = z.string().transform((param, ctx) => {
  const ref = decodePostSaleOrderId(param);
  if (ref === null) {
    ctx.addIssue({ code: 'custom', message: 'Invalid order id', input: param });
    return z.NEVER;
  }
  return ref;
});
