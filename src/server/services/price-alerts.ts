/**
 * Price alerts (issue 21). Made from a search with an e-mail, confirmed by the mailed link, then checked
 * once a day by the `check-price-alerts` job: when the route's cheapest total is at least the alert's
 * drop under the price it was made at, and lower than any price mailed before, the drop mail goes out.
 * Every drop mail unsubscribes in one click. The e-mail is personal data: alerts unconfirmed for
 * UNCONFIRMED_DAYS, and unsubscribed or ended ones after a day, are deleted with their mails.
 *
 * Links: the confirm token is random and kept only as its SHA-256 hash; the unsubscribe token is an
 * HMAC of the alert id with the link secret (each drop mail needs it again), looked up by its hash too.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
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
import { priceAlerts } from '../db/schema/index.ts';
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
 * POST /api/price-alerts: prices the route (the baseline) and writes the alert with its confirmation
 * mail in one transaction. The same address and search again is the same alert: no second alert, no
 * second mail ('alreadyTracking' once confirmed). A closed (unsubscribed, ended) one is started anew.
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
  const email = request.email.trim().toLowerCase();
  const routeKey = routeKeyOf(route);
  const existingAlert = async () => (await deps.db.select().from(priceAlerts).where(and(eq(priceAlerts.email, email), eq(priceAlerts.routeKey, routeKey))))[0];
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
    const [alert] = await tx
      .insert(priceAlerts)
      .values({
        id,
        email,
        language: request.language,
        ...route,
        routeKey,
        baselineTotal: baseline,
        dropAmount: priceAlertDrop(baseline),
        lastTotal: baseline,
        lastCheckedAt: at,
        confirmTokenHash: hashOf(confirmToken),
        unsubscribeTokenHash: hashOf(unsubscribeTokenOf(id, deps.bookingLinkSecret)),
        createdAt: at,
      })
      .onConflictDoNothing({ target: [priceAlerts.email, priceAlerts.routeKey] })
      .returning();
    if (alert) await enqueuePriceAlertConfirmMail(tx, alert, confirmToken, at);
    return alert;
  });
  // A concurrent request for the same address and search made the alert first: that one is the answer.
  const alert = created ?? (await existingAlert());
  if (!alert) throw new ApiFailure(409, errorCodes.badRequest, 'The alert changed while it was made; please try again.');
  return answerFor(alert);
}

const invalidLink = () => new ApiFailure(404, priceAlertErrorCodes.invalidLink, 'This price alert link is not valid, or its alert no longer exists.');

/** POST /api/price-alerts/confirm/{token}: the address is confirmed (again: nothing changes). */
export async function confirmPriceAlert(deps: AppDeps, token: string): Promise<PriceAlertLinkResponse['data']> {
  const [alert] = await deps.db.select().from(priceAlerts).where(eq(priceAlerts.confirmTokenHash, hashOf(token)));
  if (!alert) throw invalidLink();
  if (alert.unsubscribedAt) return { state: 'unsubscribed', ...routeOf(alert) };
  if (!alert.confirmedAt) await deps.db.update(priceAlerts).set({ confirmedAt: deps.now() }).where(and(eq(priceAlerts.id, alert.id), isNull(priceAlerts.confirmedAt)));
  return { state: 'confirmed', ...routeOf(alert) };
}

/** POST /api/price-alerts/unsubscribe/{token} (the mail's link and its one-click List-Unsubscribe): no more mails. */
export async function unsubscribePriceAlert(deps: AppDeps, token: string): Promise<PriceAlertLinkResponse['data']> {
  const [alert] = await deps.db.select().from(priceAlerts).where(eq(priceAlerts.unsubscribeTokenHash, hashOf(token)));
  if (!alert) throw invalidLink();
  if (!alert.unsubscribedAt) await deps.db.update(priceAlerts).set({ unsubscribedAt: deps.now() }).where(and(eq(priceAlerts.id, alert.id), isNull(priceAlerts.unsubscribedAt)));
  return { state: 'unsubscribed', ...routeOf(alert) };
}

/** Deletes what is no longer needed: unconfirmed past UNCONFIRMED_DAYS, unsubscribed or ended for a day. */
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
  return deleted.length;
}

/**
 * The `check-price-alerts` job: deletes stale alerts, ends those whose departure is past, and prices
 * each confirmed open alert not checked in the last CHECK_EVERY_MS (each route once per run). A price
 * at least the drop under the baseline and under the last mailed one is mailed, once per price.
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
        .set({ lastTotal: total, lastCheckedAt: now, ...(isNewLow ? { lastMailedTotal: total } : {}) })
        .where(and(eq(priceAlerts.id, alert.id), alert.lastCheckedAt ? eq(priceAlerts.lastCheckedAt, alert.lastCheckedAt) : isNull(priceAlerts.lastCheckedAt), isNull(priceAlerts.unsubscribedAt)))
        .returning({ id: priceAlerts.id });
      if (claimed && isNewLow && total !== null) {
        await enqueuePriceDropMail(tx, alert, total, unsubscribeTokenOf(alert.id, deps.bookingLinkSecret), now);
        mailed += 1;
      }
    });
  }
  return { deleted, ended: ended.length, checked, mailed };
}
