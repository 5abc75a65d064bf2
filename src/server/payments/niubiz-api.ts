/**
 * Niubiz's Pago Web over its REST API (the real card acquirer behind the CardGateway port), switched on by
 * NIUBIZ_USER, NIUBIZ_PASSWORD, NIUBIZ_MERCHANT_ID and NIUBIZ_ENV (reference: payment-and-supplier-apis.md
 * §1). The security token (Basic auth, a bare JWT) is kept until five minutes before it expires; the session
 * key opens Niubiz's hosted checkout.js form in the payer's browser; the form's transaction token is
 * authorised server to server. A denial is Niubiz's HTTP 400 with its details under `data` (an approval
 * has them under `dataMap`). Anything else (no answer within the time limit, a refused key, a body that is
 * not Niubiz's) throws NiubizApiError: the card flow answers it with status '3'.
 */
import type { CardCheckoutFormKind } from '../../contract/niubiz.ts';
import { InvalidSettingError } from '../settings.ts';
import type { CardAuthorizationResult, CardGateway, CardSessionRequest } from './gateway.ts';
import { fetchWithin, tokenCache, variablesSet, type CachedToken } from './provider-http.ts';

export type NiubizEnvironment = 'sandbox' | 'production';

/** Niubiz's hosts (API, and the checkout.js the payer's browser loads) per environment. */
export const NIUBIZ_HOSTS: Readonly<Record<NiubizEnvironment, { api: string; checkoutScript: string }>> = {
  sandbox: { api: 'https://apisandbox.vnforappstest.com', checkoutScript: 'https://static-content-qas.vnforapps.com/env/sandbox/js/checkout.js' },
  production: { api: 'https://apiprod.vnforapps.com', checkoutScript: 'https://static-content.vnforapps.com/v2/js/checkout.js' },
};

export interface NiubizConfig {
  /** The API user (an e-mail Niubiz issues) and its password. */
  user: string;
  password: string;
  /** The 9-digit merchant id (commerce code) of the currency the orders are charged in. */
  merchantId: string;
  environment: NiubizEnvironment;
  /** How long a call may take before the acquirer counts as unreachable (default 20 s). */
  timeoutMs?: number;
}

/** The variables, in the order the README lists them. */
export const NIUBIZ_VARIABLES = ['NIUBIZ_USER', 'NIUBIZ_PASSWORD', 'NIUBIZ_MERCHANT_ID', 'NIUBIZ_ENV'] as const;

/** Niubiz's configuration when every variable is set; undefined when none or only some are (then it is off). */
export function niubizConfigOf(env: Record<string, string | undefined>): NiubizConfig | undefined {
  const values = variablesSet(env, NIUBIZ_VARIABLES);
  if (!values) return undefined;
  const [user, password, merchantId, environment] = values;
  if (environment !== 'sandbox' && environment !== 'production') throw new InvalidSettingError(`NIUBIZ_ENV must be sandbox or production, not "${environment}".`);
  if (!/^\d{9}$/.test(merchantId)) throw new InvalidSettingError(`NIUBIZ_MERCHANT_ID must be Niubiz's 9-digit merchant id, not "${merchantId}".`);
  return { user, password, merchantId, environment };
}

/** Why a call to Niubiz gave nothing to decide on. */
export type NiubizFailure = 'unauthorized' | 'unreachable' | 'unexpected';

export class NiubizApiError extends Error {
  constructor(
    readonly failure: NiubizFailure,
    message: string,
  ) {
    super(`Niubiz: ${message}`);
  }
}

/** Renewed this long before the security token's own expiry. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** The lifetime Niubiz gives its tokens (exp − iat = 3600 s), when the token's own cannot be read. */
const TOKEN_LIFETIME_MS = 60 * 60_000;

/** One security token per configuration, shared by every request of the process. */
const tokens = tokenCache<NiubizConfig>();

/** The JWT's expiry (its `exp`, seconds), in epoch ms; null when the token does not say. */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

const call = (config: NiubizConfig, path: string, init: RequestInit) =>
  fetchWithin(`${NIUBIZ_HOSTS[config.environment].api}${path}`, init, config.timeoutMs ?? 20_000, (reason) => new NiubizApiError('unreachable', `${path}: ${reason}`));

async function requestToken(config: NiubizConfig): Promise<CachedToken> {
  const response = await call(config, '/api.security/v1/security', {
    method: 'GET',
    headers: { authorization: `Basic ${Buffer.from(`${config.user}:${config.password}`).toString('base64')}`, accept: 'text/plain' },
  });
  const body = (await response.text()).trim();
  if (response.status === 401) throw new NiubizApiError('unauthorized', `the security API refused the credentials (${body || 401})`);
  if (!response.ok || !body || body.includes(' ')) throw new NiubizApiError('unexpected', `the security API answered ${response.status}`);
  // The token's expiry is real time (its exp), whatever the server's clock setting.
  const now = Date.now();
  return { token: body, renewAt: (expiryOf(body) ?? now + TOKEN_LIFETIME_MS) - TOKEN_MARGIN_MS };
}

/** The security token, from the cache while it has more than five minutes left. */
const securityToken = (config: NiubizConfig) => tokens.token(config, () => requestToken(config));

/** A JSON call with the security token; a 401 drops the cached token (Niubiz no longer takes it). */
async function jsonCall(config: NiubizConfig, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const token = await securityToken(config);
  const response = await call(config, path, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 401) {
    tokens.drop(config);
    throw new NiubizApiError('unauthorized', `${path} refused the security token`);
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch {
    throw new NiubizApiError('unexpected', `${path} answered ${response.status} without JSON`);
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/** Niubiz's answer fields (upper case): `dataMap` on an approval, `data` on a denial (HTTP 400). */
function detailsOf(body: unknown): Record<string, unknown> | null {
  const record = body as { dataMap?: unknown; data?: unknown } | null;
  const details = record?.dataMap ?? record?.data;
  return details && typeof details === 'object' ? (details as Record<string, unknown>) : null;
}

/** The form the payer's browser opens for a session of this gateway: Niubiz's checkout.js. */
export const niubizCheckoutForm = (config: NiubizConfig): CardCheckoutFormKind => ({ kind: 'niubiz', scriptUrl: NIUBIZ_HOSTS[config.environment].checkoutScript, merchantId: config.merchantId });

export function niubizApiGateway(config: NiubizConfig): CardGateway {
  return {
    form: niubizCheckoutForm(config),
    async createSession(request: CardSessionRequest) {
      const path = `/api.ecommerce/v2/ecommerce/token/session/${config.merchantId}`;
      const email = request.email ?? '';
      const answer = await jsonCall(config, path, {
        channel: 'web',
        amount: request.amount,
        antifraud: { merchantDefineData: { MDD4: email, MDD32: request.documentId ?? email, MDD75: 'Invitado' } },
      });
      const body = answer.body as { sessionKey?: unknown; expirationTime?: unknown } | null;
      if (answer.status !== 200 || typeof body?.sessionKey !== 'string' || typeof body.expirationTime !== 'number') {
        throw new NiubizApiError('unexpected', `the session API answered ${answer.status}`);
      }
      // The checkout ends at Niubiz's session expiry or the order's limit, whichever comes first.
      return { sessionKey: body.sessionKey, expiresAt: new Date(Math.min(body.expirationTime, request.expiresAt.getTime())) };
    },
    async authorize(request): Promise<CardAuthorizationResult> {
      const path = `/api.authorization/v3/authorization/ecommerce/${config.merchantId}`;
      const answer = await jsonCall(config, path, {
        channel: 'web',
        captureType: 'manual',
        countable: true,
        order: {
          tokenId: request.transactionToken,
          purchaseNumber: request.purchaseNumber,
          amount: request.amount,
          currency: request.currency,
          ...(request.installments > 0 ? { installment: request.installments } : {}),
        },
      });
      const details = detailsOf(answer.body);
      const actionCode = text(details?.ACTION_CODE);
      // Only Niubiz's 200 (approved) and 400 (denied) carry a decision; anything else is no answer.
      if ((answer.status !== 200 && answer.status !== 400) || !details || !actionCode) throw new NiubizApiError('unexpected', `the authorisation API answered ${answer.status}`);
      const approved = answer.status === 200 && actionCode === '000';
      const cardType = details.CARD_TYPE === 'C' || details.CARD_TYPE === 'D' ? details.CARD_TYPE : null;
      return {
        approved,
        actionCode,
        actionDescription: text(details.ACTION_DESCRIPTION) ?? text((answer.body as { errorMessage?: unknown }).errorMessage) ?? actionCode,
        authorizationCode: approved ? text(details.AUTHORIZATION_CODE) : null,
        cardMask: text(details.CARD),
        brand: text(details.BRAND),
        cardType,
        transactionDate: text(details.TRANSACTION_DATE),
        merchantId: text(details.MERCHANT) ?? config.merchantId,
      };
    },
  };
}
