/**
 * Calls to Duffel through the official client (@duffel/api), with the adapter's rules around them
 * (reference: payment-and-supplier-apis.md §4): a rate limit (429) is waited out and asked again, a
 * server error (5xx) is asked again with backoff where asking twice cannot sell twice, Duffel's own
 * gateway timeout (504 gateway_timeout_error) and our time limit are SupplierTimeout (the search's 504),
 * and whatever else Duffel refuses is a DuffelFailure carrying its status and first error code.
 */
import { DuffelError } from '@duffel/api';
import { InvalidSettingError } from '../../settings.ts';
import { variablesSet } from '../../payments/provider-http.ts';
import { withDeadline } from '../deadline.ts';
import { SupplierTimeout } from '../port.ts';

export interface DuffelConfig {
  accessToken: string;
  /** Duffel's address (default https://api.duffel.com; the token decides test or live). */
  basePath?: string;
  /** What Duffel may wait for the airlines in a search (`supplier_timeout`, ms, 2 000–60 000); below our own deadline. */
  supplierTimeoutMs: number;
  /** How long one adapter call (with its retries) may take before it is SupplierTimeout. */
  requestTimeoutMs: number;
  /** How many times a 429 or a retryable 5xx is asked again. */
  retries: number;
  /** The first wait before asking again; doubled each time (a 429's ratelimit-reset, when sooner, wins). */
  backoffMs: number;
}

export const DUFFEL_VARIABLES = ['DUFFEL_ACCESS_TOKEN'] as const;

/** Duffel's configuration when DUFFEL_ACCESS_TOKEN is set (README "Real flight supplier: Duffel"); undefined keeps the sandbox alone. */
export function duffelConfigOf(env: Record<string, string | undefined>): DuffelConfig | undefined {
  const values = variablesSet(env, DUFFEL_VARIABLES);
  if (!values) return undefined;
  const [accessToken] = values;
  if (!/^duffel_(test|live)_/.test(accessToken)) throw new InvalidSettingError('DUFFEL_ACCESS_TOKEN must be a Duffel access token (duffel_test_… or duffel_live_…).');
  const supplierTimeoutMs = Number(env.DUFFEL_SUPPLIER_TIMEOUT_MS ?? 12_000);
  if (!Number.isInteger(supplierTimeoutMs) || supplierTimeoutMs < 2_000 || supplierTimeoutMs > 60_000) {
    throw new InvalidSettingError('DUFFEL_SUPPLIER_TIMEOUT_MS must be a whole number of milliseconds from 2000 to 60000.');
  }
  return { accessToken, supplierTimeoutMs, requestTimeoutMs: supplierTimeoutMs + 3_000, retries: 2, backoffMs: 300, ...(env.DUFFEL_API_URL ? { basePath: env.DUFFEL_API_URL } : {}) };
}

/** Duffel refused or failed a call: its HTTP status (0 without an answer) and its first error's code. */
export class DuffelFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(`Duffel: ${message}`);
  }
}

/** The offer is gone (expired, sold out, or never known): the checkout's 1001. */
export const isOfferGone = (failure: DuffelFailure) => failure.status === 404 || failure.code === 'offer_no_longer_available' || failure.code === 'not_found';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The wait a 429 asks for: until its ratelimit-reset (an HTTP date) when that is sooner than the backoff's ceiling. */
function rateLimitWait(error: InstanceType<typeof DuffelError>, backoff: number): number {
  const reset = Date.parse(error.headers?.get?.('ratelimit-reset') ?? '');
  if (Number.isNaN(reset)) return backoff;
  return Math.min(Math.max(0, reset - Date.now()), backoff * 4);
}

export interface CallOptions {
  /** Asking again after a 5xx or no answer cannot sell twice (searches, reads); false for orders and payments. */
  idempotent: boolean;
}

/** One adapter call: retried as above, within config.requestTimeoutMs. */
export async function duffelCall<T>(config: DuffelConfig, what: string, call: () => Promise<T>, options: CallOptions): Promise<T> {
  return withDeadline(config.requestTimeoutMs, async (signal) => {
    for (let attempt = 0; ; attempt++) {
      const backoff = config.backoffMs * 2 ** attempt;
      try {
        return await call();
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const status = error instanceof DuffelError ? (error.status ?? error.meta?.status ?? 0) : 0;
        const code = error instanceof DuffelError ? (error.errors?.[0]?.code ?? null) : null;
        if (status === 504 || code === 'gateway_timeout_error') throw new SupplierTimeout(`Duffel: ${what} timed out at the airlines (504).`);
        const retryable = status === 429 || (options.idempotent && (status >= 500 || status === 0));
        if (!retryable || attempt >= config.retries) {
          const message = error instanceof DuffelError ? (error.errors?.[0]?.message ?? error.message) : error instanceof Error ? error.message : String(error);
          throw new DuffelFailure(status, code, `${what} answered ${status || 'nothing'}${code ? ` (${code})` : ''}: ${message}`);
        }
        await sleep(status === 429 && error instanceof DuffelError ? rateLimitWait(error, backoff) : backoff, signal);
      }
    }
  });
}
