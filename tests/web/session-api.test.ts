import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEY_HEADER } from '../../src/contract/session.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { createSession, keyOfStoredEntry, readSession, saveSessionParts, sessionKeyStorageName } from '../../src/web/lib/session-api.ts';
import { server } from './setup.ts';

/** The X-Session-Key each sessions API call sent, in order. */
function recordSentKeys() {
  const sent: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/sessions')) sent.push(request.headers.get(SESSION_KEY_HEADER));
  });
  return sent;
}

afterEach(() => {
  server.events.removeAllListeners();
  localStorage.clear();
});

/** Issue 16: the browser keeps the owner key its new session was answered and proves it on every read and save of that session. */
describe('the sessions API of the browser', () => {
  it('keeps the key of a session it creates (localStorage) and sends it with that session’s reads and saves only', async () => {
    const sent = recordSentKeys();
    // The mock API answers a new session with the live mock session and the key 'mock-owner-key'.
    const sessionID = await createSession({});
    expect(sessionID).toBe(mockSessionIds.live);
    expect(keyOfStoredEntry(localStorage.getItem(sessionKeyStorageName(sessionID)))).toBe('mock-owner-key');
    await saveSessionParts(sessionID, { originalDiscounts: [] });
    expect((await readSession(sessionID)).sessionID).toBe(sessionID);
    // Another session (an address someone else sent) is read without a key: the server then masks it.
    await readSession(mockSessionIds.expired).catch(() => null);
    expect(sent).toEqual([null, 'mock-owner-key', 'mock-owner-key', null]);
  });

  it('finds a kept key after a reload: a new page of the same browser reads it from localStorage', async () => {
    const sent = recordSentKeys();
    localStorage.setItem(sessionKeyStorageName(mockSessionIds.expired), JSON.stringify({ key: 'kept-before-the-reload', savedAt: Date.now() }));
    await readSession(mockSessionIds.expired).catch(() => null);
    expect(sent).toEqual(['kept-before-the-reload']);
  });
});
