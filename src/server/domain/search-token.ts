import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Agency search tokens: `v1.<payload>.<signature>`, the payload a base64url JSON of the terminal
 * and expiry, the signature an HMAC-SHA256 of the payload with the server secret. Stateless, so
 * any API process verifies a token another issued.
 */
interface TokenPayload {
  /** Terminal (engine) id the token belongs to. */
  t: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds. */
  exp: number;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueSearchToken(terminalId: string, issuedAt: Date, ttlMinutes: number, secret: string): { token: string; expiresAt: Date } {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  const payload: TokenPayload = { t: terminalId, iat, exp: iat + ttlMinutes * 60 };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `v1.${encoded}.${sign(encoded, secret)}`, expiresAt: new Date(payload.exp * 1000) };
}

export type TokenCheck = 'valid' | 'malformed' | 'bad-signature' | 'expired' | 'other-terminal';

export function checkSearchToken(token: string, terminalId: string, now: Date, secret: string): TokenCheck {
  const [version, encoded, signature] = token.split('.');
  if (version !== 'v1' || !encoded || !signature || token.split('.').length !== 3) return 'malformed';
  const expected = Buffer.from(sign(encoded, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return 'malformed';
  }
  if (typeof payload.exp !== 'number' || typeof payload.t !== 'string') return 'malformed';
  if (payload.exp * 1000 <= now.getTime()) return 'expired';
  return payload.t === terminalId ? 'valid' : 'other-terminal';
}

/** Agency API keys are stored as their SHA-256 only. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
