/**
 * The HTTP plumbing the real providers' adapters share (Niubiz, PayPal, PagoEfectivo): reading their
 * variables, a call with a time limit, and an access token kept until shortly before it expires.
 */

/** The variables' values (trimmed) when every one is set; undefined when none or only some are (the provider is then off). */
export function variablesSet<const Names extends readonly string[]>(env: Record<string, string | undefined>, names: Names): { [K in keyof Names]: string } | undefined {
  const values = names.map((name) => env[name]?.trim() ?? '');
  return values.every(Boolean) ? (values as { [K in keyof Names]: string }) : undefined;
}

/** A call that must answer within timeoutMs; no answer (a network error, the time limit) throws what `unreachable` makes of it. */
export async function fetchWithin(url: string, init: RequestInit, timeoutMs: number, unreachable: (reason: string) => Error): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unreachable(error instanceof Error ? error.name : 'no answer');
  }
}

/** An access token and when to ask for a new one (epoch ms). */
export interface CachedToken {
  token: string;
  renewAt: number;
}

/**
 * One token per configuration, shared by every request of the process: the cached one while now() is
 * before its renewAt, otherwise a fresh one from `request` (asked once however many calls wait for it); a
 * failed request is not kept, so the next call asks again.
 */
export function tokenCache<Config extends object>() {
  const tokens = new WeakMap<Config, Promise<CachedToken>>();
  return {
    async token(config: Config, request: () => Promise<CachedToken>, now: () => number = Date.now): Promise<string> {
      const cached = tokens.get(config);
      const held = cached ? await cached.catch(() => null) : null;
      if (held && held.renewAt > now()) return held.token;
      const fresh = request();
      tokens.set(config, fresh);
      try {
        return (await fresh).token;
      } catch (error) {
        if (tokens.get(config) === fresh) tokens.delete(config);
        throw error;
      }
    },
    /** The provider no longer takes the token (it answered 401): the next call asks for a new one. */
    drop(config: Config) {
      tokens.delete(config);
    },
  };
}
