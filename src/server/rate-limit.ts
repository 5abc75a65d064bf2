import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, eq, lt, sql } from 'drizzle-orm';
import { errorCodes } from '../contract/common.ts';
import { rateLimitCounters } from './db/schema/index.ts';
import type { Database } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { ApiFailure } from './errors.ts';
import type { AppEnv } from './http.ts';

/** One limit: at most `limit` requests per `windowSeconds` for each value `of` returns. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * Counted in memory and written in batches (RateCounter): for the flood budgets of the hot path (searches,
   * page reads), where missing other processes' last fraction of a second is harmless. Without it every hit
   * is written to the database before the request goes on.
   */
  batched?: boolean;
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

/** Counts `count` hits of `key` in the window, atomically on any number of processes; the window's total. */
async function addHits(db: Database, key: string, windowStart: Date, count: number): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, hits: count })
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + ${count}` } })
    .returning({ hits: rateLimitCounters.hits });
  return row?.hits ?? count;
}

/** The share of a budget after which every request is counted in the database before it is let through. */
const EXACT_FROM_SHARE = 0.8;
/** How often a process writes the hits it counted in memory (and reads back everyone's totals). */
export const RATE_FLUSH_MS = 200;

interface WindowCount {
  key: string;
  windowStart: Date;
  windowEnd: number;
  /** The window's total in the database when this process last wrote or read it (its own flushed hits included). */
  shared: number;
  /** Hits counted here and not yet written. */
  pending: number;
}

/**
 * The rate limits' counters, kept in the database so that every API process behind a load balancer counts
 * against the same budget (issue 16), without a database write on the hot path (issue 38: a write on every
 * search cost ~5 ms of the database per request and halved the search API's throughput).
 *
 * A batched rule's hits are counted in memory and written in one upsert every RATE_FLUSH_MS, which reads back
 * each window's total across processes. A request is let through on `shared + pending`, so what it may miss
 * is other processes' hits of the last flush or two (≤ ~2 × RATE_FLUSH_MS of their traffic on that key), and
 * only until the key has spent EXACT_FROM_SHARE of its budget: from then on each of its hits is written
 * before the request goes on, so the budget's end is exact. Every other rule (guessing budgets: coupons,
 * tokens, card declines, look-up failures) is written on every hit, as before.
 */
export class RateCounter {
  readonly #counts = new Map<string, WindowCount>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #flushing: Promise<void> | undefined;
  #prunedAt = 0;

  constructor(private readonly db: Database) {}

  /** Counts one hit of `key` in the window `now` falls in; the window's hits so far, this one included. */
  async hit(key: string, rule: Pick<RateRule, 'limit' | 'windowSeconds' | 'batched'>, now: Date): Promise<{ hits: number; retryAfter: number }> {
    const { windowStart, retryAfter } = windowOf(rule.windowSeconds, now);
    if (!rule.batched) return { hits: await addHits(this.db, key, windowStart, 1), retryAfter };
    this.#forgetEnded(now.getTime());
    const count = this.#countOf(key, windowStart, rule.windowSeconds);
    if (count.shared + count.pending + 1 > rule.limit * EXACT_FROM_SHARE) {
      const pending = count.pending;
      count.pending = 0;
      try {
        count.shared = await addHits(this.db, key, windowStart, pending + 1);
      } catch (error) {
        count.pending += pending;
        throw error;
      }
      return { hits: count.shared + count.pending, retryAfter };
    }
    count.pending++;
    this.#schedule();
    return { hits: count.shared + count.pending, retryAfter };
  }

  /** Writes every hit counted here so far (tests; a process that stops loses at most its last RATE_FLUSH_MS of hits). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#flushing;
    this.#flushing = this.#write().finally(() => (this.#flushing = undefined));
    await this.#flushing;
  }

  /** Windows that are over, with every hit written, are forgotten (at most once per RATE_FLUSH_MS). */
  #forgetEnded(now: number) {
    if (now - this.#prunedAt < RATE_FLUSH_MS && now >= this.#prunedAt) return;
    this.#prunedAt = now;
    for (const [id, count] of this.#counts) {
      if (count.pending === 0 && count.windowEnd <= now) this.#counts.delete(id);
    }
  }

  #countOf(key: string, windowStart: Date, windowSeconds: number): WindowCount {
    const id = `${windowStart.getTime()}|${key}`;
    let count = this.#counts.get(id);
    if (!count) this.#counts.set(id, (count = { key, windowStart, windowEnd: windowStart.getTime() + windowSeconds * 1000, shared: 0, pending: 0 }));
    return count;
  }

  #schedule() {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush().catch(() => undefined);
    }, RATE_FLUSH_MS);
    // Counting never keeps a process (or a test run) alive.
    this.#timer.unref?.();
  }

  /** One upsert for every window with hits not yet written. */
  async #write(): Promise<void> {
    const due = [...this.#counts.values()].filter((count) => count.pending > 0);
    if (due.length === 0) return;
    const taken = due.map((count) => count.pending);
    for (const count of due) count.pending = 0;
    try {
      const totals = await this.db
        .insert(rateLimitCounters)
        .values(due.map((count, index) => ({ key: count.key, windowStart: count.windowStart, hits: taken[index] ?? 0 })))
        .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + excluded.hits` } })
        .returning({ key: rateLimitCounters.key, windowStart: rateLimitCounters.windowStart, hits: rateLimitCounters.hits });
      const byId = new Map(due.map((count) => [`${count.windowStart.getTime()}|${count.key}`, count]));
      for (const total of totals) {
        const count = byId.get(`${total.windowStart.getTime()}|${total.key}`);
        if (count) count.shared = total.hits;
      }
    } catch (error) {
      // Kept for the next write: a hit is never lost to a failed one.
      due.forEach((count, index) => (count.pending += taken[index] ?? 0));
      this.#schedule();
      throw error;
    }
  }
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
      const { hits, retryAfter } = await c.var.rateCounter.hit(`${rule.name}:${subject}`, rule, now);
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
      if (subject !== undefined) await c.var.rateCounter.hit(`${rule.name}:${subject}`, { ...rule, batched: false }, now);
    }
  };
}
