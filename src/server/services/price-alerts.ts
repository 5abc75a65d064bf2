/**
 * Price alerts (issue 21). Made from a search with an e-mail, confirmed by the mailed link, then checked
 * once a day by the `check-price-alerts` job: when the route's cheapest total is at least the alert's
 * drop under the price it was made at, and lower than any price mailed before, the drop mail goes out.
 * Every drop mail unsubscribes in one click. The e-mail is personal data: alerts unconfirmed for
 * UNCONFIRMED_DAYS, and unsubscribed or ended ones after a day, are deleted with their mails.
 *
 * Links: the confirm token is random and kept only as its SHA-256 hash; the unsubscribe token is an
 * HMAC of the alert id with the link secret (each drop mail needs it again), looked up by its hash too.
 *
 * Mails to one mailbox are bounded whatever way its address is written (issue 36): addresses are compared
 * canonical (domain/email-address.ts: case, +tags, Gmail's dots), the mails still going to the address as
 * typed. Double opt-in per address (price_alert_recipients): the first mail to an address is its
 * confirmation, and no drop mail goes out before the address confirmed; once it has, its new alerts start
 * at once without another confirmation mail. While it has not, its confirmation is mailed again at most
 * once a day, whatever the alerts made meanwhile. And an address gets at most ALERT_MAILS_PER_DAY alert
 * mails of any kind a day, counted in the database so every process keeps the one count.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../contract/common.ts';
import type { z } from 'zod';
import {
  priceAlertDrop,
  priceAlertErrorCodes,
  type createPriceAlertRequestSchema,
  type CreatePriceAlertResponse,
  type PriceAlertLinkResponse,
  type PriceAlertRoute,
} from '../../contract/price-alerts.ts';
import type { Database, Transaction } from '../db/client.ts';
import { priceAlertRecipients, priceAlerts } from '../db/schema/index.ts';
import { canonicalEmail } from '../domain/email-address.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { enqueuePriceAlertConfirmMail, enqueuePriceDropMail } from '../mail/price-alert-mails.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { findEngine } from './engines.ts';
import { checkRoute } from './price-calendar.ts';
import { businessToday, DEFAULT_SEARCH_DEADLINE_MS } from './search.ts';

type Alert = typeof priceAlerts.$inferSelect;
type CreateRequest = z.output<typeof createPriceAlertRequestSchema>;

/** An alert not confirmed within this many days is deleted. */
export const UNCONFIRMED_DAYS = 3;
/** Unsubscribed and ended alerts are kept this long (their links still answer), then deleted. */
const CLOSED_KEEP_MS = 24 * 3_600_000;
/** An alert is checked again once this long has passed since its last check: once a day with an hourly job. */
export const CHECK_EVERY_MS = 23 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
/** Alerts checked per run; the rest wait for the next hourly run. */
const CHECK_BATCH = 200;
/** Price alert mails of every kind (confirmations, drops) one canonical address gets per business day at most. */
export const ALERT_MAILS_PER_DAY = 5;
/** While an address has not confirmed, its confirmation is mailed again at most this often. */
export const CONFIRMATION_RESEND_MS = DAY_MS;

/**
 * Counts one mail to `canonical` on `today` (business day) if it is under ALERT_MAILS_PER_DAY: true when it
 * may be written. One atomic upsert, so concurrent runs and processes share the count.
 */
async function takeMailSlot(tx: Transaction | Database, canonical: string, today: string, at: Date): Promise<boolean> {
  const counted = await tx
    .insert(priceAlertRecipients)
    .values({ emailCanonical: canonical, mailDay: today, mailsThatDay: 1, createdAt: at })
    .onConflictDoUpdate({
      target: priceAlertRecipients.emailCanonical,
      set: { mailsThatDay: sql`CASE WHEN ${priceAlertRecipients.mailDay} = ${today} THEN ${priceAlertRecipients.mailsThatDay} + 1 ELSE 1 END`, mailDay: today },
      setWhere: sql`${priceAlertRecipients.mailDay} IS DISTINCT FROM ${today} OR ${priceAlertRecipients.mailsThatDay} < ${ALERT_MAILS_PER_DAY}`,
    })
    .returning({ mails: priceAlertRecipients.mailsThatDay });
  return counted.length > 0;
}

/**
 * Whether this alert's creation mails the address its confirmation: not confirmed yet, none mailed within
 * CONFIRMATION_RESEND_MS (one request of concurrent ones wins), and under the day's cap.
 */
async function claimConfirmationMail(tx: Transaction, canonical: string, today: string, at: Date): Promise<boolean> {
  await tx.insert(priceAlertRecipients).values({ emailCanonical: canonical, createdAt: at }).onConflictDoNothing();
  const claimed = await tx
    .update(priceAlertRecipients)
    .set({ lastConfirmationAt: at })
    .where(
      and(
        eq(priceAlertRecipients.emailCanonical, canonical),
        isNull(priceAlertRecipients.confirmedAt),
        or(isNull(priceAlertRecipients.lastConfirmationAt), lte(priceAlertRecipients.lastConfirmationAt, new Date(at.getTime() - CONFIRMATION_RESEND_MS))),
      ),
    )
    .returning({ canonical: priceAlertRecipients.emailCanonical });
  return claimed.length > 0 && (await takeMailSlot(tx, canonical, today, at));
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const unsubscribeTokenOf = (alertId: string, secret: string) => createHmac('sha256', secret).update(`price-alert-unsubscribe:${alertId}`).digest('base64url');

const routeOf = (alert: Alert): PriceAlertRoute => ({
  origin: alert.origin,
  destination: alert.destination,
  departureDate: alert.departureDate,
  returnDate: alert.returnDate,
  baselineTotal: alert.baselineTotal,
  dropAmount: alert.dropAmount,
});

interface PricedRoute {
  terminalId: string;
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  adults: number;
  children: number;
  infants: number;
  cabin: string;
}

/** The cheapest total of the route on its dates (null: nothing sold), from the supplier's price calendar. */
async function cheapestTotal(deps: AppDeps, route: PricedRoute, agency: boolean): Promise<number | null> {
  const now = deps.now();
  try {
    const answer = await withDeadline(deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS, () =>
      deps.supplier.priceCalendar({
        origin: route.origin,
        destination: route.destination,
        pairs: [{ departureDate: route.departureDate, returnDate: route.returnDate }],
        passengers: { adults: route.adults, children: route.children, infants: route.infants },
        cabin: route.cabin as CreateRequest['cabin'],
        today: businessToday(now),
        now: now.getTime(),
        agency,
      }),
    );
    return answer?.[0] ?? null;
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
}

const routeKeyOf = (route: PricedRoute) =>
  [route.terminalId, route.origin, route.destination, route.departureDate, route.returnDate ?? '', route.adults, route.children, route.infants, route.cabin].join('|');

const isOpen = (alert: Alert) => alert.unsubscribedAt === null && alert.endedAt === null;

/**
 * POST /api/price-alerts: prices the route (the baseline) and writes the alert, with its confirmation mail
 * when the address is due one (claimConfirmationMail), in one transaction. The same canonical address and
 * search again is the same alert: no second alert, no second mail. An address already confirmed starts
 * tracking at once ('alreadyTracking'); otherwise 'confirmationSent' (this mail, or the one on its way).
 * A closed (unsubscribed, ended) alert is started anew.
 */
export async function createPriceAlert(deps: AppDeps, request: CreateRequest): Promise<CreatePriceAlertResponse['data']> {
  const engine = await resolveTerminal(deps, request.terminalId, request.token);
  checkRoute(request, businessToday(deps.now()), 'json');
  const route: PricedRoute = {
    terminalId: request.terminalId,
    origin: request.origin,
    destination: request.destination,
    departureDate: request.date,
    returnDate: request.return ?? null,
    adults: request.adults,
    children: request.children,
    infants: request.infants,
    cabin: request.cabin,
  };
  const email = request.email.trim();
  const emailCanonical = canonicalEmail(email);
  const routeKey = routeKeyOf(route);
  const existingAlert = async () => (await deps.db.select().from(priceAlerts).where(and(eq(priceAlerts.emailCanonical, emailCanonical), eq(priceAlerts.routeKey, routeKey))))[0];
  const answerFor = (alert: Alert) => ({ state: alert.confirmedAt ? ('alreadyTracking' as const) : ('confirmationSent' as const), ...routeOf(alert) });

  const existing = await existingAlert();
  if (existing && isOpen(existing)) return answerFor(existing);
  const baseline = await cheapestTotal(deps, route, engine.isAgency);
  if (baseline === null) throw new ApiFailure(409, priceAlertErrorCodes.notSold, 'Nothing is sold on this route and these dates: there is no price to track.');

  const confirmToken = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const at = deps.now();
  const created = await deps.db.transaction(async (tx) => {
    if (existing) await tx.delete(priceAlerts).where(eq(priceAlerts.id, existing.id));
    const [recipient] = await tx.select({ confirmedAt: priceAlertRecipients.confirmedAt }).from(priceAlertRecipients).where(eq(priceAlertRecipients.emailCanonical, emailCanonical));
    const confirmedAt = recipient?.confirmedAt ? at : null;
    const [alert] = await tx
      .insert(priceAlerts)
      .values({
        id,
        email,
        emailCanonical,
        language: request.language,
        ...route,
        routeKey,
        baselineTotal: baseline,
        dropAmount: priceAlertDrop(baseline),
        lastTotal: baseline,
        lastCheckedAt: at,
        confirmTokenHash: hashOf(confirmToken),
        confirmedAt,
        unsubscribeTokenHash: hashOf(unsubscribeTokenOf(id, deps.bookingLinkSecret)),
        createdAt: at,
      })
      .onConflictDoNothing({ target: [priceAlerts.emailCanonical, priceAlerts.routeKey] })
      .returning();
    if (alert && !confirmedAt && (await claimConfirmationMail(tx, emailCanonical, businessToday(at), at))) await enqueuePriceAlertConfirmMail(tx, alert, confirmToken, at);
    return alert;
  });
  // A concurrent request for the same address and search made the alert first: that one is the answer.
  const alert = created ?? (await existingAlert());
  if (!alert) throw new ApiFailure(409, errorCodes.badRequest, 'The alert changed while it was made; please try again.');
  return answerFor(alert);
}

const invalidLink = () => new ApiFailure(404, priceAlertErrorCodes.invalidLink, 'This price alert link is not valid, or its alert no longer exists.');

/**
 * POST /api/price-alerts/confirm/{token}: the address is confirmed (again: nothing changes), and with it
 * every alert it made meanwhile (their confirmation was this one mail).
 */
export async function confirmPriceAlert(deps: AppDeps, token: string): Promise<PriceAlertLinkResponse['data']> {
  const [alert] = await deps.db.select().from(priceAlerts).where(eq(priceAlerts.confirmTokenHash, hashOf(token)));
  if (!alert) throw invalidLink();
  if (alert.unsubscribedAt) return { state: 'unsubscribed', ...routeOf(alert) };
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(priceAlertRecipients)
      .values({ emailCanonical: alert.emailCanonical, confirmedAt: at, createdAt: at })
      .onConflictDoUpdate({ target: priceAlertRecipients.emailCanonical, set: { confirmedAt: at }, setWhere: isNull(priceAlertRecipients.confirmedAt) });
    await tx.update(priceAlerts).set({ confirmedAt: at }).where(and(eq(priceAlerts.emailCanonical, alert.emailCanonical), isNull(priceAlerts.confirmedAt)));
  });
  return { state: 'confirmed', ...routeOf(alert) };
}

/** POST /api/price-alerts/unsubscribe/{token} (the mail's link and its one-click List-Unsubscribe): no more mails. */
export async function unsubscribePriceAlert(deps: AppDeps, token: string): Promise<PriceAlertLinkResponse['data']> {
  const [alert] = await deps.db.select().from(priceAlerts).where(eq(priceAlerts.unsubscribeTokenHash, hashOf(token)));
  if (!alert) throw invalidLink();
  if (!alert.unsubscribedAt) await deps.db.update(priceAlerts).set({ unsubscribedAt: deps.now() }).where(and(eq(priceAlerts.id, alert.id), isNull(priceAlerts.unsubscribedAt)));
  return { state: 'unsubscribed', ...routeOf(alert) };
}

/**
 * Deletes what is no longer needed: unconfirmed past UNCONFIRMED_DAYS, unsubscribed or ended for a day;
 * and the addresses left without an alert once their day's count is over.
 */
async function deleteStaleAlerts(deps: AppDeps, now: Date): Promise<number> {
  const closedBefore = new Date(now.getTime() - CLOSED_KEEP_MS);
  const deleted = await deps.db
    .delete(priceAlerts)
    .where(
      or(
        and(isNull(priceAlerts.confirmedAt), lt(priceAlerts.createdAt, new Date(now.getTime() - UNCONFIRMED_DAYS * DAY_MS))),
        lt(priceAlerts.unsubscribedAt, closedBefore),
        lt(priceAlerts.endedAt, closedBefore),
      ),
    )
    .returning({ id: priceAlerts.id });
  await deps.db
    .delete(priceAlertRecipients)
    .where(
      and(
        or(isNull(priceAlertRecipients.mailDay), lt(priceAlertRecipients.mailDay, businessToday(now))),
        notExists(deps.db.select({ id: priceAlerts.id }).from(priceAlerts).where(eq(priceAlerts.emailCanonical, priceAlertRecipients.emailCanonical))),
      ),
    );
  return deleted.length;
}

/**
 * The `check-price-alerts` job: deletes stale alerts, ends those whose departure is past, and prices
 * each confirmed open alert not checked in the last CHECK_EVERY_MS (each route once per run). A price
 * at least the drop under the baseline and under the last mailed one is mailed, once per price, within
 * the address's daily cap (a low not mailed for the cap is mailed at a later check if it still holds).
 * Idempotent: a second run within the day finds nothing due.
 */
export async function checkPriceAlerts(deps: AppDeps): Promise<{ deleted: number; ended: number; checked: number; mailed: number }> {
  const now = deps.now();
  const today = businessToday(now);
  const deleted = await deleteStaleAlerts(deps, now);
  const ended = await deps.db
    .update(priceAlerts)
    .set({ endedAt: now })
    .where(and(isNull(priceAlerts.endedAt), lt(priceAlerts.departureDate, today)))
    .returning({ id: priceAlerts.id });
  const due = await deps.db
    .select()
    .from(priceAlerts)
    .where(
      and(
        isNotNull(priceAlerts.confirmedAt),
        isNull(priceAlerts.unsubscribedAt),
        isNull(priceAlerts.endedAt),
        or(isNull(priceAlerts.lastCheckedAt), lte(priceAlerts.lastCheckedAt, new Date(now.getTime() - CHECK_EVERY_MS))),
      ),
    )
    .limit(CHECK_BATCH);
  const prices = new Map<string, Promise<number | null>>();
  let checked = 0;
  let mailed = 0;
  for (const alert of due) {
    let total: number | null;
    try {
      const priced = prices.get(alert.routeKey) ?? findEngine(deps, alert.terminalId).then((engine) => cheapestTotal(deps, alert, engine.isAgency));
      prices.set(alert.routeKey, priced);
      total = await priced;
    } catch (error) {
      // Logged by id only (the e-mail is personal data); the alert is due again at the next run.
      console.error(`Price alert ${alert.id}: could not price its route: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    checked += 1;
    const isNewLow = total !== null && total <= alert.baselineTotal - alert.dropAmount && (alert.lastMailedTotal === null || total < alert.lastMailedTotal);
    await deps.db.transaction(async (tx) => {
      // Only the run that moves the alert's check time forward mails (a concurrent run matches nothing).
      const [claimed] = await tx
        .update(priceAlerts)
        .set({ lastTotal: total, lastCheckedAt: now })
        .where(and(eq(priceAlerts.id, alert.id), alert.lastCheckedAt ? eq(priceAlerts.lastCheckedAt, alert.lastCheckedAt) : isNull(priceAlerts.lastCheckedAt), isNull(priceAlerts.unsubscribedAt)))
        .returning({ id: priceAlerts.id });
      if (claimed && isNewLow && total !== null && (await takeMailSlot(tx, alert.emailCanonical, today, now))) {
        await tx.update(priceAlerts).set({ lastMailedTotal: total }).where(eq(priceAlerts.id, alert.id));
        await enqueuePriceDropMail(tx, alert, total, unsubscribeTokenOf(alert.id, deps.bookingLinkSecret), now);
        mailed += 1;
      }
    });
  }
  return { deleted, ended: ended.length, checked, mailed };
}
