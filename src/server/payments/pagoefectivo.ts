/**
 * Paying a booking with PagoEfectivo (provider 102): the order's cash code (CIP), made once per order at
 * the configured provider (PagoEfectivo's API, or the sandbox's stand-in) with the order's own amount and
 * its deadline, and PagoEfectivo's signed notifications: cip.paid settles the order, cip.expired expires
 * it, each once (settle.ts), however often it is delivered.
 */
import { eq } from 'drizzle-orm';
import { CASH_PAYMENT_DEADLINE_HOURS, PaymentProvider } from '../../contract/checkout.ts';
import type { Cip, CipRequest } from '../../contract/pagoefectivo.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, cashPaymentCodes, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import type { CashCodeGateway } from './gateway.ts';
import { pagoEfectivoApiGateway, PagoEfectivoApiError } from './pagoefectivo-api.ts';
import { pagoEfectivoSandboxGateway } from './pagoefectivo-sandbox.ts';
import { pageTokenSecret } from './page-token.ts';
import { isPaymentPageToken } from './sandbox.ts';
import { settleReportOnce, type SettledOrder } from './settle.ts';

/** PagoEfectivo under the configured gateway: its API when PAGOEFECTIVO_* is complete, else the sandbox's, or none (then 102 is not offered). */
export function pagoEfectivoGatewayOf(deps: Pick<AppDeps, 'pagoEfectivo' | 'sandboxPaymentSecret' | 'db' | 'now'>): CashCodeGateway | null {
  if (deps.pagoEfectivo) return pagoEfectivoApiGateway(deps.pagoEfectivo, deps);
  return deps.sandboxPaymentSecret ? pagoEfectivoSandboxGateway({ ...deps, sandboxPaymentSecret: deps.sandboxPaymentSecret }) : null;
}

const gatewayOrFail = (deps: AppDeps) => {
  const gateway = pagoEfectivoGatewayOf(deps);
  if (!gateway) throw new ApiFailure(404, 'PAYMENT_METHOD_UNAVAILABLE', 'PagoEfectivo is not configured on this server.');
  return gateway;
};

const cents = (amount: number) => Math.round(amount * 100);

/** The CIP as the payment tab reads it. */
const cipAnswer = (code: { cip: string; cipUrl: string; expiresAt: Date }, order: { amount: number }): Cip => ({
  cip: code.cip,
  cipUrl: code.cipUrl,
  amount: order.amount,
  currency: 'USD',
  expiresAt: code.expiresAt.toISOString(),
});

type OrderRow = typeof paymentOrders.$inferSelect;
type CipDeps = Pick<AppDeps, 'db' | 'now' | 'pagoEfectivo' | 'sandboxPaymentSecret'>;

/**
 * The CIP of `order`, a pending PagoEfectivo order locked in `tx`: the stored one, else made at the
 * provider (for the order's amount as stored, until its deadline, at most six hours from now) and stored.
 * The provider's failure is a typed 502 (PAYMENT_PROVIDER_UNAVAILABLE).
 */
async function cipOfLockedOrder(tx: Transaction | Database, deps: CipDeps, gateway: CashCodeGateway, order: OrderRow): Promise<Cip> {
  const [stored] = await tx.select().from(cashPaymentCodes).where(eq(cashPaymentCodes.paymentOrderNumber, order.number));
  if (stored) return cipAnswer(stored, order);
  const now = deps.now();
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, order.bookingId));
  const lead = booking?.passengers[0];
  const expiresAt = new Date(Math.min(order.expiresAt.getTime(), now.getTime() + CASH_PAYMENT_DEADLINE_HOURS * 3_600_000));
  const code = await gateway
    .createCode({
      orderNumber: order.number,
      amount: order.amount,
      currency: 'USD',
      expiresAt,
      concept: `Vuelos ${booking?.pnr ?? order.number}`,
      payer: { email: booking?.contactEmail ?? '', firstName: lead?.firstName ?? '', lastName: lead?.lastName ?? '' },
    })
    .catch((error: unknown) => {
      if (!(error instanceof PagoEfectivoApiError)) throw error;
      // Only the kind of failure: PagoEfectivo's answer may name the payer.
      console.error(`PagoEfectivo CIP for order ${order.number}: ${error.failure}`);
      throw new ApiFailure(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'PagoEfectivo could not make the payment code; try again in a moment.');
    });
  await tx.insert(cashPaymentCodes).values({ paymentOrderNumber: order.number, providerCode: PaymentProvider.pagoEfectivo, cip: code.cip, cipUrl: code.cipUrl, expiresAt: code.expiresAt, createdAt: now });
  return cipAnswer(code, order);
}

/**
 * POST /api/payments/pagoefectivo/cip: the CIP of a pending, unexpired PagoEfectivo order whose page
 * token the caller has. Made at the provider once, under the order's row lock (two presses at once make
 * one CIP), for the order's amount as stored and until its deadline (at most six hours from now).
 */
export async function pagoEfectivoCip(deps: AppDeps, request: CipRequest): Promise<Cip> {
  const gateway = gatewayOrFail(deps);
  if (!isPaymentPageToken(pageTokenSecret(deps), request.orderNumber, request.token)) throw new ApiFailure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid.');
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.number, request.orderNumber)).for('update');
    if (!order || order.providerCode !== PaymentProvider.pagoEfectivo) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No PagoEfectivo payment order has the number ${request.orderNumber}.`);
    if (order.status !== 'PP' || order.expiresAt <= deps.now()) throw new ApiFailure(409, 'PAYMENT_ORDER_NOT_PENDING', `Payment order ${order.number} is not waiting for payment.`);
    return cipOfLockedOrder(tx, deps, gateway, order);
  });
}

/**
 * For a booking mail composed in `tx` (the booking's or the reminder's transaction): the CIP of the
 * pending PagoEfectivo order `orderNumber`, the same the payment tab shows, made now when none exists
 * yet. Null when there is none to tell: no such pending order, PagoEfectivo not configured, or the
 * provider could not make it (the mail then points to the booking's page, where the CIP can be asked
 * for again).
 */
export async function pagoEfectivoCipForMail(tx: Transaction | Database, deps: CipDeps, orderNumber: string): Promise<Cip | null> {
  const gateway = pagoEfectivoGatewayOf(deps);
  if (!gateway) return null;
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.number, orderNumber)).for('update');
  if (!order || order.providerCode !== PaymentProvider.pagoEfectivo || order.status !== 'PP' || order.expiresAt <= deps.now()) return null;
  try {
    return await cipOfLockedOrder(tx, deps, gateway, order);
  } catch (error) {
    // Only the provider's refusal or silence; a database error still fails the mail's transaction.
    if (error instanceof ApiFailure && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return null;
    throw error;
  }
}

/** The CIP with its order and booking, or null. */
export async function cipOrderOf(deps: Pick<AppDeps, 'db'>, cip: string) {
  const [row] = await deps.db
    .select({ code: cashPaymentCodes, order: paymentOrders, booking: bookings })
    .from(cashPaymentCodes)
    .innerJoin(paymentOrders, eq(paymentOrders.number, cashPaymentCodes.paymentOrderNumber))
    .innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId))
    .where(eq(cashPaymentCodes.cip, cip));
  return row ?? null;
}

/**
 * POST /api/payments/pagoefectivo/notifications: PagoEfectivo says a CIP was paid or expired. Not signed
 * by the provider: 401. A CIP we did not make, or another order's: 404; another amount than the order's:
 * 409, not taken. Taken once per CIP and event: cip.paid settles a pending order (or expires it past its
 * deadline), cip.expired expires it, so it can no longer be paid; other events change nothing.
 */
export async function takePagoEfectivoNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  const notification = gatewayOrFail(deps).verifyNotification(headers, rawBody);
  if (!notification) throw new ApiFailure(401, 'NOTIFICATION_SIGNATURE_INVALID', 'The notification is not signed by PagoEfectivo.');
  const found = await cipOrderOf(deps, notification.cip);
  if (!found || found.order.number !== notification.orderNumber) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No PagoEfectivo payment order has the CIP ${notification.cip}.`);
  const { order } = found;
  if (notification.event === 'paid' && (notification.currency !== order.currency || cents(notification.amount) !== cents(order.amount))) {
    throw new ApiFailure(409, 'PAYMENT_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} ${order.currency}.`);
  }
  const effect =
    notification.event === 'paid'
      ? { providerCode: PaymentProvider.pagoEfectivo, reference: `pagoefectivo:${notification.cip}`, amount: notification.amount, currency: notification.currency }
      : notification.event === 'expired'
        ? ('expires' as const)
        : false;
  return settleReportOnce(deps, order, { eventId: notification.eventId, providerCode: PaymentProvider.pagoEfectivo, eventType: notification.eventType }, effect);
}
