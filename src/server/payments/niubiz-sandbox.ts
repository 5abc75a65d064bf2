/**
 * The sandbox's stand-in for Niubiz (the card provider flow of spec 3): its session, its hosted fields'
 * tokenisation (the one place the card goes, answering a transaction token with the brand and last four),
 * its 3-D-Secure-like challenge, and its authorisation. Test cards choose the answer (NIUBIZ_TEST_CARDS):
 * approved (credit or debit), declined with the issuer's description, insufficient funds, a challenge to
 * confirm first, and an acquirer that cannot be reached. Nothing here keeps or logs a card: the token is
 * this server's signature over the brand, last four, card type and the test card's answer.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import cardValidator from 'card-validator';
import { eq } from 'drizzle-orm';
import { cardLast4 } from '../../contract/checkout.ts';
import { cardTypeOf, NIUBIZ_TEST_CARDS, type NiubizTokenized, type NiubizTokenizeRequest } from '../../contract/niubiz.ts';
import { cardCheckouts } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import type { CardAuthorizationRequest, CardAuthorizationResult, CardGateway } from './gateway.ts';

type SandboxDeps = Pick<AppDeps, 'db' | 'now' | 'sandboxCardDelayMs'> & { sandboxPaymentSecret: string };

/** What a test card makes the sandbox acquirer answer. */
type Outcome = 'approve' | 'decline' | 'funds' | 'challenge' | 'unreachable';


const OUTCOMES: Readonly<Record<string, Outcome>> = {
  [NIUBIZ_TEST_CARDS.decline]: 'decline',
  [NIUBIZ_TEST_CARDS.insufficientFunds]: 'funds',
  [NIUBIZ_TEST_CARDS.challenge]: 'challenge',
  [NIUBIZ_TEST_CARDS.unreachable]: 'unreachable',
};

/** Niubiz's own descriptions (ACTION_DESCRIPTION) of the sandbox's declines. */
export const NIUBIZ_DENIALS = {
  decline: { actionCode: '190', actionDescription: 'Operación denegada. Contactar con entidad emisora de su tarjeta.' },
  funds: { actionCode: '116', actionDescription: 'Fondos insuficientes' },
  invalidToken: { actionCode: '180', actionDescription: 'Tarjeta no válida' },
  expired: { actionCode: '400', actionDescription: 'La sesión de pago expiró' },
} as const;

export const NIUBIZ_SANDBOX_MERCHANT_ID = '522591303';

interface TokenPayload {
  /** The session the token was made for (its first 16 characters). */
  k: string;
  b: string;
  l: string;
  t: 'C' | 'D';
  o: Outcome;
}

const sign = (secret: string, purpose: string, body: string) => createHmac('sha256', secret).update(`niubiz-${purpose}:${body}`).digest('base64url');

function seal(secret: string, purpose: 'token' | 'challenge', payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, purpose, body)}`;
}

function open(secret: string, purpose: 'token' | 'challenge', sealed: string): TokenPayload | null {
  const [body, given] = sealed.split('.');
  if (!body || !given) return null;
  const expected = Buffer.from(sign(secret, purpose, body));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenPayload;
  } catch {
    return null;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');
/** yyMMddHHmmss in UTC, Niubiz's TRANSACTION_DATE. */
const transactionDateOf = (at: Date) =>
  `${pad(at.getUTCFullYear() % 100)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;

/** The session a hosted-fields call belongs to, while it is open. */
async function openSession(deps: SandboxDeps, sessionKey: string) {
  const [checkout] = await deps.db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionKey, sessionKey));
  if (!checkout || checkout.status !== 'open' || checkout.expiresAt <= deps.now()) {
    throw new ApiFailure(409, 'CARD_SESSION_CLOSED', 'This card checkout is closed or has expired: start the payment again.');
  }
  return checkout;
}

/**
 * The hosted fields' tokenisation: a valid, unexpired card with its CVV answers a transaction token (or,
 * for the challenge card, a challenge to confirm first) with the brand and last four. The card is
 * checked and dropped here.
 */
export async function tokenizeNiubizSandboxCard(deps: SandboxDeps, request: NiubizTokenizeRequest): Promise<NiubizTokenized> {
  await openSession(deps, request.sessionKey);
  const digits = request.cardNumber.replace(/\D/g, '');
  const check = cardValidator.number(digits);
  const invalid = (path: string, value: string) => new ApiFailure(400, 'CARD_INVALID', 'Error procesando el pago datos de la tarjeta no son válidos', [{ path: `json.${path}`, code: 'invalid', value }]);
  if (!check.isValid) throw invalid('cardNumber', 'Invalid card number');
  const [month, year] = request.expirationDate.split('/');
  const now = deps.now();
  const expiry = cardValidator.expirationDate({ month: month!, year: year! }, now.getUTCFullYear());
  const endOfMonth = new Date(Date.UTC(2000 + Number(year), Number(month), 1));
  if (!expiry.isValid || endOfMonth <= now) throw invalid('expirationDate', 'Invalid or past expiry');
  if (!cardValidator.cvv(request.securityCode, check.card?.code.size ?? [3, 4]).isValid) throw invalid('securityCode', 'Invalid security code');
  const outcome = OUTCOMES[digits] ?? 'approve';
  const payload: TokenPayload = {
    k: request.sessionKey.slice(0, 16),
    b: check.card?.type ?? 'card',
    l: cardLast4(digits),
    t: cardTypeOf(digits),
    o: outcome,
  };
  const secret = deps.sandboxPaymentSecret;
  const base = { brand: payload.b, last4: payload.l, cardType: payload.t };
  if (outcome === 'challenge') return { ...base, transactionToken: null, challengeId: seal(secret, 'challenge', payload) };
  return { ...base, transactionToken: seal(secret, 'token', payload), challengeId: null };
}

/** The payer confirmed the challenge with the bank: the token of the card, now authenticated. */
export async function confirmNiubizSandboxChallenge(deps: SandboxDeps, challengeId: string): Promise<{ transactionToken: string }> {
  const payload = open(deps.sandboxPaymentSecret, 'challenge', challengeId);
  if (!payload || payload.o !== 'challenge') throw new ApiFailure(400, 'CHALLENGE_INVALID', 'This confirmation is not valid.');
  return { transactionToken: seal(deps.sandboxPaymentSecret, 'token', { ...payload, o: 'approve' }) };
}

export function niubizSandboxGateway(deps: SandboxDeps): CardGateway {
  return {
    form: { kind: 'sandbox' },
    async createSession(request) {
      return { sessionKey: randomBytes(32).toString('hex'), expiresAt: request.expiresAt };
    },
    async authorize(request: CardAuthorizationRequest): Promise<CardAuthorizationResult> {
      // A real acquirer takes a moment to answer (SANDBOX_CARD_DELAY_MS): the processing screen shows meanwhile.
      if (deps.sandboxCardDelayMs) await new Promise((resolve) => setTimeout(resolve, deps.sandboxCardDelayMs));
      const payload = open(deps.sandboxPaymentSecret, 'token', request.transactionToken);
      const base = { merchantId: NIUBIZ_SANDBOX_MERCHANT_ID, authorizationCode: null, transactionDate: null };
      if (!payload || payload.k !== request.sessionKey.slice(0, 16)) {
        return { ...base, approved: false, ...NIUBIZ_DENIALS.invalidToken, cardMask: null, brand: null, cardType: null };
      }
      if (payload.o === 'unreachable') throw new Error('Niubiz sandbox: the acquirer did not answer');
      const card = { cardMask: `************${payload.l}`, brand: payload.b, cardType: payload.t };
      if (payload.o === 'decline' || payload.o === 'funds') return { ...base, ...card, approved: false, ...NIUBIZ_DENIALS[payload.o] };
      return {
        ...card,
        merchantId: NIUBIZ_SANDBOX_MERCHANT_ID,
        approved: true,
        actionCode: '000',
        actionDescription: 'Aprobado y completado con exito',
        authorizationCode: String(randomInt(100000, 999999)),
        transactionDate: transactionDateOf(deps.now()),
      };
    },
  };
}
