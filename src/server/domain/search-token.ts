import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Agency search tokens: `v2.<payload>.<signature>`, the payload a base64url JSON of the terminal,
 * the API key that obtained it and the expiry, the signature an HMAC-SHA256 of the payload with the
 * server secret. Any API process verifies the signature; the key is looked up so that revoking it
 * revokes every token issued with it.
 */
interface TokenPayload {
  /** Terminal (engine) id the token belongs to. */
  t: string;
  /** Id of the agency API key the token was issued to. */
  k: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds. */
  exp: number;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueSearchToken(
  grant: { terminalId: string; keyId: string },
  issuedAt: Date,
  ttlMinutes: number,
  secret: string,
): { token: string; expiresAt: Date } {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  const payload: TokenPayload = { t: grant.terminalId, k: grant.keyId, iat, exp: iat + ttlMinutes * 60 };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `v2.${encoded}.${sign(encoded, secret)}`, expiresAt: new Date(payload.exp * 1000) };
}

export type TokenCheck = { result: 'valid'; keyId: string } | { result: 'malformed' | 'bad-signature' | 'expired' | 'other-terminal' };

export function checkSearchToken(token: string, terminalId: string, now: Date, secret: string): TokenCheck {
  const [version, encoded, signature] = token.split('.');
  if (version !== 'v2' || !encoded || !signature || token.split('.').length !== 3) return { result: 'malformed' };
  const expected = Buffer.from(sign(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { result: 'bad-signature' };
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return { result: 'malformed' };
  }
  if (typeof payload.exp !== 'number' || typeof payload.t !== 'string' || typeof payload.k !== 'string') return { result: 'malformed' };
  if (payload.exp * 1000 <= now.getTime()) return { result: 'expired' };
  return payload.t === terminalId ? { result: 'valid', keyId: payload.k } : { result: 'other-terminal' };
}

/** Agency API keys are stored as their SHA-256 only. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
