/**
 * Paying a pending card order (Interbank 104, Scotiabank 123) through the card checkout of spec 3: the
 * session for the order's amount (20 minutes), the authorisation of the hosted fields' transaction token,
 * and the notification the payer's page sends on approval. The server decides: the amount is the order's,
 * an approval is recorded by this server's own call to the acquirer, and the order is settled by the same
 * move as every provider's (settle.ts), once however often the authorisation or notification is replayed.
 */
import { and, count, eq } from 'drizzle-orm';
import { completeBookingOf } from '../../../machines/booking-confirmation.rules.ts';
import type { PaidCard } from '../../contract/checkout.ts';
import {
  isNiubizCardProvider,
  NIUBIZ_CHECKOUT_MINUTES,
  NIUBIZ_CONNECTION_ERROR,
  type NiubizAuthorization,
  type NiubizAuthorizationRequest,
  type NiubizSession,
  type NiubizTokenRequest,
} from '../../contract/niubiz.ts';
import { bookings, cardCheckouts, paymentOrders, sessions } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import type { CardAuthorizationResult, CardGateway } from './gateway.ts';
import { NIUBIZ_DENIALS, niubizSandboxGateway } from './niubiz-sandbox.ts';
import { niubizApiGateway } from './niubiz-api.ts';
import { pageTokenSecret } from './page-token.ts';
import { isPaymentPageToken } from './sandbox.ts';
import { settlePaidOrder, storedOutcome, type SettledOrder } from './settle.ts';

/**
 * The card acquirer under the configured gateway: Niubiz's API when NIUBIZ_* is complete, else the
 * sandbox's stand-in, or none (then 104 and 123 are not offered).
 */
export function cardGatewayOf(deps: AppDeps): CardGateway | null {
  const { sandboxPaymentSecret, niubiz } = deps;
  if (niubiz) return niubizApiGateway(niubiz);
  return sandboxPaymentSecret ? niubizSandboxGateway({ ...deps, sandboxPaymentSecret }) : null;
}

const gatewayOrFail = (deps: AppDeps) => {
  const gateway = cardGatewayOf(deps);
  if (!gateway) throw new ApiFailure(404, 'PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not configured on this server.');
  return gateway;
};

/** The money an approved card checkout took. */
const cardPaymentOf = (checkout: { providerCode: number; purchaseNumber: string; amount: number; currency: string }) => ({
  providerCode: checkout.providerCode,
  reference: `niubiz:${checkout.purchaseNumber}`,
  amount: checkout.amount,
  currency: checkout.currency,
});

const notPending = (number: string) => new ApiFailure(409, 'PAYMENT_ORDER_NOT_PENDING', `Payment order ${number} is not waiting for payment.`);

/**
 * POST engines/niubiz/token: a new card checkout for a pending card order, opened with the order's page
 * token. Its amount is the order's; an amount the page sends is not used.
 */
export async function openCardCheckout(deps: AppDeps, request: NiubizTokenRequest): Promise<NiubizSession> {
  const gateway = gatewayOrFail(deps);
  if (!isPaymentPageToken(pageTokenSecret(deps), request.purchaseNumber, request.token)) {
    throw new ApiFailure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid: open the payment from your booking.', [{ path: 'json.token', code: 'invalid', value: 'Not this order’s token' }]);
  }
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, request.purchaseNumber));
  if (!order) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No payment order has the number ${request.purchaseNumber}.`);
  if (!isNiubizCardProvider(order.providerCode) || order.providerCode !== request.paymentProviderCode) {
    throw new ApiFailure(409, 'PAYMENT_METHOD_MISMATCH', `Payment order ${order.number} is not paid by card.`, [{ path: 'json.paymentProviderCode', code: 'invalid', value: String(order.providerCode) }]);
  }
  const now = deps.now();
  if (order.status !== 'PP' || order.expiresAt <= now) throw notPending(order.number);
  const expiresAt = new Date(Math.min(now.getTime() + NIUBIZ_CHECKOUT_MINUTES * 60_000, order.expiresAt.getTime()));
  const session = await gateway.createSession({ purchaseNumber: order.number, amount: order.amount, currency: order.currency, email: request.email, documentId: request.documentId, expiresAt }).catch((error: unknown) => {
    // The acquirer refused our key, did not answer in time or answered nothing readable: a typed 502, nothing opened.
    throw new ApiFailure(502, 'PAYMENT_PROVIDER_UNAVAILABLE', `The card acquirer could not open a checkout: ${error instanceof Error ? error.message : 'no answer'}`);
  });
  // Each checkout has its own purchase number (the acquirer refuses one twice): the order number and the attempt.
  for (let round = 0; round < 5; round++) {
    const [{ attempts } = { attempts: 0 }] = await deps.db.select({ attempts: count() }).from(cardCheckouts).where(eq(cardCheckouts.paymentOrderNumber, order.number));
    const purchaseNumber = `${order.number}${String(attempts + 1).padStart(3, '0')}`;
    const inserted = await deps.db
      .insert(cardCheckouts)
      .values({
        sessionKey: session.sessionKey,
        purchaseNumber,
        paymentOrderNumber: order.number,
        providerCode: order.providerCode,
        amount: order.amount,
        currency: order.currency,
        status: 'open',
        expiresAt: session.expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: cardCheckouts.purchaseNumber })
      .returning({ purchaseNumber: cardCheckouts.purchaseNumber });
    if (inserted.length > 0) {
      return { sessionKey: session.sessionKey, expirationTime: session.expiresAt.getTime(), purchaseNumber, orderNumber: order.number, amount: order.amount, currency: order.currency, form: gateway.form };
    }
  }
  throw new ApiFailure(409, 'CARD_CHECKOUT_BUSY', 'Another card checkout was opened at the same moment; try again.');
}

/** The answer the payer's page shows, from the acquirer's result. */
function authorizationAnswer(
  checkout: { purchaseNumber: string; paymentOrderNumber: string; amount: number; currency: string },
  request: Pick<NiubizAuthorizationRequest, 'name' | 'lastName' | 'email'>,
  result: CardAuthorizationResult,
  installments: number,
  paidAt: Date,
): NiubizAuthorization {
  return {
    status: result.approved ? '1' : '2',
    message: result.actionDescription,
    data: {
      orderNumber: checkout.paymentOrderNumber,
      purchaseNumber: checkout.purchaseNumber,
      amount: checkout.amount,
      currency: checkout.currency,
      cardMask: result.cardMask,
      cardBrand: result.brand,
      cardType: result.cardType,
      name: request.name,
      lastName: request.lastName,
      email: request.email,
      merchandId: result.merchantId,
      authorizationCode: result.authorizationCode,
      actionCode: result.actionCode,
      actionDescription: result.actionDescription,
      transactionDate: result.transactionDate,
      paymentDate: result.approved ? paidAt.toISOString() : null,
      installments,
    },
  };
}

/** The paying card (brand and last four) in the session's copy of the booking, for the pages after payment. */
async function recordPaidCard(deps: AppDeps, orderNumber: string, card: PaidCard) {
  const [row] = await deps.db.select({ sessionId: bookings.sessionId }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  if (!row) return;
  await deps.db.transaction(async (tx) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId)).for('update');
    const booking = completeBookingOf(session?.data ?? null);
    if (!session || !booking || booking.paymentDetails.orderNumber !== orderNumber) return;
    const moved = { ...booking, paymentDetails: { ...booking.paymentDetails, card } };
    await tx.update(sessions).set({ data: { ...session.data, booking: moved } }).where(eq(sessions.id, session.id));
  });
}

/**
 * POST engines/niubiz/pay/authorization: the transaction token is authorised for the checkout's amount
 * (never the amount sent), once: a repeated call answers what the first one did. An approval settles the
 * order; a denial carries the acquirer's description; an acquirer that cannot be reached is status '3'
 * and leaves the checkout open to try again.
 */
export async function authorizeCardPayment(deps: AppDeps, request: NiubizAuthorizationRequest): Promise<NiubizAuthorization> {
  const gateway = gatewayOrFail(deps);
  const [found] = await deps.db.select({ checkout: cardCheckouts, order: paymentOrders }).from(cardCheckouts).innerJoin(paymentOrders, eq(paymentOrders.number, cardCheckouts.paymentOrderNumber)).where(eq(cardCheckouts.purchaseNumber, request.purchase));
  if (!found) throw new ApiFailure(404, 'CARD_CHECKOUT_NOT_FOUND', `No card checkout has the purchase number ${request.purchase}.`);
  const { checkout, order } = found;
  if (checkout.status === 'authorized' || checkout.status === 'denied') return checkout.authorization as NiubizAuthorization;
  const now = deps.now();
  const installments = request.installments ?? 0;
  if (checkout.expiresAt <= now || order.status !== 'PP' || order.expiresAt <= now) {
    return { status: '2', message: NIUBIZ_DENIALS.expired.actionDescription, data: null };
  }
  const claimed = await deps.db
    .update(cardCheckouts)
    .set({ status: 'authorizing', updatedAt: now })
    .where(and(eq(cardCheckouts.sessionKey, checkout.sessionKey), eq(cardCheckouts.status, 'open')))
    .returning({ sessionKey: cardCheckouts.sessionKey });
  if (claimed.length === 0) {
    const [again] = await deps.db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionKey, checkout.sessionKey));
    if (again?.authorization) return again.authorization as NiubizAuthorization;
    throw new ApiFailure(409, 'CARD_AUTHORIZATION_IN_PROGRESS', 'This payment is being authorised; try again in a moment.');
  }
  let result: CardAuthorizationResult;
  try {
    result = await gateway.authorize({ transactionToken: request.transactionToken, sessionKey: checkout.sessionKey, purchaseNumber: checkout.purchaseNumber, amount: checkout.amount, currency: checkout.currency, installments });
  } catch {
    await deps.db.update(cardCheckouts).set({ status: 'open', updatedAt: deps.now() }).where(eq(cardCheckouts.sessionKey, checkout.sessionKey));
    return { status: '3', message: NIUBIZ_CONNECTION_ERROR, data: null };
  }
  const answer = authorizationAnswer(checkout, request, result, installments, deps.now());
  if (!result.approved && result.cardMask === null) {
    // A token the acquirer could not read names no card: the checkout stays open, so a token sent by
    // anyone who knows the purchase number cannot close the payer's checkout.
    await deps.db.update(cardCheckouts).set({ status: 'open', updatedAt: deps.now() }).where(eq(cardCheckouts.sessionKey, checkout.sessionKey));
    return answer;
  }
  await deps.db
    .update(cardCheckouts)
    .set({ status: result.approved ? 'authorized' : 'denied', authorization: answer, updatedAt: deps.now() })
    .where(eq(cardCheckouts.sessionKey, checkout.sessionKey));
  if (result.approved) {
    if (result.brand && answer.data?.cardMask) {
      await recordPaidCard(deps, order.number, { brand: result.brand, last4: answer.data.cardMask.slice(-4), authorizationCode: result.authorizationCode, transactionDate: result.transactionDate });
    }
    await settlePaidOrder(deps, order, cardPaymentOf(checkout));
  }
  return answer;
}

/**
 * POST engines/niubiz/notify: the payer's page saw status '1'. The page's word is not taken: the order is
 * settled only when this server's own authorisation of that purchase was approved; a replay changes nothing.
 */
export async function takeCardNotification(deps: AppDeps, purchaseNumber: string): Promise<SettledOrder> {
  const [found] = await deps.db.select({ checkout: cardCheckouts, order: paymentOrders }).from(cardCheckouts).innerJoin(paymentOrders, eq(paymentOrders.number, cardCheckouts.paymentOrderNumber)).where(eq(cardCheckouts.purchaseNumber, purchaseNumber));
  if (!found) throw new ApiFailure(404, 'CARD_CHECKOUT_NOT_FOUND', `No card checkout has the purchase number ${purchaseNumber}.`);
  if (found.checkout.status !== 'authorized' || found.order.status !== 'PP') return storedOutcome(deps, found.order.number);
  return settlePaidOrder(deps, found.order, cardPaymentOf(found.checkout));
}
