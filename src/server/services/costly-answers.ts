import { errorCodes } from '../../contract/common.ts';
import type { AppDeps } from '../deps.ts';
import { RetryLater } from '../errors.ts';
import type { Supplier, SupplierCalendar, SupplierCalendarQuery } from '../supply/port.ts';
import { DEFAULT_SEARCH_DEADLINE_MS } from './search.ts';

/**
 * The answers built from many supplier calendar questions (issue 36, "cheap requests, costly answers"):
 * Explora, the price calendar and the nearby airports. Each is bounded so that no request costs seconds of
 * server time, whatever the client sends and however many send it:
 *
 * - cached per query (the parameters that change the answer) for ANSWER_TTL_MS, then served stale for up to
 *   ANSWER_STALE_MS more while one request refreshes it in the background;
 * - single-flight: requests asking the same thing while it is being computed share that one computation;
 * - the request waits at most `waitMs` (DEFAULT_COSTLY_WAIT_MS): then 503 with Retry-After, and the
 *   computation goes on into the cache, so the retry finds it there;
 * - the computation has its own deadline (`workMs`, DEFAULT_COSTLY_WORK_MS) after which it answers what is
 *   ready (Explora) or 504;
 * - every supplier calendar question of the process goes through CALENDAR_CALLS_AT_ONCE slots, each started
 *   in an event loop turn of its own, so a burst of cold answers queues instead of starving other requests;
 *   Explora computes at most EXPLORE_COMPUTATIONS_AT_ONCE answers at once, and refuses at once (503) when
 *   EXPLORE_COMPUTATIONS_QUEUED more already wait.
 */

/** How long an answer is reused as it is: a live supplier's prices move, the sandbox's only with the day. */
export const ANSWER_TTL_MS = 10 * 60_000;
/** How long past that a stale answer is still served at once while a single refresh runs. */
export const ANSWER_STALE_MS = 50 * 60_000;
/** How long an incomplete answer (its deadline passed with some questions unanswered) is reused. */
export const PARTIAL_ANSWER_TTL_MS = 60_000;
/** How long a request waits for an answer not cached yet before it is told to come back (503, Retry-After). */
export const DEFAULT_COSTLY_WAIT_MS = 5_000;
/** How long one computation may ask the supplier; then it answers with what is ready, or 504. */
export const DEFAULT_COSTLY_WORK_MS = 10_000;
/** Supplier calendar questions in flight at once, in the whole process. */
export const CALENDAR_CALLS_AT_ONCE = 8;
/** Answers kept per supplier; the least recently stored goes first. */
const ANSWER_CACHE_ENTRIES = 1000;

/** The bounds in force for `deps` (tests shorten them). */
export function costlyBounds(deps: AppDeps): { waitMs: number; workMs: number } {
  const workMs = Math.min(deps.costlyAnswers?.workMs ?? DEFAULT_COSTLY_WORK_MS, deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS);
  return { waitMs: deps.costlyAnswers?.waitMs ?? DEFAULT_COSTLY_WAIT_MS, workMs };
}

interface Entry {
  value: unknown;
  freshUntil: number;
  staleUntil: number;
}

/** What a computation gives: the answer and how long it holds (a partial one holds briefly). */
export interface Computed<T> {
  value: T;
  ttlMs?: number;
}

/** Answers by key with their expiry, and the computations in flight by the same keys. */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries: number = ANSWER_CACHE_ENTRIES) {}

  private peek(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.staleUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private store(key: string, value: unknown, now: number, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, freshUntil: now + ttlMs, staleUntil: now + ttlMs + (ttlMs >= ANSWER_TTL_MS ? ANSWER_STALE_MS : 0) });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** The one computation of `key`: the one in flight, or a new one whose answer is stored when it comes. */
  private flight<T>(key: string, now: () => number, compute: () => Promise<Computed<T>>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const started = (async () => {
      try {
        const { value, ttlMs = ANSWER_TTL_MS } = await compute();
        this.store(key, value, now(), ttlMs);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    // A computation nobody waits for any more (its requests were told to come back) must not fail unheard.
    started.catch(() => undefined);
    this.inFlight.set(key, started);
    return started;
  }

  /**
   * The answer of `key`: cached (a stale one is served while one refresh runs), else the computation's,
   * waited for at most `waitMs`; past that a 503 with Retry-After, the computation going on into the cache.
   */
  async answer<T>(key: string, options: { now: () => number; waitMs: number; compute: () => Promise<Computed<T>> }): Promise<{ value: T; cached: boolean }> {
    const now = options.now();
    const entry = this.peek(key, now);
    if (entry) {
      if (entry.freshUntil <= now) void this.flight(key, options.now, options.compute).catch(() => undefined);
      return { value: entry.value as T, cached: true };
    }
    return { value: await waitAtMost(this.flight(key, options.now, options.compute), options.waitMs), cached: false };
  }
}

/** The answer of `pending` if it comes within `waitMs`; else a typed 503 telling the client when to ask again. */
async function waitAtMost<T>(pending: Promise<T>, waitMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retrySeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new RetryLater(503, errorCodes.unavailable, `The answer is still being prepared: please try again in ${retrySeconds} s.`, retrySeconds)),
      waitMs,
    );
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

let turns: Promise<unknown> = Promise.resolve();
/**
 * A turn of the event loop of one's own: each waiter's setImmediate is scheduled once the one before it has
 * run, so at most one costly task starts per turn and the requests' I/O is served between any two (a
 * supplier that prices on the CPU, like the sandbox, would otherwise run a batch of questions in one turn).
 */
function ownTurn(): Promise<unknown> {
  const turn = turns.then(() => new Promise((resolve) => setImmediate(resolve)));
  turns = turn;
  return turn;
}

/** At most `size` tasks at once; the others wait their turn in order. */
export class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` in a slot, in a turn of the event loop of its own (other requests are served between tasks). */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      await ownTurn();
      signal?.throwIfAborted();
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; with nobody waiting it is freed.
      if (next) next();
      else this.active -= 1;
    }
  }
}

const caches = new WeakMap<Supplier, AnswerCache>();
/** The supplier's answer cache, shared by the calendar, nearby airports and Explora, whose keys differ. */
export function answerCacheOf(supplier: Supplier): AnswerCache {
  let cache = caches.get(supplier);
  if (!cache) {
    cache = new AnswerCache();
    caches.set(supplier, cache);
  }
  return cache;
}

const slots = new WeakMap<Supplier, Slots>();
/** One supplier calendar question, in one of the process's CALENDAR_CALLS_AT_ONCE slots; given up when `signal` aborts. */
export function askCalendar(supplier: Supplier, query: SupplierCalendarQuery, signal?: AbortSignal): Promise<SupplierCalendar> {
  let limiter = slots.get(supplier);
  if (!limiter) {
    limiter = new Slots(CALENDAR_CALLS_AT_ONCE);
    slots.set(supplier, limiter);
  }
  return limiter.run(() => (signal ? untilAborted(supplier.priceCalendar(query), signal) : supplier.priceCalendar(query)), signal);
}

/** `pending`, or the signal's reason as soon as it aborts (a supplier that ignores it cannot hold the slot). */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}
