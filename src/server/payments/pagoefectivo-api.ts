/**
 * PagoEfectivo's CIP API v1 (the real cash-code provider behind the CashCodeGateway port), switched on by
 * PAGOEFECTIVO_ACCESS_KEY, PAGOEFECTIVO_SECRET_KEY, PAGOEFECTIVO_SERVICE_ID and PAGOEFECTIVO_ENV
 * (reference: payment-and-supplier-apis.md §2). An access token (POST /v1/authorizations, the hash of
 * service id, access key, secret key and request date) is kept until five minutes before it expires; a
 * CIP is made with POST /v1/cips; a notification is PagoEfectivo's when its PE-Signature is the hex
 * HMAC-SHA256 of the raw body under the secret key. A call that does not answer within the time limit, a
 * refused key or an answer that is not PagoEfectivo's throws PagoEfectivoApiError.
 */
import { createHash, createHmac } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE } from '../../contract/common.ts';
import { PAGOEFECTIVO_EVENTS, PAGOEFECTIVO_SIGNATURE_HEADER, pagoEfectivoNotificationSchema } from '../../contract/pagoefectivo.ts';
import { InvalidSettingError } from '../settings.ts';
import type { CashCode, CashCodeGateway, CashCodeNotification, CashCodeRequest, CashCodeStatus } from './gateway.ts';
import { fetchWithin, tokenCache, variablesSet, type CachedToken } from './provider-http.ts';
import { sameSignature } from './sandbox.ts';

export type PagoEfectivoEnvironment = 'sandbox' | 'production';

/** PagoEfectivo's API hosts: the test environment ("pre1a") and production. */
export const PAGOEFECTIVO_HOSTS: Readonly<Record<PagoEfectivoEnvironment, string>> = {
  sandbox: 'https://pre1a.services.pagoefectivo.pe',
  production: 'https://services.pagoefectivo.pe',
};

export interface PagoEfectivoConfig {
  accessKey: string;
  secretKey: string;
  /** The merchant's numeric service code (idService). */
  serviceId: number;
  environment: PagoEfectivoEnvironment;
  /** How long a call may take before PagoEfectivo counts as unreachable (default 20 s). */
  timeoutMs?: number;
}

export const PAGOEFECTIVO_VARIABLES = ['PAGOEFECTIVO_ACCESS_KEY', 'PAGOEFECTIVO_SECRET_KEY', 'PAGOEFECTIVO_SERVICE_ID', 'PAGOEFECTIVO_ENV'] as const;

/** PagoEfectivo's configuration when every variable is set; undefined when none or only some are (then it is off). */
export function pagoEfectivoConfigOf(env: Record<string, string | undefined>): PagoEfectivoConfig | undefined {
  const values = variablesSet(env, PAGOEFECTIVO_VARIABLES);
  if (!values) return undefined;
  const [accessKey, secretKey, serviceId, environment] = values;
  if (environment !== 'sandbox' && environment !== 'production') throw new InvalidSettingError(`PAGOEFECTIVO_ENV must be sandbox or production, not "${environment}".`);
  if (!/^\d{1,10}$/.test(serviceId)) throw new InvalidSettingError(`PAGOEFECTIVO_SERVICE_ID must be PagoEfectivo's numeric service code, not "${serviceId}".`);
  return { accessKey, secretKey, serviceId: Number(serviceId), environment };
}

export type PagoEfectivoFailure = 'unauthorized' | 'unreachable' | 'rejected' | 'unexpected';

export class PagoEfectivoApiError extends Error {
  constructor(
    readonly failure: PagoEfectivoFailure,
    message: string,
  ) {
    super(`PagoEfectivo: ${message}`);
  }
}

/** A date as PagoEfectivo reads it: ISO 8601 with Lima's offset, to the second (2019-12-09T16:15:19-05:00). */
export function limaOffsetDateTime(at: Date): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(BUSINESS_TIMEZONE);
  return zoned.toString({ smallestUnit: 'second', timeZoneName: 'never' });
}

/** PE-Signature: the hex HMAC-SHA256 of the raw body under the merchant's secret key. */
export const signPagoEfectivoNotification = (secretKey: string, rawBody: string) => createHmac('sha256', secretKey).update(rawBody).digest('hex');

/** A notification signed with `secretKey`, as PagoEfectivo sends it, read into the port's terms; null when not signed so. */
export function verifyPagoEfectivoNotification(secretKey: string, headers: Headers, rawBody: string): CashCodeNotification | null {
  // Compared case-insensitively: some of PagoEfectivo's clients upper-case the hex.
  if (!sameSignature(signPagoEfectivoNotification(secretKey, rawBody), headers.get(PAGOEFECTIVO_SIGNATURE_HEADER)?.toLowerCase())) return null;
  let parsed;
  try {
    parsed = pagoEfectivoNotificationSchema.parse(JSON.parse(rawBody));
  } catch {
    return null;
  }
  const event = parsed.eventType === PAGOEFECTIVO_EVENTS.paid ? 'paid' : parsed.eventType === PAGOEFECTIVO_EVENTS.expired ? 'expired' : 'other';
  return {
    eventId: `pagoefectivo:${parsed.data.cip}:${parsed.eventType}`,
    event,
    eventType: parsed.eventType,
    cip: parsed.data.cip,
    orderNumber: parsed.data.transactionCode,
    amount: parsed.data.amount,
    currency: parsed.data.currency,
  };
}

const TOKEN_MARGIN_MS = 5 * 60_000;
const tokens = tokenCache<PagoEfectivoConfig>();

interface Envelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

type Clock = { now: () => Date };

/** PagoEfectivo's CIP API as the port. */
export function pagoEfectivoApiGateway(config: PagoEfectivoConfig, clock: Clock = { now: () => new Date() }): CashCodeGateway {
  const host = PAGOEFECTIVO_HOSTS[config.environment];
  const timeoutMs = config.timeoutMs ?? 20_000;

  async function call(path: string, body: unknown, token?: string): Promise<{ status: number; envelope: Envelope }> {
    const headers = { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'es-PE', origin: 'web', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await fetchWithin(`${host}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, timeoutMs, (reason) => new PagoEfectivoApiError('unreachable', `${path} did not answer (${reason})`));
    if (response.status === 401 || response.status === 403) throw new PagoEfectivoApiError('unauthorized', `${path} refused the credentials (HTTP ${response.status})`);
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      throw new PagoEfectivoApiError('unexpected', `${path} answered HTTP ${response.status} without JSON`);
    }
    return { status: response.status, envelope };
  }

  async function authorize(): Promise<CachedToken> {
    const dateRequest = limaOffsetDateTime(clock.now());
    const hashString = createHash('sha256').update(`${config.serviceId}.${config.accessKey}.${config.secretKey}.${dateRequest}`).digest('hex');
    const { status, envelope } = await call('/v1/authorizations', { accessKey: config.accessKey, idService: config.serviceId, dateRequest, hashString });
    const data = envelope.data as { token?: unknown; tokenExpires?: unknown } | undefined;
    if (String(envelope.code) !== '100' || typeof data?.token !== 'string') {
      throw new PagoEfectivoApiError(status >= 400 && status < 500 ? 'unauthorized' : 'unexpected', `no access token (HTTP ${status}, code ${String(envelope.code)}: ${String(envelope.message)})`);
    }
    const expires = typeof data.tokenExpires === 'string' ? Date.parse(data.tokenExpires) : Number.NaN;
    return { token: data.token, renewAt: (Number.isNaN(expires) ? clock.now().getTime() + 60 * 60_000 : expires) - TOKEN_MARGIN_MS };
  }

  const accessToken = () => tokens.token(config, authorize, () => clock.now().getTime());

  return {
    async createCode(request: CashCodeRequest): Promise<CashCode> {
      const token = await accessToken();
      const { status, envelope } = await call(
        '/v1/cips',
        {
          currency: request.currency,
          amount: Number(request.amount.toFixed(2)),
          transactionCode: request.orderNumber,
          dateExpiry: limaOffsetDateTime(request.expiresAt),
          paymentConcept: request.concept,
          additionalData: request.orderNumber,
          userEmail: request.payer.email,
          userName: request.payer.firstName,
          userLastName: request.payer.lastName,
          userCountry: 'PERU',
        },
        token,
      );
      const data = envelope.data as { cip?: unknown; cipUrl?: unknown; dateExpiry?: unknown } | undefined;
      if (String(envelope.code) !== '100') throw new PagoEfectivoApiError('rejected', `the CIP was refused (HTTP ${status}, code ${String(envelope.code)}: ${String(envelope.message)})`);
      if ((typeof data?.cip !== 'number' && typeof data?.cip !== 'string') || typeof data.cipUrl !== 'string') throw new PagoEfectivoApiError('unexpected', `the CIP answer has no cip or cipUrl (HTTP ${status})`);
      const expiry = typeof data.dateExpiry === 'string' ? new Date(data.dateExpiry) : request.expiresAt;
      return { cip: String(data.cip), cipUrl: data.cipUrl, expiresAt: Number.isNaN(expiry.getTime()) ? request.expiresAt : expiry };
    },
    verifyNotification: (headers, rawBody) => verifyPagoEfectivoNotification(config.secretKey, headers, rawBody),
    async status(cip: string): Promise<CashCodeStatus | null> {
      const token = await accessToken();
      const { envelope } = await call('/v1/cips/search', { data: [{ cip }] }, token);
      const found = (Array.isArray(envelope.data) ? envelope.data : []).find((entry: { cip?: unknown }) => String(entry?.cip) === cip) as { status?: unknown } | undefined;
      if (!found) return null;
      // The status words are not in the material found (reference §6): read them by their stem.
      const status = String(found.status ?? '').toLowerCase();
      if (/pag|paid/.test(status)) return 'paid';
      if (/expir/.test(status)) return 'expired';
      if (/elimin|cancel|anul|delet/.test(status)) return 'cancelled';
      return 'pending';
    },
  };
}
