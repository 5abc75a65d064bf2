import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A session's owner key: a random secret handed once to the browser that created the session, which
 * sends it back (X-Session-Key) to prove it may see and change the session. The server keeps only its
 * SHA-256, so the database alone proves nothing.
 */
export function issueSessionOwnerKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashOf(key) };
}

/**
 * The owner key of a session the server made for a caller (a post-sale purchase's outcome): derived from
 * the session id under a server secret, so a replayed answer hands the same key again without storing it.
 */
export function derivedSessionOwnerKey(secret: string, sessionId: string): { key: string; hash: string } {
  const key = createHmac('sha256', secret).update(`outcome-session:${sessionId}`).digest('base64url');
  return { key, hash: hashOf(key) };
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether `key` is the owner key of a session whose stored hash is `hash` (never true without a stored hash). */
export function provesSessionOwner(hash: string | null, key: string | undefined): boolean {
  if (!hash || !key) return false;
  return timingSafeEqual(Buffer.from(hashOf(key), 'hex'), Buffer.from(hash, 'hex'));
}
