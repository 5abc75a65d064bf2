import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, lt, sql } from 'drizzle-orm';
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
 * The client a request comes from. Without trusted proxies (TRUST_PROXY unset or 0) it is the socket's
 * address: X-Forwarded-For is the client's own writing then, and anyone could pick a fresh one.
 *
 * Behind N trusted proxies each appends the address it saw to the right of X-Forwarded-For, so the
 * Nth entry from the right is the one the outermost trusted proxy wrote: the client. Entries to its
 * left came with the request and are ignored (a forged `1.2.3.4, real` counts as `real`). A header
 * with fewer entries than N (a shorter proxy chain) gives its leftmost entry, which a trusted proxy
 * still wrote; no header at all gives the socket's address.
 */
export function clientOf(c: Context<AppEnv>): string {
  const hops = c.var.deps.trustProxy ?? 0;
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const client = entries[Math.max(0, entries.length - hops)];
    if (client) return client;
  }
  return socketAddressOf(c);
}

function socketAddressOf(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local';
  }
}

/** The fixed window `now` falls in, and the whole seconds until it ends (at least 1). */
function windowOf(windowSeconds: number, now: Date): { windowStart: Date; retryAfter: number } {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { windowStart, retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)) };
}

/** Counts one hit of `key` in the current window, atomically on any number of processes. */
async function hit(deps: AppDeps, key: string, windowSeconds: number, now: Date): Promise<{ hits: number; retryAfter: number }> {
  const { windowStart, retryAfter } = windowOf(windowSeconds, now);
  const [row] = await deps.db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + 1` } })
    .returning({ hits: rateLimitCounters.hits });
  return { hits: row?.hits ?? 1, retryAfter };
}

/** How many hits `key` has in the current window, counting none. */
async function hitsSoFar(deps: AppDeps, key: string, windowSeconds: number, now: Date): Promise<{ hits: number; retryAfter: number }> {
  const { windowStart, retryAfter } = windowOf(windowSeconds, now);
  const [row] = await deps.db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
  return { hits: row?.hits ?? 0, retryAfter };
}

/**
 * The 429 of a spent rule: `Retry-After`, the message, the rule's error line and the body's
 * `retryAfterSeconds` all say the same number of seconds.
 */
function tooManyRequests(c: Context<AppEnv>, rule: Pick<RateRule, 'name' | 'limit' | 'windowSeconds'>, retryAfter: number, what = 'requests') {
  c.header('Retry-After', String(retryAfter));
  const failure = new ApiFailure(
    429,
    RATE_LIMITED,
    `Too many ${what}: try again in ${retryAfter} s.`,
    [{ path: rule.name, code: 'rate_limit', value: `At most ${rule.limit} ${what} in ${rule.windowSeconds} s: try again in ${retryAfter} s.` }],
    retryAfter,
  );
  return c.json(failure.toBody(), 429);
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
      if (hits > rule.limit) return tooManyRequests(c, rule, retryAfter);
    }
    if (Math.random() < 0.01) void pruneRateCounters(deps).catch(() => undefined);
    return next();
  };
}

/** One failure budget: at most `limit` failed requests per `windowSeconds` for each value `of` returns. */
export interface FailureRule extends RateRule {
  /**
   * The name of another rule of the same limit: this one refuses only a request whose own subject
   * already failed under that rule in its window (a per-record budget that stops those who have been
   * guessing it, not the first try of someone else). It still counts every failure.
   */
  onlyAfterFailing?: string;
}

/**
 * Counts failed answers, not requests (`failed` tells which, e.g. the 404 of a lookup): a request is
 * refused with 429 before its handler once any of its budgets is spent; after the handler answers, a
 * failure counts once under every rule. A right answer never spends a budget, so someone else's wrong
 * guesses cannot lock out a caller who has not failed (rules with `onlyAfterFailing`).
 */
export function failureLimit(rules: FailureRule[], failed: (status: number) => boolean, counted = 'failed attempts'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps;
    if (deps.rateLimits === 'off') return next();
    const now = deps.now();
    const subjects = new Map<string, string>();
    for (const rule of rules) {
      const subject = await rule.of(c);
      if (subject !== null) subjects.set(rule.name, subject);
    }
    const counts = new Map<string, { hits: number; retryAfter: number }>();
    for (const rule of rules) {
      const subject = subjects.get(rule.name);
      if (subject !== undefined) counts.set(rule.name, await hitsSoFar(deps, `${rule.name}:${subject}`, rule.windowSeconds, now));
    }
    for (const rule of rules) {
      const count = counts.get(rule.name);
      if (!count || count.hits < rule.limit) continue;
      if (rule.onlyAfterFailing !== undefined && (counts.get(rule.onlyAfterFailing)?.hits ?? 0) === 0) continue;
      return tooManyRequests(c, rule, count.retryAfter, counted);
    }
    await next();
    if (!failed(c.res.status)) return;
    for (const rule of rules) {
      const subject = subjects.get(rule.name);
      if (subject !== undefined) await hit(deps, `${rule.name}:${subject}`, rule.windowSeconds, now);
    }
  };
}
