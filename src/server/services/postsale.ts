/**
 * Post-sale extras (issue 14, spec 3 §2–§9): an existing order's seats and bags, loaded by its order id or
 * record locator, and bought with a card (the gateway port, postsale-card.ts) or the agency's credit line.
 *
 * The purchase follows the recovery-point pattern of the booking: the server prices everything from its own
 * maps; one transaction claims the idempotency key and, inside a savepoint, takes the seats (sold_seats is
 * unique per flight segment and seat: two buyers of one seat end with one owner), the bags (one per code,
 * passenger and flight) and, for the credit line, debits it with one conditional UPDATE (never beyond the
 * limit). A card is charged after that commit, with no transaction open, and a second transaction records
 * its answer (releasing the seats and bags of a declined card). The same idempotency key answers the first
 * purchase's answer: one effect per purchase.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { SEAT_TAKEN_MESSAGE, type CheckoutSeats, type SeatMap } from '../../contract/checkout.ts';
import {
  BOOK_SEATS_STATUS,
  POSTSALE_CHECK_CODES,
  POSTSALE_CHECK_TEXTS,
  invoiceDataSchema,
  postSaleErrorCodes,
  type AirBook,
  type AncillariesPurchaseRequest,
  type BaggageCode,
  type BaggageFlight,
  type BookSeatsResponse,
  type CreditAuthorizer,
  type CreditLimit,
  type OrderAncillariesResult,
  type OrderTransaction,
  type SeatOffer,
  type SummaryEntry,
} from '../../contract/postsale.ts';
import { CLOSED_BOOKING_STATUSES } from '../../contract/manage-booking.ts';
import type { SessionData } from '../../contract/session.ts';
import { sessionDataSchema } from '../../contract/session-store.ts';
import type { Flight } from '../../contract/search.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, creditAccounts, creditLedgerEntries, paymentOrders, postSalePurchases, sessions, soldBaggages, soldSeats } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { requestHash, round2 } from '../domain/booking.ts';
import { derivedSessionOwnerKey } from '../domain/session-owner-key.ts';
import type { BookingAccess, Principal } from '../access/policy.ts';
import { ApiFailure, RetryLater } from '../errors.ts';
import { postSaleCardChargerOf } from '../payments/postsale-card.ts';
import { BAGGAGE_SUBCODES, selectionOf } from './checkout.ts';
import { itineraryOf } from './manage-booking.ts';
import { releaseExtrasOfClosedBooking } from './refunds-due.ts';
import { flightKeysOfFlights, seatMapFor, withSoldSeatsTaken } from './seats.ts';

type BookingRow = typeof bookings.$inferSelect;
type AccountRow = typeof creditAccounts.$inferSelect;

/** A made order: its booking row and what its checkout session kept (flights, offer). */
export interface Order {
  booking: BookingRow & { pnr: string; orderId: string };
  data: SessionData;
}

const bookingClosed = () => refusal(409, postSaleErrorCodes.bookingClosed, 'This booking expired or was cancelled: no extras are sold on it.');

/**
 * Extras are sold only on a booking that still stands: not expired nor cancelled, its payment order not
 * past its deadline unpaid. With `tx`, the booking's row is locked, so an expiry or cancellation (which
 * locks it to move it) and a purchase are ordered: the purchase sees the closed booking, or the closing
 * move finds the purchase's extras and releases them.
 */
async function requireOpenBooking(db: Database | Transaction, deps: AppDeps, bookingId: string, lock = false): Promise<void> {
  const query = db
    .select({ status: bookings.status, orderStatus: paymentOrders.status, expiresAt: paymentOrders.expiresAt })
    .from(bookings)
    .leftJoin(paymentOrders, eq(paymentOrders.number, bookings.paymentOrderNumber))
    .where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  if (!row) return;
  const overdue = row.orderStatus === 'PP' && row.expiresAt !== null && row.expiresAt.getTime() <= deps.now().getTime();
  if (CLOSED_BOOKING_STATUSES.includes(row.status) || row.orderStatus === 'EPO' || row.orderStatus === 'POC' || overdue) throw bookingClosed();
}

const orderNotFound = (identifier: string) => new ApiFailure(404, postSaleErrorCodes.orderNotFound, `No order has the id or record locator ${identifier}.`);
const refusal = (status: number, code: string, value: string, detail?: string) => new ApiFailure(status, code, value, [{ code: detail ?? code, value }]);

/** A 6-character identifier is a record locator (spec 3 §2); anything else an order id (ORD-…). */
export const isRecordLocator = (identifier: string) => /^[A-Za-z0-9]{6}$/.test(identifier);

async function sessionDataOf(db: Database | Transaction, sessionId: string): Promise<SessionData> {
  const [row] = await db.select({ data: sessions.data }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.data ?? {};
}

async function orderOf(deps: AppDeps, booking: BookingRow | undefined, identifier: string): Promise<Order> {
  if (!booking?.pnr || !booking.orderId) throw orderNotFound(identifier);
  return { booking: booking as Order['booking'], data: await sessionDataOf(deps.db, booking.sessionId) };
}

/** The made order with this order id, or the latest made one with this record locator. */
export async function findOrder(deps: AppDeps, identifier: string): Promise<Order> {
  const wanted = identifier.trim();
  const byLocator = isRecordLocator(wanted);
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(and(byLocator ? eq(bookings.pnr, wanted.toUpperCase()) : eq(bookings.orderId, wanted), isNotNull(bookings.result)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return orderOf(deps, booking, wanted);
}

/** The order an airBook names: its record locator, booked on its requestor (terminal). */
export async function findOrderOfAirBook(deps: AppDeps, airBook: AirBook): Promise<Order> {
  const pnr = airBook.bookingReferenceID?.id;
  if (!pnr) throw orderNotFound('(no bookingReferenceID)');
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pnr, pnr), eq(bookings.terminalId, airBook.pos.requestorID.id), isNotNull(bookings.result)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return orderOf(deps, booking, pnr);
}

export const airBookOf = (booking: Order['booking']): AirBook => ({ pos: { isocountry: 'PE', requestorID: { id: booking.terminalId } }, bookingReferenceID: { id: booking.pnr } });
export const transactionOf = (order: Order): OrderTransaction => ({ id: order.booking.orderId, airBook: airBookOf(order.booking) });

/** The booked flights in trip order. */
const flightsOf = (order: Order): Flight[] => [...itineraryOf(order.data)].sort((a, b) => a.itineraryReference - b.itineraryReference);

function selectionOfOrder(deps: AppDeps, order: Order) {
  const offerId = order.data.selectedFare?.offerId ?? order.data.recommendation?.id;
  const flights = flightsOf(order);
  if (!offerId || flights.length === 0) throw new Error(`The order ${order.booking.orderId} keeps no offer to price extras with.`);
  return selectionOf(deps, offerId, flights, order.booking.isAgency);
}

/** The order's seated passengers (infants travel on a lap) as PAX1 … in booking order, with their index in the order. */
function seatedPassengersOf(order: Order) {
  return order.booking.passengers
    .map((passenger, index) => ({ passenger, index }))
    .filter(({ passenger }) => passenger.type !== 'INF')
    .map(({ passenger, index }, seated) => ({
      index,
      pax: { id: `PAX${seated + 1}`, firstName: passenger.firstName, lastName: passenger.lastName, passengerTypeCode: passenger.type as 'ADT' | 'CHD' },
    }));
}

const flightKeysOf = (order: Order) => flightKeysOfFlights(flightsOf(order));

/**
 * The seats a booking bought at checkout as sold_seats rows (written in the booking's transaction), so the
 * post-sale maps show them taken and a passenger seated there buys no second seat on that segment.
 */
export function checkoutSoldSeats(bookingId: string, flights: readonly Flight[], seats: CheckoutSeats, now: Date): Array<typeof soldSeats.$inferInsert> {
  const keys = flightKeysOfFlights(flights);
  return seats.selected.flatMap((seat) => {
    const flightKey = keys[seat.indexSegment];
    return flightKey ? [{ flightKey, seat: `${seat.row}${seat.column}`, bookingId, purchaseId: null, segmentIndex: seat.indexSegment, passengerId: seat.passengerSelected.id, price: seat.price, createdAt: now }] : [];
  });
}

interface OrderSeatMap {
  map: SeatMap;
  flightKeys: string[];
}

/** The seat map of the order's flights for its seated passengers, priced by the supplier; `withSold` marks sold seats taken. */
async function orderSeatMap(deps: AppDeps, order: Order, options: { withSold: boolean }): Promise<OrderSeatMap> {
  const passengers = seatedPassengersOf(order).map(({ pax }) => pax);
  const map = await seatMapFor(deps, selectionOfOrder(deps, order), passengers);
  const flightKeys = flightKeysOf(order);
  if (flightKeys.length !== map.segments.length) throw new Error(`The seat map of ${order.booking.orderId} does not match its flights.`);
  return { map: options.withSold ? await withSoldSeatsTaken(deps.db, map, flightKeys) : map, flightKeys };
}

/** The seat offer of POST /api/flights/seats for an order: sold seats taken. */
export async function orderSeatOffer(deps: AppDeps, order: Order): Promise<SeatOffer> {
  const { map } = await orderSeatMap(deps, order, { withSold: true });
  return { seatInfo: { offerId: `OFR-${order.booking.id}`, orderId: order.booking.orderId, responseId: `RSP-${order.booking.id.slice(0, 8)}` }, passengers: map.passengers, segments: map.segments };
}

const baggageOfferItem = (flightIndex: number, code: string, paxId: string) => `B${flightIndex}-${code}-${paxId}`;

/** Per booked leg and seated passenger, the bags the supplier sells (codes of BAGGAGE_CODES; the name is the code, translated by the web). */
export async function orderBaggages(deps: AppDeps, order: Order): Promise<BaggageFlight[]> {
  const extras = await deps.supplier.extras(selectionOfOrder(deps, order));
  const passengers = seatedPassengersOf(order);
  return flightsOf(order).map((flight, flightIndex) => {
    const bags = extras.baggage.filter((bag) => bag.legIndex === flightIndex && BAGGAGE_SUBCODES[bag.code] !== undefined);
    return {
      origin: flight.segments[0]!.departureAirport.code,
      destination: flight.segments[flight.segments.length - 1]!.arrivalAirport.code,
      passengers: passengers.map(({ pax }) => ({
        pax,
        baggagesByPassenger: bags.map((bag) => {
          const code = BAGGAGE_SUBCODES[bag.code] as BaggageCode;
          return { offerItem: baggageOfferItem(flightIndex, code, pax.id), code, name: code, weight: bag.weight, price: round2(bag.price), status: false };
        }),
      })),
    };
  });
}

/** Purchases of an order, oldest first. */
const purchasesOf = (db: Database | Transaction, bookingId: string) => db.select().from(postSalePurchases).where(eq(postSalePurchases.bookingId, bookingId)).orderBy(asc(postSalePurchases.createdAt), asc(postSalePurchases.id));

/** What the order's purchases issued ('Compra 1' …), oldest first: the extras bought after booking. */
export async function extrasAfterBookingOf(db: Database | Transaction, bookingId: string): Promise<SummaryEntry[]> {
  return (await purchasesOf(db, bookingId)).flatMap((purchase) => (purchase.summary ? [purchase.summary] : []));
}

async function creditAccountOfTerminal(db: Database | Transaction, terminalId: string): Promise<AccountRow | null> {
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.terminalId, terminalId));
  return account ?? null;
}

/**
 * POST /api/ancillaries/orderId (spec 3 §4): the order's seat map and bags, each empty when it cannot be had
 * (independently), its transaction, earlier attempts (any recorded purchase, whatever its outcome) and the
 * summary of the earlier purchases that issued something.
 */
export async function orderAncillaries(deps: AppDeps, order: Order, principal: Principal): Promise<OrderAncillariesResult> {
  await requireOpenBooking(deps.db, deps, order.booking.id);
  const [seats, baggages, purchases, account] = await Promise.all([
    orderSeatMap(deps, order, { withSold: true }).then(
      ({ map }) => ({ segments: map.segments, passengers: map.passengers }),
      () => ({ segments: [], passengers: [] }),
    ),
    orderBaggages(deps, order).catch(() => []),
    purchasesOf(deps.db, order.booking.id),
    creditAccountOfTerminal(deps.db, order.booking.terminalId),
  ]);
  const transaction = transactionOf(order);
  return {
    hasPreviousTryOfBuyAncilliaries: purchases.length > 0,
    seats,
    baggages: { baggages },
    airBook: transaction.airBook,
    transactionId: transaction.id,
    seatsSelectedRQ: null,
    baggagesSelectedRQ: null,
    ancillariesSummary: purchases.flatMap((purchase) => (purchase.summary ? [purchase.summary] : [])),
    // The credit line is offered only to its agency's authenticated agents, never to a traveller.
    creditAccountId: principal.kind === 'agency' ? (account?.accountId ?? null) : null,
  };
}

// ── Credit line ──

async function findCreditAccount(db: Database | Transaction, accountId: string): Promise<AccountRow> {
  const [account] = await db
    .select()
    .from(creditAccounts)
    .where(or(eq(creditAccounts.accountId, accountId), eq(creditAccounts.terminalId, accountId)));
  if (!account) throw new ApiFailure(404, postSaleErrorCodes.creditAccountNotFound, `No credit line has the account id ${accountId}.`);
  return account;
}

const creditOf = (account: Pick<AccountRow, 'creditLimit' | 'debts'>): CreditLimit => ({ debts: round2(account.debts), available: Math.max(0, round2(account.creditLimit - account.debts)) });

/** GET engines/creditLimit/{accountId} (and the USA POST): what the line owes and may still spend. */
export async function creditLimitOf(deps: AppDeps, accountId: string): Promise<CreditLimit> {
  return creditOf(await findCreditAccount(deps.db, accountId));
}

export async function creditAuthorizersOf(deps: AppDeps, accountId: string): Promise<CreditAuthorizer[]> {
  return (await findCreditAccount(deps.db, accountId)).authorizers;
}

// ── The purchase ──

interface PricedSeat {
  segmentIndex: number;
  flightKey: string;
  seat: string;
  row: number;
  column: string;
  passengerId: string;
  price: number;
}

interface PricedBag {
  flightIndex: number;
  passengerIndex: number;
  paxId: string;
  code: BaggageCode;
  price: number;
}

/** The purchase's seats and bags at the server's prices; a seat or bag the order does not sell to that passenger is a 400. */
function priceChoice(order: Order, seatMap: OrderSeatMap | null, bagFlights: BaggageFlight[] | null, request: AncillariesPurchaseRequest): { seats: PricedSeat[]; bags: PricedBag[] } {
  const issues: Array<{ path: string; code: string; value: string }> = [];
  const held = new Set<string>();
  const seats = request.seats.flatMap((choice, index): PricedSeat[] => {
    const designator = `${choice.row}${choice.column}`;
    const segment = seatMap?.map.segments[choice.indexSegment];
    const item = segment?.rows.flatMap((row) => row.offerItems).find((candidate) => candidate.id === choice.offerItemID);
    if (!seatMap || !item || item.seat !== designator || item.paxID !== choice.passengerSelected.id) {
      issues.push({ path: `json.seats.${index}.offerItemID`, code: postSaleErrorCodes.notOffered, value: `Seat ${designator} is not sold to passenger ${choice.passengerSelected.id} on this segment` });
      return [];
    }
    for (const key of [`${choice.indexSegment}:${item.paxID}`, `${choice.indexSegment}:${designator}`]) {
      if (held.has(key)) issues.push({ path: `json.seats.${index}`, code: postSaleErrorCodes.notOffered, value: SEAT_TAKEN_MESSAGE });
      held.add(key);
    }
    return [{ segmentIndex: choice.indexSegment, flightKey: seatMap.flightKeys[choice.indexSegment]!, seat: designator, row: choice.row, column: choice.column, passengerId: item.paxID, price: item.price }];
  });
  const passengers = seatedPassengersOf(order);
  const bags = request.baggages.flatMap((choice, index): PricedBag[] => {
    const passenger = passengers.find(({ index: orderIndex }) => orderIndex === choice.passengerIndex);
    const item = bagFlights?.[choice.flightIndex]?.passengers.find((candidate) => candidate.pax.id === passenger?.pax.id)?.baggagesByPassenger.find((bag) => bag.offerItem === choice.offerItem);
    if (!passenger || !item || item.code !== choice.code) {
      issues.push({ path: `json.baggages.${index}.offerItem`, code: postSaleErrorCodes.notOffered, value: `Bag ${choice.offerItem} is not sold to passenger ${choice.passengerIndex} on flight ${choice.flightIndex}` });
      return [];
    }
    const key = `bag:${choice.flightIndex}:${choice.passengerIndex}:${choice.code}`;
    if (held.has(key)) issues.push({ path: `json.baggages.${index}`, code: postSaleErrorCodes.notOffered, value: 'The same bag twice' });
    held.add(key);
    return [{ flightIndex: choice.flightIndex, passengerIndex: choice.passengerIndex, paxId: passenger.pax.id, code: item.code, price: item.price }];
  });
  if (issues.length > 0) throw new ApiFailure(400, postSaleErrorCodes.notOffered, issues[0]!.value, issues);
  return { seats, bags };
}

const offersSeats = (seatMap: OrderSeatMap | null) => (seatMap?.map.segments ?? []).some((segment) => segment.rows.some((row) => row.offerItems.length > 0));
const offersBags = (bagFlights: BaggageFlight[] | null) => (bagFlights ?? []).some((flight) => flight.passengers.some((passenger) => passenger.baggagesByPassenger.length > 0));

/** Spec 3 §5 checks, in order; the first failure is the 400 (its text as errors[0].value, its variant as errors[0].code). */
function checkPurchase(deps: AppDeps, request: AncillariesPurchaseRequest, offered: { seats: boolean; bags: boolean }, total: number, account: AccountRow | null) {
  const unfinishedSeats = offered.seats && !request.confirmed.seats;
  const unfinishedBags = offered.bags && !request.confirmed.baggages;
  if (unfinishedSeats || unfinishedBags) {
    const variant = unfinishedSeats && unfinishedBags ? 'seatsAndBaggages' : unfinishedSeats ? 'seats' : 'baggages';
    throw refusal(400, POSTSALE_CHECK_CODES.selection, POSTSALE_CHECK_TEXTS[variant], variant);
  }
  if (request.seats.length + request.baggages.length === 0) throw refusal(400, postSaleErrorCodes.nothingChosen, 'Nothing chosen to buy.');
  if (request.paymentOption === 'CASH') {
    if (!account) throw refusal(400, postSaleErrorCodes.noCreditAccount, 'This order’s agency has no credit line.');
    if (request.authorization && (request.isBusiness || !account.authorizers.some((authorizer) => authorizer.id === request.authorization?.authorizerId))) {
      throw refusal(400, postSaleErrorCodes.unknownAuthorizer, request.isBusiness ? 'The business channel emits without authorisation.' : 'This person may not authorise this credit line.');
    }
    if (creditOf(account).available < total && !request.authorization) {
      throw refusal(400, POSTSALE_CHECK_CODES.credit, request.isBusiness ? POSTSALE_CHECK_TEXTS.creditBusiness : POSTSALE_CHECK_TEXTS.creditConsumer, request.isBusiness ? 'business' : 'consumer');
    }
  }
  if (request.invoice && !invoiceDataSchema.safeParse(request.invoice).success) throw refusal(400, POSTSALE_CHECK_CODES.invoice, POSTSALE_CHECK_TEXTS.invoice);
  if (request.paymentOption === 'CARD') {
    const charger = postSaleCardChargerOf(deps);
    if (!charger) throw refusal(503, postSaleErrorCodes.cardUnavailable, 'No card gateway is configured on this server.');
    if (!request.paymentCard || !charger.issued(request.paymentCard)) throw refusal(400, POSTSALE_CHECK_CODES.card, POSTSALE_CHECK_TEXTS.card);
  }
}

/** A refusal inside the purchase's savepoint: rolls back what it took and becomes the recorded answer. */
class PurchaseRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly value: string,
  ) {
    super(value);
  }
}

interface Issued {
  seats: PricedSeat[];
  bags: PricedBag[];
  refusedBags: PricedBag[];
  amount: number;
}

/** Inside the claim's transaction: seats (unique owner), bags (one per code), and for the credit line the debit. */
async function takeExtras(tx: Transaction, order: Order, purchaseId: string, choice: { seats: PricedSeat[]; bags: PricedBag[] }, request: AncillariesPurchaseRequest, account: AccountRow | null, now: Date): Promise<Issued> {
  // In one order (flight, seat) for every purchase: two purchases of overlapping seats wait for each other, never deadlock.
  for (const seat of [...choice.seats].sort((a, b) => a.flightKey.localeCompare(b.flightKey) || a.seat.localeCompare(b.seat))) {
    const taken = await tx
      .insert(soldSeats)
      .values({ flightKey: seat.flightKey, seat: seat.seat, bookingId: order.booking.id, purchaseId, segmentIndex: seat.segmentIndex, passengerId: seat.passengerId, price: seat.price, createdAt: now })
      .onConflictDoNothing()
      .returning({ seat: soldSeats.seat });
    if (taken.length === 0) throw new PurchaseRefused(BOOK_SEATS_STATUS.seatTaken, 'SEAT_TAKEN', `${SEAT_TAKEN_MESSAGE} (${seat.seat})`);
  }
  const bags: PricedBag[] = [];
  const refusedBags: PricedBag[] = [];
  for (const bag of choice.bags) {
    const taken = await tx
      .insert(soldBaggages)
      .values({ bookingId: order.booking.id, flightIndex: bag.flightIndex, passengerIndex: bag.passengerIndex, code: bag.code, purchaseId, price: bag.price, createdAt: now })
      .onConflictDoNothing()
      .returning({ code: soldBaggages.code });
    (taken.length > 0 ? bags : refusedBags).push(bag);
  }
  if (choice.seats.length + bags.length === 0) throw new PurchaseRefused(BOOK_SEATS_STATUS.nothingIssued, 'BAGGAGE_ALREADY_HELD', 'Las maletas elegidas ya fueron compradas para estos pasajeros: no se emitió nada.');
  const amount = round2([...choice.seats, ...bags].reduce((sum, item) => sum + item.price, 0));
  if (request.paymentOption === 'CASH' && account) {
    const margin = request.authorization ? sql`${creditAccounts.authorisationMargin}` : sql`0`;
    const debited = await tx
      .update(creditAccounts)
      .set({ debts: sql`${creditAccounts.debts} + ${amount}`, updatedAt: now })
      .where(and(eq(creditAccounts.accountId, account.accountId), sql`${creditAccounts.debts} + ${amount} <= ${creditAccounts.creditLimit} + ${margin}`))
      .returning({ debts: creditAccounts.debts });
    if (debited.length === 0) {
      throw new PurchaseRefused(BOOK_SEATS_STATUS.creditInsufficient, POSTSALE_CHECK_CODES.credit, request.isBusiness ? POSTSALE_CHECK_TEXTS.creditBusiness : POSTSALE_CHECK_TEXTS.creditConsumer);
    }
    await tx.insert(creditLedgerEntries).values({ id: crypto.randomUUID(), accountId: account.accountId, purchaseId, amount, authorizerId: request.authorization?.authorizerId ?? null, createdAt: now });
  }
  return { seats: choice.seats, bags, refusedBags, amount };
}

/** What a purchase issued, per passenger of the order: its 'Compra N' entry. */
function summaryOf(order: Order, issued: Issued, paymentType: AncillariesPurchaseRequest['paymentOption'], now: Date): SummaryEntry {
  const passengers = seatedPassengersOf(order);
  const typeOf = (index: number) => order.booking.passengers[index]?.type ?? 'ADT';
  const ancillaries: SummaryEntry['ancillariesInfo']['ancillaries'] = passengers.flatMap(({ index, pax }) => {
    const seats = issued.seats.filter((seat) => seat.passengerId === pax.id);
    const bags = issued.bags.filter((bag) => bag.passengerIndex === index);
    return [
      ...(seats.length > 0 ? [{ type: 'seat' as const, passengerIndex: index, passengerType: typeOf(index), info: seats.map((seat) => ({ segmentIndex: seat.segmentIndex, row: seat.row, column: seat.column, price: seat.price })) }] : []),
      ...(bags.length > 0 ? [{ type: 'baggage' as const, passengerIndex: index, passengerType: typeOf(index), info: bags.map((bag) => ({ flightIndex: bag.flightIndex, code: bag.code, name: bag.code, price: bag.price })) }] : []),
    ];
  });
  return { ancillariesInfo: { ancillaries }, paymentInfo: { paymentType, amount: issued.amount }, bookingReference: { pnr: order.booking.pnr }, date: now.toISOString() };
}

const refusedBagText = (bag: PricedBag) => `La maleta ${bag.code} del pasajero ${bag.passengerIndex + 1} en el vuelo ${bag.flightIndex + 1} ya fue comprada antes: no se volvió a emitir ni cobrar.`;

/**
 * Records the answer of a purchase, in the caller's transaction: the purchase row, a new session holding the
 * outcome for the outcome pages (ancilliaries with the summary, bookSeatsRQ without the card, bookSeatsRS,
 * transaction), and the booking session's extrasAfterBooking when something was issued.
 */
async function recordAnswer(
  tx: Transaction,
  order: Order,
  purchaseId: string,
  request: AncillariesPurchaseRequest,
  outcome: { statusCode: number; errors: Array<{ value: string; code?: string }>; issued: Issued | null; authorizationCode?: string | null },
  now: Date,
  keySecret: string,
): Promise<BookSeatsResponse> {
  const summary = outcome.issued ? summaryOf(order, outcome.issued, request.paymentOption, now) : null;
  const earlier = (await purchasesOf(tx, order.booking.id)).flatMap((purchase) => (purchase.id !== purchaseId && purchase.summary ? [purchase.summary] : []));
  const sessionId = crypto.randomUUID();
  const answer: BookSeatsResponse = {
    transactionStatusCode: outcome.statusCode,
    errors: outcome.errors.length > 0 ? { error: outcome.errors } : null,
    sessionID: sessionId,
    summary,
    amount: outcome.issued?.amount ?? 0,
  };
  const transaction = transactionOf(order);
  const data = sessionDataSchema.parse({
    ancilliaries: {
      hasPreviousTryOfBuyAncilliaries: true,
      seats: { segments: [] },
      baggages: { baggages: [] },
      airBook: transaction.airBook,
      transactionId: transaction.id,
      ancillariesSummary: summary ? [...earlier, summary] : earlier,
    },
    bookSeatsRQ: { ...request, paymentCard: null },
    bookSeatsRS: answer,
    transaction,
  } satisfies SessionData);
  await tx.insert(sessions).values({ id: sessionId, data, createdAt: now, lastActivityAt: now, ownerKeyHash: derivedSessionOwnerKey(keySecret, sessionId).hash });
  await tx
    .update(postSalePurchases)
    .set({
      statusCode: outcome.statusCode,
      errors: outcome.errors,
      summary,
      answer,
      amount: outcome.issued?.amount ?? 0,
      authorizationCode: outcome.authorizationCode ?? null,
      outcomeSessionId: sessionId,
      pending: null,
      updatedAt: now,
    })
    .where(eq(postSalePurchases.id, purchaseId));
  if (summary) {
    const [booked] = await tx.select().from(sessions).where(eq(sessions.id, order.booking.sessionId)).for('update');
    if (booked) await tx.update(sessions).set({ data: { ...booked.data, extrasAfterBooking: [...(booked.data.extrasAfterBooking ?? []), summary] } }).where(eq(sessions.id, booked.id));
  }
  return answer;
}

const issuedOutcome = (issued: Issued, authorizationCode?: string | null) => ({
  statusCode: issued.refusedBags.length > 0 ? BOOK_SEATS_STATUS.partial : BOOK_SEATS_STATUS.ok,
  errors: issued.refusedBags.map((bag) => ({ value: refusedBagText(bag), code: 'BAGGAGE_ALREADY_HELD' })),
  issued,
  authorizationCode: authorizationCode ?? null,
});

const purchaseInProgress = () => new RetryLater(409, postSaleErrorCodes.inProgress, 'This purchase is being processed; send the same request again in a moment.', 1);
const throwInProgress = (): never => {
  throw purchaseInProgress();
};

type Claim = { kind: 'answer'; answer: BookSeatsResponse } | { kind: 'charge'; purchaseId: string; issued: Issued };

type PurchaseRow = typeof postSalePurchases.$inferSelect;

/** The purchase of this idempotency key (null when none was claimed); 422 when the key came with another request. */
async function earlierPurchase(db: Database | Transaction, order: Order, idempotencyKey: string, hash: string): Promise<PurchaseRow | null> {
  const [existing] = await db
    .select()
    .from(postSalePurchases)
    .where(and(eq(postSalePurchases.bookingId, order.booking.id), eq(postSalePurchases.idempotencyKey, idempotencyKey)));
  if (existing && existing.requestHash !== hash) throw refusal(422, postSaleErrorCodes.keyReused, 'This idempotency key was used for another purchase; send a new key for a new purchase.');
  return existing ?? null;
}

/**
 * How long a card purchase may go without its answer before it counts as interrupted mid-charge (its process
 * died between the claim and the recorded answer) and may be resumed: longer than any charge takes.
 */
export const ABANDONED_PURCHASE_GRACE_MS = 2 * 60 * 1000;

/**
 * Resumes a card purchase claimed and never answered, once it is older than the grace period: takes a lease on
 * it (its updated_at moves to now, so nobody else resumes it within the next grace period), then chargeCard
 * charges again by the same reference (the gateway answers the first charge's result, or charges now if the
 * first never reached it) and records the answer once. Null when the purchase is not to be resumed (answered,
 * still within its grace period, or leased by another resumer).
 */
async function resumePurchase(deps: AppDeps, purchase: PurchaseRow, order?: Order): Promise<BookSeatsResponse | null> {
  const now = deps.now();
  const [leased] = await deps.db
    .update(postSalePurchases)
    .set({ updatedAt: now })
    .where(and(eq(postSalePurchases.id, purchase.id), isNull(postSalePurchases.answer), isNotNull(postSalePurchases.pending), lte(postSalePurchases.updatedAt, new Date(now.getTime() - ABANDONED_PURCHASE_GRACE_MS))))
    .returning();
  if (!leased?.pending) return null;
  const [booking] = order ? [order.booking] : await deps.db.select().from(bookings).where(eq(bookings.id, leased.bookingId));
  return chargeCard(deps, order ?? (await orderOf(deps, booking, leased.bookingId)), leased.pending.request, leased.id, leased.pending.issued as Issued);
}

/**
 * The maintenance job's part (jobs/registry.ts): every card purchase left unanswered past the grace period is
 * resumed, so an interrupted one is charged at most once, answered, and a declined or unreachable charge gives
 * its seats and bags back instead of holding them forever. Answers how many were resumed.
 */
export async function resumeAbandonedPurchases(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - ABANDONED_PURCHASE_GRACE_MS);
  const abandoned = await deps.db
    .select()
    .from(postSalePurchases)
    .where(and(isNull(postSalePurchases.answer), isNotNull(postSalePurchases.pending), lte(postSalePurchases.updatedAt, cutoff)))
    .orderBy(asc(postSalePurchases.updatedAt))
    .limit(100);
  let resumed = 0;
  for (const purchase of abandoned) if (await resumePurchase(deps, purchase)) resumed++;
  return resumed;
}

/**
 * POST /api/flights/bookSeats: validates and prices on the server, then buys once per idempotency key. HTTP 200
 * with transactionStatusCode 1 (issued), 2 (issued in part: a bag already held), or an error code with nothing
 * charged (3 seat taken, 4 card declined, 5 credit line short, 6 nothing to issue).
 */
/**
 * `access`: who the route's policy found may act on the order (access/policy.ts). The credit line is the
 * agency's money: only its authenticated agent may spend it, whatever the request says of its channel.
 */
export async function purchaseAncillaries(deps: AppDeps, request: AncillariesPurchaseRequest, access: BookingAccess): Promise<BookSeatsResponse> {
  if (request.paymentOption === 'CASH' && access.principal.kind !== 'agency') {
    throw refusal(403, postSaleErrorCodes.creditAgencyOnly, 'The credit line pays only for its agency’s own agents.');
  }
  const order = await findOrder(deps, request.transactionId);
  const expected = airBookOf(order.booking);
  if (request.transactionId !== order.booking.orderId || request.airBook.bookingReferenceID?.id !== expected.bookingReferenceID?.id || request.airBook.pos.requestorID.id !== expected.pos.requestorID.id) {
    throw refusal(409, postSaleErrorCodes.orderMismatch, 'The airBook is not this transaction’s.');
  }
  // A repeated submit answers the first purchase's answer before anything is checked again.
  const { idempotencyKey, ...body } = request;
  const hash = requestHash(body);
  // A purchase interrupted mid-charge is resumed by the same key after the grace period; until then it is running.
  const answerOf = async (earlier: PurchaseRow) => earlier.answer ?? (await resumePurchase(deps, earlier, order)) ?? throwInProgress();
  const earlier = await earlierPurchase(deps.db, order, idempotencyKey, hash);
  if (earlier) return answerOf(earlier);
  await requireOpenBooking(deps.db, deps, order.booking.id);
  const [seatMap, bagFlights, account] = await Promise.all([
    orderSeatMap(deps, order, { withSold: false }).catch(() => null),
    orderBaggages(deps, order).catch(() => null),
    creditAccountOfTerminal(deps.db, order.booking.terminalId),
  ]);
  const offered = { seats: offersSeats(seatMap), bags: offersBags(bagFlights) };
  // Check 1 runs before pricing: an unfinished selection is answered whatever was chosen.
  if ((offered.seats && !request.confirmed.seats) || (offered.bags && !request.confirmed.baggages)) checkPurchase(deps, request, offered, 0, account);
  const choice = priceChoice(order, seatMap, bagFlights, request);
  // One seat per passenger per segment (spec 3 §5), counting the order's earlier purchases.
  const owned = await deps.db.select({ segmentIndex: soldSeats.segmentIndex, passengerId: soldSeats.passengerId }).from(soldSeats).where(eq(soldSeats.bookingId, order.booking.id));
  const seated = choice.seats.findIndex((seat) => owned.some((row) => row.segmentIndex === seat.segmentIndex && row.passengerId === seat.passengerId));
  if (seated >= 0) {
    // The seat may be this very purchase's, bought by a double submit's twin since the check above: its answer then.
    const twin = await earlierPurchase(deps.db, order, idempotencyKey, hash);
    if (twin) return answerOf(twin);
    throw new ApiFailure(400, postSaleErrorCodes.notOffered, 'This passenger already has a seat on this segment.', [
      { path: `json.seats.${seated}.passengerSelected.id`, code: postSaleErrorCodes.notOffered, value: 'One seat per passenger per segment' },
    ]);
  }
  const total = round2([...choice.seats, ...choice.bags].reduce((sum, item) => sum + item.price, 0));
  checkPurchase(deps, request, offered, total, account);

  const now = deps.now();
  const claim = await deps.db.transaction(async (tx): Promise<Claim> => {
    await requireOpenBooking(tx, deps, order.booking.id, true);
    const purchaseId = crypto.randomUUID();
    const claimed = await tx
      .insert(postSalePurchases)
      .values({
        id: purchaseId,
        bookingId: order.booking.id,
        idempotencyKey,
        requestHash: hash,
        paymentType: request.paymentOption,
        authorizerId: request.authorization?.authorizerId ?? null,
        invoice: request.invoice ? invoiceDataSchema.parse(request.invoice) : null,
        card: request.paymentCard ? { brand: request.paymentCard.brand, last4: request.paymentCard.last4 } : null,
        creditAccountId: request.paymentOption === 'CASH' ? (account?.accountId ?? null) : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [postSalePurchases.bookingId, postSalePurchases.idempotencyKey] })
      .returning({ id: postSalePurchases.id });
    if (claimed.length === 0) {
      const answer = (await earlierPurchase(tx, order, idempotencyKey, hash))?.answer;
      if (answer) return { kind: 'answer', answer };
      throw purchaseInProgress();
    }
    let issued: Issued;
    try {
      issued = await tx.transaction((savepoint) => takeExtras(savepoint, order, purchaseId, choice, request, account, now));
    } catch (error) {
      if (!(error instanceof PurchaseRefused)) throw error;
      return { kind: 'answer', answer: await recordAnswer(tx, order, purchaseId, request, { statusCode: error.statusCode, errors: [{ value: error.value, code: error.code }], issued: null }, now, deps.bookingLinkSecret) };
    }
    if (request.paymentOption === 'CASH') return { kind: 'answer', answer: await recordAnswer(tx, order, purchaseId, request, issuedOutcome(issued), now, deps.bookingLinkSecret) };
    // What a resumer needs if this process dies before the card's answer is recorded.
    await tx.update(postSalePurchases).set({ pending: { request, issued } }).where(eq(postSalePurchases.id, purchaseId));
    return { kind: 'charge', purchaseId, issued };
  });
  if (claim.kind === 'answer') return claim.answer;
  return chargeCard(deps, order, request, claim.purchaseId, claim.issued);
}

/**
 * The card is charged by the purchase's reference with no transaction open; its answer is recorded in a second
 * one (a decline releases the seats and bags), once: a resumer that finds the answer recorded answers it.
 */
async function chargeCard(deps: AppDeps, order: Order, request: AncillariesPurchaseRequest, purchaseId: string, issued: Issued): Promise<BookSeatsResponse> {
  const charger = postSaleCardChargerOf(deps)!;
  const charge = await charger.charge({ card: request.paymentCard!, amount: issued.amount, reference: purchaseId }).catch(() => null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx.select({ answer: postSalePurchases.answer }).from(postSalePurchases).where(eq(postSalePurchases.id, purchaseId)).for('update');
    if (recorded?.answer) return recorded.answer;
    if (charge?.approved) {
      // The booking before its session (recordAnswer), as the order's moves lock them.
      const [booking] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, order.booking.id)).for('update');
      const answer = await recordAnswer(tx, order, purchaseId, request, issuedOutcome(issued, charge.authorizationCode), now, deps.bookingLinkSecret);
      // Charged while the booking closed (its move released the extras before this answer): the charge is a refund due.
      if (booking && CLOSED_BOOKING_STATUSES.includes(booking.status)) await releaseExtrasOfClosedBooking(tx, deps, order.booking.id, booking.status === 7 ? 'booking-expired' : 'booking-cancelled');
      return answer;
    }
    await tx.delete(soldSeats).where(eq(soldSeats.purchaseId, purchaseId));
    await tx.delete(soldBaggages).where(eq(soldBaggages.purchaseId, purchaseId));
    const value = charge?.description ?? 'No se pudo establecer conexión con la pasarela de pago';
    return recordAnswer(tx, order, purchaseId, request, { statusCode: BOOK_SEATS_STATUS.cardDeclined, errors: [{ value, code: 'CARD_DECLINED' }], issued: null }, now, deps.bookingLinkSecret);
  });
}

/** POST /api/flights/seats/add: which of the reservation's seats the order holds (the web only logs a failure). */
export async function heldSeatsOf(deps: AppDeps, pnr: string, designators: readonly string[]) {
  const order = await findOrder(deps, pnr);
  const rows = await deps.db.select({ segmentIndex: soldSeats.segmentIndex, seat: soldSeats.seat }).from(soldSeats).where(eq(soldSeats.bookingId, order.booking.id));
  const held = rows.filter((row) => designators.includes(row.seat)).sort((a, b) => a.segmentIndex - b.segmentIndex || a.seat.localeCompare(b.seat));
  return { held, missing: designators.filter((seat) => !held.some((row) => row.seat === seat)) };
}
