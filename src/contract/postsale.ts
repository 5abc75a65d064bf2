/**
 * After-booking contract (spec 3): payment orders and their statuses, card and wallet payments
 * (Niubiz, PayPal, instalment bank), seat offers, baggage, the post-sale ancillaries purchase, credit
 * line and the orderId route parameter.
 *
 * Builds on checkout.ts (never the other way round). Shared pieces defined there — seats, discount
 * lines and booking payment statuses — are re-exported here so after-booking code imports one module.
 */
import { z } from 'zod';
import { emailSchema, iataCodeSchema, isoDateSchema, sessionIdSchema, terminalIdSchema } from './common.ts';
import {
  CARD_CHECKOUT_CURRENCY,
  bookingResultSchema,
  cardBrandSchema,
  moneySchema,
  passengerTypeInputSchema,
  paymentCodeSchema,
  pnrSchema,
  rucSchema,
  seatPassengerSchema,
  seatSegmentSchema,
  seatMapRequestSchema,
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

// Its schema, which needs card-validator, is in card-forms.ts.

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

/** An agency's credit line in US$: what it owes (debts) and what it may still spend (available = limit − debts, never below 0). */
export const creditLimitSchema = z.object({ debts: moneySchema, available: moneySchema });
export type CreditLimit = z.infer<typeof creditLimitSchema>;
/** The agency account id (AG-ANDES) or the terminal id of its engine (2113855): both name the same credit line. */
export const creditAccountIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Expected an account id');
export const creditLimitParamsSchema = z.object({ accountId: creditAccountIdSchema });
/** USA variant body; isUSA is true when the point-of-sale country is not PE (spec 3 §7). */
export const creditLimitUsaRequestSchema = z.object({ accountId: creditAccountIdSchema, isUSA: z.boolean() });
export const creditLimitResponseSchema = z.object({ status: z.literal(200), data: creditLimitSchema });

/**
 * The people who may authorise a credit-line emission beyond the available credit (spec 3 §2, §6). The spec
 * prints no names: each is shown by a role-like display name ('Gerente de cuentas'), chosen by its id.
 */
export const creditAuthorizerSchema = z.object({ id: z.string().min(1).max(40), displayName: z.string().min(1).max(80) });
export type CreditAuthorizer = z.infer<typeof creditAuthorizerSchema>;
export const creditAuthorizersResponseSchema = z.object({ status: z.literal(200), data: z.array(creditAuthorizerSchema) });

// ── Seats after booking (spec 3 §3) ──

export const seatOfferSchema = z.object({
  seatInfo: z.object({ offerId: z.string().min(1), orderId: z.string().min(1), responseId: z.string().min(1) }),
  passengers: z.array(seatPassengerSchema),
  segments: z.array(seatSegmentSchema),
});
export type SeatOffer = z.infer<typeof seatOfferSchema>;

/**
 * Airline booking reference block of an order (spec 3 §3 "Order transaction": pos.isocountry,
 * pos.requestorID.id) and the record locator it refers to. Exactly these fields: it is stored in the
 * session and sent back, so nothing else (supplier extras, card data) may ride along. Our orders: the
 * requestor is the terminal (engine) id the order was booked on, the reference its PNR.
 */
export const airBookSchema = z.strictObject({
  pos: z.strictObject({
    isocountry: z.string().length(2),
    requestorID: z.strictObject({ id: z.string().min(1).max(40) }),
  }),
  bookingReferenceID: z.strictObject({ id: pnrSchema }).optional(),
});
export type AirBook = z.infer<typeof airBookSchema>;

/** One transaction of an order; ours have one, whose id is the app's order id (ORD-20261123-000123). */
export const orderTransactionSchema = z.object({ id: z.string().min(1), airBook: airBookSchema });
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

/** The order variant of the seat and baggage calls: the order's airBook (transactions/orderId) names it. */
export const orderRequestSchema = z.object({ hasOrderId: z.literal(true), airBook: airBookSchema });

/**
 * POST /api/flights/seats: for a booking in session, or for an existing order (spec 3 §7). The checkout's
 * request (`seatMapRequestSchema`, before booking) is the session variant without `booking`.
 */
export const seatsRequestSchema = z.union([orderRequestSchema, seatMapRequestSchema.extend({ booking: bookingResultSchema.optional() })]);
/**
 * The order variant's answer: the seat map of the booked flights for the order's seated passengers (PAX1 …
 * in booking order, infants left out), seats sold to anyone (this order included) shown taken (T) with no
 * offer items; `airBook` and `transactionId` echo the order.
 */
export const seatsResponseSchema = z.object({
  status: z.literal(200),
  data: seatOfferSchema,
  airBook: airBookSchema.optional(),
  transactionId: z.string().optional(),
});

/** POST /api/flights/seats/add (spec 3 §7): the seat purchase as an air reservation; errors only logged. */
export const seatsAddRequestSchema = z.object({
  airReservation: z.object({
    fulfillment: z.object({
      paymentDetails: z.object({ paymentType: z.literal('CASH'), amount: moneySchema }),
    }),
    travelerInfo: z.object({
      airTraveler: z.array(z.object({ passengerId: z.string().min(1), seats: z.array(z.string().regex(/^\d{1,3}[A-Z]$/)) })),
    }),
    arrangerInfo: z.object({ offerId: z.string(), orderId: z.string(), responseId: z.string() }),
    bookingReferenceID: pnrSchema,
  }),
  sessionID: sessionIdSchema.optional(),
});
/** Which of the reservation's seats the order holds (per segment index, `12C`); the web only logs a failure. */
export const seatsAddResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ held: z.array(z.object({ segmentIndex: z.number().int().min(0), seat: z.string() })), missing: z.array(z.string()) }),
});

// ── Baggage after booking (spec 3 §3) ──

/** Baggage codes with their descriptions (spec 3 §3). The server sends codes; the web translates them. */
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
  /** The offer item to send back when buying this bag (post-sale: `B{flightIndex}-{code}-{paxId}`). */
  offerItem: z.string().min(1).optional(),
  code: baggageCodeSchema,
  /** The server's answers put the code here too: the web shows the translated name of `code`. */
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

/** POST /api/flights/baggages: the order variant (the checkout sells bags through /flights/ancillaries). */
export const baggagesRequestSchema = orderRequestSchema;
/** Per booked flight (leg), per seated passenger (PAX1 … as in the seat map), the bags the supplier sells; [] when none. */
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
  /** The bag's code (translated by the web); absent only in summaries from elsewhere. */
  code: baggageCodeSchema.optional(),
  name: z.string(),
  price: moneySchema,
  ticket: z.string().optional(),
});
const ancillaryCommon = { passengerIndex: z.number().int().min(0), passengerType: passengerTypeInputSchema };
export const summaryAncillarySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('seat'), ...ancillaryCommon, info: z.array(summarySeatRowSchema) }),
  z.object({ type: z.literal('baggage'), ...ancillaryCommon, info: z.array(summaryBaggageRowSchema) }),
]);
/** One earlier purchase ('Compra N' in 'Resumen de compra anterior'): what it issued, per passenger. */
export const summaryEntrySchema = z.object({
  ancillariesInfo: z.object({ ancillaries: z.array(summaryAncillarySchema) }),
  paymentInfo: z.object({ paymentType: paymentTypeSchema, amount: moneySchema.optional() }),
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

/**
 * An order's extras as the post-sale page loads them (spec 3 §4 "Loading ancillaries for an order"): the
 * seat map and the bags, each empty when it could not be had (they degrade independently), the order's
 * transaction, whether it had earlier purchase attempts (any recorded purchase, successful or refused)
 * and the summary of its earlier purchases that issued something ('Compra 1', 'Compra 2' …, oldest first).
 */
export const orderAncillariesResultSchema = z.object({
  hasPreviousTryOfBuyAncilliaries: z.boolean(),
  seats: z.object({ segments: z.array(seatSegmentSchema), passengers: z.array(seatPassengerSchema).optional() }),
  baggages: z.object({ baggages: z.array(baggageFlightSchema) }),
  airBook: airBookSchema.nullable(),
  transactionId: z.string().nullable(),
  seatsSelectedRQ: seatsSelectedRequestSchema.nullable().optional(),
  baggagesSelectedRQ: baggagesSelectedRequestSchema.nullable().optional(),
  ancillariesSummary: z.array(summaryEntrySchema).default([]),
  /** The order's credit line (GET engines/creditLimit/{creditAccountId}); null when its agency has none. */
  creditAccountId: z.string().nullable().optional(),
});
export type OrderAncillariesResult = z.infer<typeof orderAncillariesResultSchema>;

/** 'Advertencia' pop-up text for an order with earlier purchase attempts (spec 3 §2). */
export const PREVIOUS_ATTEMPT_WARNING =
  'Este orderId tiene intentos previos de compra de ancilliaries, por favor verificar con personal de counter o en el portal de Latam';

/** POST /api/ancillaries/orderId: by order id (ORD-…), or by Sabre record locator (spec 3 §7). */
export const ancillariesByOrderIdRequestSchema = z.union([
  z.object({ orderId: z.string().trim().min(1).max(40) }),
  z.object({ recordLocator: pnrSchema, isFromSabreSkyGDS: z.literal(true) }),
]);
export const ancillariesByOrderIdResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ ancillaries: orderAncillariesResultSchema }),
});

/** POST /api/transactions/orderId (spec 3 §7): data.transactions[0] gives id and airBook. An order id or its 6-character PNR. */
export const transactionsByOrderIdRequestSchema = z.object({ orderId: z.string().trim().min(1).max(40) });
export const transactionsByOrderIdResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ transactions: z.array(orderTransactionSchema) }),
});

/** A chosen bag of the purchase: the offer item of the baggage answer; the server prices it, never the client. */
export const purchaseBaggageSchema = z.object({
  offerItem: z.string().min(1).max(80),
  flightIndex: z.number().int().min(0),
  passengerIndex: z.number().int().min(0),
  code: baggageCodeSchema,
  /** What the page showed; informative only. */
  price: moneySchema.optional(),
});
export type PurchaseBaggage = z.infer<typeof purchaseBaggageSchema>;

/** Invoice fields as typed: completeness is the server's check 3 (POSTSALE_CHECK_CODES.invoice), not a schema error. */
const typedInvoiceSchema = z.object({ ruc: z.string().max(20), companyName: z.string().max(120), companyAddress: z.string().max(200) });

/**
 * Buying extras for an existing order (spec 3 §7 "Ancillaries purchase"): POST /api/flights/bookSeats.
 * The card is the gateway vault's token (brand and last four), never a number. `confirmed` says which
 * selections the traveller finished ('Terminar selección'): spec 3 §5 check 1. The same idempotencyKey
 * always answers the first purchase (a double submit charges once).
 */
export const ancillariesPurchaseRequestSchema = z.strictObject({
  idempotencyKey: z.uuid(),
  /** transactions[0].id: the app's order id. */
  transactionId: z.string().min(1).max(40),
  airBook: airBookSchema,
  seats: z.array(selectedSeatSchema).max(60).default([]),
  baggages: z.array(purchaseBaggageSchema).max(60).default([]),
  confirmed: z.strictObject({ seats: z.boolean(), baggages: z.boolean() }),
  paymentOption: paymentTypeSchema,
  paymentCard: storedCardSchema.nullable().default(null),
  /** Credit-line emission by a named authorizer (spec 3 §2, §6); not for the business channel. */
  authorization: z
    .strictObject({ authorizerId: z.string().min(1).max(40) })
    .nullable()
    .default(null),
  invoice: typedInvoiceSchema.nullable().default(null),
  /** Marker 'b' of the link. */
  isBusiness: z.boolean().default(false),
});
export type AncillariesPurchaseRequest = z.infer<typeof ancillariesPurchaseRequestSchema>;

/** The spec 3 §5 purchase checks, in order; the server answers the first failing one as 400 with this code. */
export const POSTSALE_CHECK_CODES = {
  selection: 'ANCILLARIES_NOT_FINISHED',
  credit: 'CREDIT_INSUFFICIENT',
  invoice: 'INVOICE_INCOMPLETE',
  card: 'CARD_INCOMPLETE',
} as const;
/** The spec's texts of those checks (errors[0].value); errors[0].code says which variant. */
export const POSTSALE_CHECK_TEXTS = {
  /** errors[0].code 'baggages' | 'seats' | 'seatsAndBaggages'. */
  baggages: 'Por favor, finalizar selección de maletas',
  seats: 'Por favor, finalizar selección de asientos',
  seatsAndBaggages: 'Por favor, finalizar selección de asientos y de maletas',
  /** errors[0].code 'business'. */
  creditBusiness: 'Su crédito disponible no cubre el total a reservar, por favor seleccione otra forma de pago',
  /** errors[0].code 'consumer'. */
  creditConsumer:
    'Su crédito disponible no cubre el total a reservar, por favor seleccione el checkbox para Emitir con autorización y elija una persona del listado para autorizar',
  invoice: 'Por favor, completar información para Solicitar factura',
  card: 'Por favor, completar datos de tarjeta o algún dato tiene formato incorrecto',
} as const;

/** Other typed refusals of the post-sale calls (status in brackets). */
export const postSaleErrorCodes = {
  /** [404] No order has this order id / record locator (or the airBook names none). */
  orderNotFound: 'ORDER_NOT_FOUND',
  /** [409] The airBook is not the transaction's. */
  orderMismatch: 'ORDER_MISMATCH',
  /** [400] A seat or bag that the order's map does not sell (to that passenger). */
  notOffered: 'ANCILLARY_NOT_OFFERED',
  /** [400] Nothing chosen. */
  nothingChosen: 'NOTHING_CHOSEN',
  /** [400] Credit line: no credit account for the order's agency; or an unknown authorizer; or authorisation on the business channel. */
  noCreditAccount: 'NO_CREDIT_ACCOUNT',
  unknownAuthorizer: 'UNKNOWN_AUTHORIZER',
  /** [403] The credit line pays only for its agency's authenticated agents (X-Agency-Token), never a traveller. */
  creditAgencyOnly: 'CREDIT_LINE_AGENCY_ONLY',
  /** [404] GET/POST engines/creditLimit: no such account (the web shows the empty result). */
  creditAccountNotFound: 'CREDIT_ACCOUNT_NOT_FOUND',
  /** [409 + Retry-After] The same idempotency key is still being processed: send the same request again. */
  inProgress: 'PURCHASE_IN_PROGRESS',
  /** [422] The idempotency key was used for another purchase. */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** [503] No card gateway is configured on this server. */
  cardUnavailable: 'CARD_PAYMENT_UNAVAILABLE',
  /** [409] The booking expired or was cancelled (or its payment deadline passed unpaid): no extras are sold on it. */
  bookingClosed: 'BOOKING_CLOSED',
} as const;

// ── Book seats (spec 3 §4, §7) ──

/** What the outcome session keeps of the purchase request: the request without the card token. */
export const bookSeatsRequestSchema = ancillariesPurchaseRequestSchema.extend({ paymentCard: z.null().default(null) });
export type BookSeatsRequest = z.infer<typeof bookSeatsRequestSchema>;

/**
 * transactionStatusCode of a purchase (HTTP 200): 1 everything issued and paid; 2 issued in part (a bag the
 * passenger already holds on that flight, from an earlier purchase or a concurrent one, is refused, the rest
 * issued and only that charged); any other is an error and nothing is charged: 3 a seat was taken by someone
 * else, 4 the card was declined (or the gateway did not answer), 5 the credit line no longer covers it, 6
 * nothing left to issue (every bag already held).
 */
export const BOOK_SEATS_STATUS = { ok: 1, partial: 2, seatTaken: 3, cardDeclined: 4, creditInsufficient: 5, nothingIssued: 6 } as const;

export const bookSeatsResponseSchema = z.object({
  transactionStatusCode: z.number().int(),
  errors: z
    .object({ error: z.array(z.object({ value: z.string(), code: z.string().optional() })) })
    .nullable()
    .optional(),
  /** The session holding the outcome (ancilliaries, bookSeatsRQ, bookSeatsRS): GET /api/sessions?id= for the outcome pages. */
  sessionID: sessionIdSchema.optional(),
  /** The outcome session's owner key (X-Session-Key), for the buyer's outcome pages only; never stored. */
  sessionKey: z.string().optional(),
  /** The purchase as issued ('Compra N' of later visits); absent when nothing was issued. */
  summary: summaryEntrySchema.nullable().optional(),
  /** US$ charged or debited (0 when nothing was). */
  amount: moneySchema.optional(),
});
export type BookSeatsResponse = z.infer<typeof bookSeatsResponseSchema>;
export const bookSeatsHttpResponseSchema = z.object({ status: z.literal(200), data: bookSeatsResponseSchema });

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
 * `identifier-` plus an optional marker letter, split at the last dash, so an identifier may itself hold
 * dashes (`ORD-20261123-000123-b` is order ORD-20261123-000123 on the business channel). Null for anything else.
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
  // Split at the LAST dash: the app's own order ids have dashes of their own (ORD-20261123-000123-b).
  const match = /^([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)-([A-Za-z])?$/.exec(text.trim());
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
