import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { Database, Transaction } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { errorCodes } from '../../contract/common.ts';
import type { BookForm } from '../../contract/checkout.ts';
import { DEFAULT_SESSION_LIFETIME_HOURS, SESSION_IDLE_MINUTES, type Session, type SessionData } from '../../contract/session.ts';
import { sessionDataSchema } from '../../contract/session-store.ts';
import { maskEmail, maskTail } from '../domain/masking.ts';
import { issueSessionOwnerKey, provesSessionOwner } from '../domain/session-owner-key.ts';
import { ApiFailure, validationFailure } from '../errors.ts';

export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60_000;

type SessionRow = typeof sessions.$inferSelect;

/** The absolute lifetime of a session in milliseconds: deps.sessionLifetimeHours, else 24 h. */
export function sessionLifetimeMs(deps: Pick<AppDeps, 'sessionLifetimeHours'>): number {
  return (deps.sessionLifetimeHours ?? DEFAULT_SESSION_LIFETIME_HOURS) * 3_600_000;
}

/** When a session stops answering: 30 idle minutes after its last activity, and never after its lifetime from creation. */
export function sessionEndOf(row: Pick<SessionRow, 'createdAt' | 'lastActivityAt'>, lifetimeMs: number): Date {
  return new Date(Math.min(row.lastActivityAt.getTime() + SESSION_IDLE_MS, row.createdAt.getTime() + lifetimeMs));
}

type ShownBookForm = NonNullable<Session['bookForm']>;

const maskedIfGiven = (value: string | undefined, mask: (text: string) => string) => (value === undefined ? undefined : mask(value));

/**
 * The book form as whoever has not proved the owner key sees it: names, payment and products as they
 * are; documents, phones and frequent-flyer numbers masked to their last two characters, e-mails to
 * their first letter and domain, birthdates left out, and the card token masked (brand and last four stay).
 */
function maskedBookForm(form: BookForm): ShownBookForm {
  const { contact, agencyInformation, paymentCreditCard } = form;
  return {
    ...form,
    passengers: form.passengers.map(({ birthdate: _birthdate, ...passenger }) => ({
      ...passenger,
      documentNumber: maskedIfGiven(passenger.documentNumber, maskTail),
      email: maskedIfGiven(passenger.email, maskEmail),
      phoneNumber: maskedIfGiven(passenger.phoneNumber, maskTail),
      frequentFlyer: maskedIfGiven(passenger.frequentFlyer, maskTail),
    })),
    contact: contact && { ...contact, email: maskEmail(contact.email), phoneNumber: maskTail(contact.phoneNumber) },
    agencyInformation: agencyInformation && { ...agencyInformation, email: maskEmail(agencyInformation.email) },
    paymentCreditCard: paymentCreditCard && { ...paymentCreditCard, token: maskTail(paymentCreditCard.token) },
  };
}

/** What a session read shows: everything to its owner; to anyone else the same with personal data masked. */
export type PersonalData = 'full' | 'masked';

function toSession(row: SessionRow, lifetimeMs: number, personalData: PersonalData): Session {
  const { bookForm } = row.data;
  return {
    ...row.data,
    bookForm: bookForm && personalData === 'masked' ? maskedBookForm(bookForm) : bookForm,
    sessionID: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    expiresAt: sessionEndOf(row, lifetimeMs).toISOString(),
  };
}

/**
 * The session row if it exists and is live: not idle past its limit, and not past its absolute
 * lifetime counted from creation (`lifetimeMs`, 24 h unless given: pass `sessionLifetimeMs(deps)`);
 * otherwise the typed 404 or 410. With `lock` the row stays locked until the caller's transaction ends
 * (read-merge-write).
 */
export async function loadLiveSession(
  db: Database | Transaction,
  id: string,
  now: Date,
  options: { lock?: boolean; lifetimeMs?: number } = {},
): Promise<SessionRow> {
  const query = db.select().from(sessions).where(eq(sessions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new ApiFailure(404, errorCodes.sessionNotFound, `No session has the id ${id}.`);
  const lifetimeMs = options.lifetimeMs ?? DEFAULT_SESSION_LIFETIME_HOURS * 3_600_000;
  if (now.getTime() - row.createdAt.getTime() > lifetimeMs) {
    throw new ApiFailure(410, errorCodes.sessionExpired, `The session ${id} expired: sessions last ${lifetimeMs / 3_600_000} hours from their creation.`);
  }
  if (now.getTime() - row.lastActivityAt.getTime() > SESSION_IDLE_MS) {
    throw new ApiFailure(410, errorCodes.sessionExpired, `The session ${id} expired after ${SESSION_IDLE_MINUTES} idle minutes.`);
  }
  return row;
}

/**
 * The parts as the contract stores them. Every writer goes through here, so a part with a field the
 * contract does not have (supplier extras, a card number in `transaction.airBook`) is a 400 naming
 * the field and is never stored.
 */
function storable(data: SessionData): SessionData {
  const parsed = sessionDataSchema.safeParse(data);
  if (!parsed.success) throw validationFailure(parsed.error, 'session');
  return parsed.data;
}

/** A new session and its owner key: the key is answered once, to its creator; only its hash is stored. */
export async function createSession(deps: AppDeps, data: SessionData): Promise<{ id: string; ownerKey: string }> {
  const { db, now } = deps;
  const id = crypto.randomUUID();
  const at = now();
  const { key, hash } = issueSessionOwnerKey();
  await db.insert(sessions).values({ id, data: storable(data), createdAt: at, lastActivityAt: at, ownerKeyHash: hash });
  return { id, ownerKey: key };
}

/**
 * Merges the given parts into a live session, for the holder of its owner key only (403 otherwise).
 * A session made before owner keys (no stored hash) has no owner to prove: it takes saves until it
 * ends (24 h at most), so a search under way when owner keys arrived is not broken. The row is locked
 * for the read-merge-write so that concurrent saves of different parts (markups and selection, say)
 * never drop one another.
 */
export async function updateSession(deps: AppDeps, id: string, patch: SessionData, ownerKey: string | undefined): Promise<void> {
  const { db, now } = deps;
  const parts = storable(patch);
  await db.transaction(async (tx) => {
    const live = await loadLiveSession(tx, id, now(), { lock: true, lifetimeMs: sessionLifetimeMs(deps) });
    if (live.ownerKeyHash !== null && !provesSessionOwner(live.ownerKeyHash, ownerKey)) {
      throw new ApiFailure(403, errorCodes.sessionKeyRequired, 'Only the browser that created this session may change it (X-Session-Key).');
    }
    await tx
      .update(sessions)
      .set({ data: { ...live.data, ...parts }, lastActivityAt: now() })
      .where(eq(sessions.id, id));
  });
}

/**
 * Reading a session counts as activity: it keeps the traveller's idle clock from running out, but
 * never past the absolute lifetime, which only creation sets. The session id travels in confirmation
 * addresses, so only the owner key shows personal data; anyone else (another browser given the
 * address, a session made before owner keys) reads it masked.
 */
export async function readSession(deps: AppDeps, id: string, ownerKey: string | undefined): Promise<{ session: Session; personalData: PersonalData }> {
  const { db, now } = deps;
  const lifetimeMs = sessionLifetimeMs(deps);
  const live = await loadLiveSession(db, id, now(), { lifetimeMs });
  const touched = now();
  await db.update(sessions).set({ lastActivityAt: touched }).where(eq(sessions.id, id));
  const personalData = provesSessionOwner(live.ownerKeyHash, ownerKey) ? 'full' : 'masked';
  return { session: toSession({ ...live, lastActivityAt: touched }, lifetimeMs, personalData), personalData };
}
