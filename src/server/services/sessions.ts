import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { Database, Transaction } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { errorCodes } from '../../contract/common.ts';
import { SESSION_IDLE_MINUTES, type Session, type SessionData } from '../../contract/session.ts';
import { ApiFailure } from '../errors.ts';

const idleMs = SESSION_IDLE_MINUTES * 60_000;

type SessionRow = typeof sessions.$inferSelect;

function toSession(row: SessionRow): Session {
  return {
    ...row.data,
    sessionID: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    expiresAt: new Date(row.lastActivityAt.getTime() + idleMs).toISOString(),
  };
}

/**
 * The session row if it exists and has not been idle past its limit; otherwise the typed 404 or 410.
 * With `lock` the row stays locked until the caller's transaction ends (read-merge-write).
 */
export async function loadLiveSession(db: Database | Transaction, id: string, now: Date, options: { lock?: boolean } = {}): Promise<SessionRow> {
  const query = db.select().from(sessions).where(eq(sessions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new ApiFailure(404, errorCodes.sessionNotFound, `No session has the id ${id}.`);
  if (now.getTime() - row.lastActivityAt.getTime() > idleMs) {
    throw new ApiFailure(410, errorCodes.sessionExpired, `The session ${id} expired after ${SESSION_IDLE_MINUTES} idle minutes.`);
  }
  return row;
}

export async function createSession({ db, now }: AppDeps, data: SessionData): Promise<string> {
  const id = crypto.randomUUID();
  const at = now();
  await db.insert(sessions).values({ id, data, createdAt: at, lastActivityAt: at });
  return id;
}

/**
 * Merges the given parts into a live session. The row is locked for the read-merge-write so that
 * concurrent saves of different parts (markups and selection, say) never drop one another.
 */
export async function updateSession({ db, now }: AppDeps, id: string, patch: SessionData): Promise<void> {
  await db.transaction(async (tx) => {
    const live = await loadLiveSession(tx, id, now(), { lock: true });
    await tx
      .update(sessions)
      .set({ data: { ...live.data, ...patch }, lastActivityAt: now() })
      .where(eq(sessions.id, id));
  });
}

/** Reading a session counts as activity: it keeps the traveller's idle clock from running out. */
export async function readSession({ db, now }: AppDeps, id: string): Promise<Session> {
  const live = await loadLiveSession(db, id, now());
  const touched = now();
  await db.update(sessions).set({ lastActivityAt: touched }).where(eq(sessions.id, id));
  return toSession({ ...live, lastActivityAt: touched });
}
