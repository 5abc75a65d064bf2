import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { lt, sql } from 'drizzle-orm';
import { errorCodes } from '../contract/common.ts';
import { rateLimitCounters } from './db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import { ApiFailure } from './errors.ts';
import type { AppEnv } from './http.ts';

/** One limit: at most `limit` requests per `windowSeconds` for each value `of` returns. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted (the client, or the target: a terminal, a coupon code); null counts nothing. */
  of: (c: Context<AppEnv>) => string | null | Promise<string | null>;
}

export const RATE_LIMITED = errorCodes.rateLimited;

/**
 * The client a request comes from: the socket's address, or the first X-Forwarded-For hop when the
 * server runs behind a proxy that sets it (TRUST_PROXY=1; otherwise anyone could pick a fresh one).
 */
export function clientOf(c: Context<AppEnv>): string {
  if (c.var.deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local';
  }
}

/** Counts one hit of `key` in the current window, atomically on any number of processes. */
async function hit(deps: AppDeps, key: string, windowSeconds: number, now: Date): Promise<{ hits: number; retryAfter: number }> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await deps.db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + 1` } })
    .returning({ hits: rateLimitCounters.hits });
  return { hits: row?.hits ?? 1, retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)) };
}

/** Forgets windows that ended an hour ago or more (called now and then, not on every request). */
export async function pruneRateCounters(deps: AppDeps): Promise<void> {
  await deps.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(deps.now().getTime() - 3_600_000)));
}

/**
 * Refuses a request over any of its rules with 429, `Retry-After` and the typed error body. Every
 * rule counts the request, so a client cannot spread one target's guesses over many clients
 * unnoticed, nor one client's over many targets.
 */
export function rateLimit(rules: RateRule[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps;
    if (deps.rateLimits === 'off') return next();
    const now = deps.now();
    for (const rule of rules) {
      const subject = await rule.of(c);
      if (subject === null) continue;
      const { hits, retryAfter } = await hit(deps, `${rule.name}:${subject}`, rule.windowSeconds, now);
      if (hits > rule.limit) {
        c.header('Retry-After', String(retryAfter));
        const failure = new ApiFailure(429, RATE_LIMITED, `Too many requests: try again in ${retryAfter} s.`, [
          { path: rule.name, code: 'rate_limit', value: String(rule.limit) },
        ]);
        return c.json(failure.toBody(), 429);
      }
    }
    if (Math.random() < 0.01) void pruneRateCounters(deps).catch(() => undefined);
    return next();
  };
}
