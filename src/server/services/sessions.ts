import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
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

function assertLive(row: SessionRow | undefined, id: string, now: Date): SessionRow {
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
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    const live = assertLive(row, id, now());
    await tx
      .update(sessions)
      .set({ data: { ...live.data, ...patch }, lastActivityAt: now() })
      .where(eq(sessions.id, id));
  });
}

/** Reading a session counts as activity: it keeps the traveller's idle clock from running out. */
export async function readSession({ db, now }: AppDeps, id: string): Promise<Session> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  const live = assertLive(row, id, now());
  const touched = now();
  await db.update(sessions).set({ lastActivityAt: touched }).where(eq(sessions.id, id));
  return toSession({ ...live, lastActivityAt: touched });
}
