import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingFailure, BookingSuccess } from '../../src/contract/checkout.ts';
import { book, bookingFor, bookLikeTheClient, searchOffers, withLeadLastName, type TestApi } from '../server/checkout/support.ts';
import { callerWith, sessionOwnerCredentials } from '../support/credentials.ts';
import { personalDataIn, startServer, type RunningServer } from './support/server.ts';

/**
 * Faults of the real server process (issue 16, issue 19): a supplier that never answers, and the
 * process killed (SIGKILL) while a booking is at the supplier, then started again on its data.
 */
const started: RunningServer[] = [];

/** The test API helpers, over HTTP to a running server, as the browser that made each session (its owner key). */
const over = (server: RunningServer) =>
  callerWith((path, init) => fetch(`${server.baseUrl}${path}`, init), sessionOwnerCredentials) as unknown as TestApi;

/** A server whose bookings give the supplier `deadlineMs` (SUPPLIER_BOOK_TIMEOUT_MS). */
async function start(deadlineMs: number, dataDir?: string) {
  const server = await startServer({ env: { SUPPLIER_BOOK_TIMEOUT_MS: String(deadlineMs) }, ...(dataDir ? { dataDir } : {}) });
  started.push(server);
  return server;
}

afterAll(async () => {
  for (const server of started) await server.kill();
  for (const dataDir of new Set(started.map((server) => server.dataDir))) rmSync(dataDir, { recursive: true, force: true });
});

describe('a server process under faults', () => {
  it('answers a supplier that never answers with the provider error (1303, status 504) at its deadline, serving everything else meanwhile', async () => {
    const api = over(await start(3_000));
    const offer = (await searchOffers(api)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
    const hung = book(api, withLeadLastName(await bookingFor(api, offer), 'Hung'));
    // While the booking waits, sessions are made and read at once.
    const saved = await api.json('/api/sessions/save', {});
    expect(saved.status).toBe(200);
    const { status, result } = await hung;
    expect(status).toBe(200);
    expect(result as BookingFailure).toMatchObject({ statusCode: 1303, error: { code: 1303, status: 504 } });
  });

  it('recovers a booking whose process was killed at the supplier: the same key, after a restart, books it once', async () => {
    const deadlineMs = 6_000;
    const first = await start(deadlineMs);
    const api = over(first);
    const offer = (await searchOffers(api)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
    const request = withLeadLastName(await bookingFor(api, offer), 'Slowpoke');
    const lost = book(api, request).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await first.kill();
    expect(await lost).toBeInstanceOf(Error);

    const again = over(await start(deadlineMs, first.dataDir));
    // The claim outlived the process: the client's retry is told 409 in progress (Retry-After) until the
    // claim is stale (the deadline and a 5 s margin after it), then takes it over and books. A lost claim
    // would have booked at once.
    const retryStarted = Date.now();
    const retried = await bookLikeTheClient(again, request);
    expect(retried.waited).toBeGreaterThan(0);
    expect(Date.now() - retryStarted).toBeGreaterThan(6_000);
    const booked = retried.result as BookingSuccess;
    expect(booked.statusCode).toBe(1);
    // Exactly one booking: the same key answers it again, and another key on the checkout is told it is booked.
    expect((await book(again, request)).result).toEqual(booked);
    const other = await book(again, { ...request, idempotencyKey: crypto.randomUUID() });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'ALREADY_BOOKED', booking: { pnr: booked.pnr } });
  });

  it('left no card number, e-mail address or phone in any of its logs', () => {
    expect(started).toHaveLength(3);
    expect(started.flatMap((server) => personalDataIn(server.output()))).toEqual([]);
  });
});
