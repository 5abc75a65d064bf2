/**
 * What the store keeps, and for how long (issue 19, "sessions are bounded"). Periodic maintenance:
 * every function here is idempotent (a second run finds nothing left to do) and safe to run at the
 * same time from several processes (rows are claimed with FOR UPDATE SKIP LOCKED, or changed by one
 * statement whose filter no longer matches once done). Each reads the time only from deps.now().
 *
 * - Sessions past their limits (30 idle minutes, or the absolute lifetime from creation) that never
 *   led to a booking are deleted.
 * - Sessions whose booking is made keep their parts (the booking's itinerary, names, totals: manage
 *   my booking reads them), but once their checkout window is over the travellers' documents, phones
 *   and birthdates and the contact's phone are removed from them.
 * - Idempotency keys of bookings expire after 24 h: the key is cleared, the booking stays.
 */
import { and, eq, exists, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { SessionData } from '../../contract/session.ts';
import { bookings, sessions } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { SESSION_IDLE_MS, sessionLifetimeMs } from './sessions.ts';

/** Rows handled per statement: a backlog (a flood of sessions) is worked through in short transactions. */
const BATCH = 500;

/**
 * Deletion waits this long past a session's end: a booking started in the session's last live
 * moment has claimed its row (and so keeps the session) well before.
 */
export const SESSION_DELETE_GRACE_MS = 5 * 60_000;

/** Idempotency keys answer repeated submits for this long after the booking was claimed. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** The passenger fields removed once the checkout window is over; names, type and e-mail stay. */
export const PASSENGER_PERSONAL_FIELDS = ['birthdate', 'documentType', 'documentNumber', 'phoneNumber'] as const;
/** The contact's field removed with them; names and e-mail (the booking's contact address) stay. */
export const CONTACT_PERSONAL_FIELDS = ['phoneNumber'] as const;

/** Sessions whose end (idle limit or lifetime) is more than `graceMs` before `now`. */
function endedBefore(deps: AppDeps, now: Date, graceMs = 0) {
  return or(
    lt(sessions.lastActivityAt, new Date(now.getTime() - SESSION_IDLE_MS - graceMs)),
    lt(sessions.createdAt, new Date(now.getTime() - sessionLifetimeMs(deps) - graceMs)),
  );
}

/**
 * Deletes the sessions past their limits that have no booking (no row in bookings names them), in
 * batches; returns how many it deleted. Sessions with a booking are never deleted here.
 */
export async function deleteExpiredSessions(deps: AppDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  let deleted = 0;
  for (;;) {
    const due = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(endedBefore(deps, now, SESSION_DELETE_GRACE_MS), notExists(db.select({ one: sql`1` }).from(bookings).where(eq(bookings.sessionId, sessions.id)))))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db.delete(sessions).where(inArray(sessions.id, due)).returning({ id: sessions.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

const omit = <T extends object>(value: T, fields: readonly string[]): T =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key))) as T;

/**
 * The session's parts without the travellers' documents, phones and birthdates nor the contact's
 * phone. Everything else stays: the booking, flights and offer, names, e-mails, seats and extras.
 * The stored form is no longer a valid checkout form (its readers take these fields as absent).
 */
export function withoutPersonalData(data: SessionData): SessionData {
  const form = data.bookForm;
  if (!form) return data;
  return {
    ...data,
    bookForm: {
      ...form,
      passengers: form.passengers.map((passenger) => omit(passenger, PASSENGER_PERSONAL_FIELDS)),
      ...(form.contact ? { contact: omit(form.contact, CONTACT_PERSONAL_FIELDS) } : {}),
    },
  };
}

/** Whether the stored parts still hold any of the personal fields (SQL/JSON path, on the server). */
const holdsPersonalData = sql`(jsonb_path_exists(${sessions.data}, ${`$.bookForm.passengers[*] ? (${PASSENGER_PERSONAL_FIELDS.map((field) => `exists(@.${field})`).join(' || ')})`}::jsonpath)
  or jsonb_path_exists(${sessions.data}, ${`$.bookForm.contact ? (${CONTACT_PERSONAL_FIELDS.map((field) => `exists(@.${field})`).join(' || ')})`}::jsonpath))`;

/**
 * Removes the personal fields from the sessions whose booking is made (a booking row with a result)
 * once their checkout window is over (idle limit or lifetime passed), in batches; returns how many
 * sessions it changed. A session already stripped no longer matches, so a second run changes nothing.
 */
export async function stripPersonalDataOfBookedSessions(deps: AppDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  let stripped = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: sessions.id, data: sessions.data })
        .from(sessions)
        .where(
          and(
            endedBefore(deps, now),
            holdsPersonalData,
            exists(tx.select({ one: sql`1` }).from(bookings).where(and(eq(bookings.sessionId, sessions.id), isNotNull(bookings.result)))),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) await tx.update(sessions).set({ data: withoutPersonalData(row.data) }).where(eq(sessions.id, row.id));
      return rows.length;
    });
    stripped += count;
    if (count < BATCH) return stripped;
  }
}

/**
 * Clears (sets null) the idempotency key of bookings claimed more than 24 h ago: the key no longer
 * answers a repeated submit, the booking itself stays. Returns how many keys it cleared.
 */
export async function clearExpiredIdempotencyKeys(deps: AppDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
  const rows = await deps.db
    .update(bookings)
    .set({ idempotencyKey: null })
    .where(and(isNotNull(bookings.idempotencyKey), lt(bookings.createdAt, before)))
    .returning({ id: bookings.id });
  return rows.length;
}

/**
 * The three in one run (the periodic job), returning what each did. One that fails does not hold the
 * others back: they run, then the run fails naming it (the next run tries again).
 */
export async function runSessionRetention(deps: AppDeps): Promise<{ deletedSessions: number; strippedSessions: number; clearedIdempotencyKeys: number }> {
  const failures: string[] = [];
  const attempt = async (name: string, step: (deps: AppDeps) => Promise<number>) =>
    step(deps).catch((error: unknown) => {
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    });
  const done = {
    deletedSessions: await attempt('deleteExpiredSessions', deleteExpiredSessions),
    strippedSessions: await attempt('stripPersonalDataOfBookedSessions', stripPersonalDataOfBookedSessions),
    clearedIdempotencyKeys: await attempt('clearExpiredIdempotencyKeys', clearExpiredIdempotencyKeys),
  };
  if (failures.length > 0) throw new Error(`Session retention failed in part (${failures.join('; ')})`);
  return done;
}
