/**
 * Every call of the browser to the sessions API (issue 16). Creating a session answers its owner key;
 * the browser keeps it and sends it (X-Session-Key) with each read and save of that session, so the
 * server shows the travellers' personal data and takes saves only from the browser that created it.
 * Keys live in localStorage, so a reload, the return from a payment page and a new tab of the same
 * browser still prove it (in the agency's third-party frame too, where cookies would not be sent);
 * where storage is blocked they last as long as the page.
 */
import type { SessionData } from '../../contract/session.ts';
import { CHECKOUT_SESSION_ELEMENT, DEFAULT_SESSION_LIFETIME_HOURS, saveSessionResponseSchema, SESSION_KEY_HEADER } from '../../contract/session-save.ts';
import { apiGet, apiPost } from './api.ts';
import { grantHeaders } from './booking-access.ts';

const STORAGE_PREFIX = 'vuelos.sessionKey.';
const KEY_LIFETIME_MS = DEFAULT_SESSION_LIFETIME_HOURS * 3_600_000;
const keysOfThisPage = new Map<string, string>();

/** Where the owner key of a session is kept in localStorage: `{ key, savedAt }` as JSON. */
export const sessionKeyStorageName = (sessionID: string) => `${STORAGE_PREFIX}${sessionID}`;

/** The key of a kept entry, or null when the entry is missing or not one this module wrote. */
export function keyOfStoredEntry(entry: string | null): string | null {
  try {
    const parsed = JSON.parse(entry ?? 'null') as { key?: unknown } | null;
    return typeof parsed?.key === 'string' ? parsed.key : null;
  } catch {
    return null;
  }
}

const savedAtOf = (entry: string | null): number => {
  try {
    const parsed = JSON.parse(entry ?? 'null') as { savedAt?: unknown } | null;
    return typeof parsed?.savedAt === 'number' ? parsed.savedAt : 0;
  } catch {
    return 0;
  }
};

/** localStorage, or null where the browser refuses it (blocked storage in a frame, private modes). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps a new session's key, dropping the keys of sessions that have ended by now (their lifetime is over). */
function rememberSessionKey(sessionID: string, key: string) {
  keysOfThisPage.set(sessionID, key);
  const store = storage();
  if (!store) return;
  try {
    const ended = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
      (name): name is string => name?.startsWith(STORAGE_PREFIX) === true && Date.now() - savedAtOf(store.getItem(name)) > KEY_LIFETIME_MS,
    );
    for (const name of ended) store.removeItem(name);
    store.setItem(sessionKeyStorageName(sessionID), JSON.stringify({ key, savedAt: Date.now() }));
  } catch {
    // A full or refused storage: the key still serves this page.
  }
}

/** The X-Session-Key header of a session this browser created, when it holds the key. */
export function sessionOwnerHeaders(sessionID: string): Record<string, string> {
  const key = keysOfThisPage.get(sessionID) ?? keyOfStoredEntry(storage()?.getItem(sessionKeyStorageName(sessionID)) ?? null);
  return key ? { [SESSION_KEY_HEADER]: key } : {};
}

/** Keeps the owner key the server answered for a session it made for this browser (a post-sale purchase's outcome). */
export const rememberAnsweredSessionKey = (sessionID: string, key: string) => rememberSessionKey(sessionID, key);

/** POST /api/sessions/save: a new session with these parts; its owner key is kept. Answers the session id. */
export async function createSession(parts: SessionData, signal?: AbortSignal): Promise<string> {
  const answer = await apiPost('/sessions/save', parts, saveSessionResponseSchema, signal);
  if (answer.sessionKey) rememberSessionKey(answer.sessionID, answer.sessionKey);
  return answer.sessionID;
}

/** POST /api/sessions/save?id=: merges parts into a session this browser created (403 SESSION_KEY_REQUIRED otherwise). */
export async function saveSessionParts(sessionID: string, parts: SessionData, signal?: AbortSignal): Promise<void> {
  await apiPost(`/sessions/save?id=${encodeURIComponent(sessionID)}`, parts, saveSessionResponseSchema, signal, sessionOwnerHeaders(sessionID));
}

/**
 * The read of this session the server wrote into the checkout page for its owner (src/server/checkout-page.ts),
 * with the owner key it proved: taken once (a later read asks the server), and only for the session asked.
 */
function takeEmbeddedSessionRead(sessionID: string): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById(CHECKOUT_SESSION_ELEMENT);
  if (!element) return null;
  element.remove();
  try {
    const embedded = JSON.parse(element.textContent ?? '') as { sessionID?: unknown; sessionKey?: unknown; answer?: unknown };
    if (embedded.sessionID !== sessionID || typeof embedded.sessionKey !== 'string') return null;
    rememberSessionKey(sessionID, embedded.sessionKey);
    return embedded.answer ?? null;
  } catch {
    return null;
  }
}

/**
 * GET /api/sessions?id=: the session, with personal data in full when this browser created it; masked when a
 * grant of the booking made in it opens it (manage booking's 'pay now' in another browser); 403 otherwise.
 */
export async function readSession(sessionID: string, signal?: AbortSignal) {
  const embedded = takeEmbeddedSessionRead(sessionID);
  // The whole session contract (every form of the checkout) loads with the first read, not with a search's save.
  const { getSessionResponseSchema } = await import('../../contract/session.ts');
  if (embedded) return getSessionResponseSchema.parse(embedded).data;
  const headers = { ...grantHeaders(sessionID), ...sessionOwnerHeaders(sessionID) };
  return (await apiGet(`/sessions?id=${encodeURIComponent(sessionID)}`, getSessionResponseSchema, signal, headers)).data;
}
