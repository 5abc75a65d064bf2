import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobRunner, type JobRunner } from '../../../src/server/jobs/runner.ts';
import { transitionPaymentOrder } from '../../../src/server/services/order-lifecycle.ts';
import { startTestApi } from '../../support/server.ts';
import type { TestApi } from '../checkout/support.ts';
import { bookPendingCashOrder, periodicJobsEvery, statusesOf } from './support.ts';

let api: TestApi;
let runner: JobRunner;
const failures: string[] = [];
beforeAll(async () => {
  api = await startTestApi();
  runner = await startJobRunner(api.deps, { jobs: periodicJobsEvery(0.05), onError: (job, error) => failures.push(`${job}: ${String(error)}`) });
});
afterAll(async () => {
  await runner.stop();
  await api.close();
});

describe('the in-process job runner (PGlite)', () => {
  it('runs in this process when there is no PostgreSQL', () => {
    expect(runner.kind).toBe('in-process');
  });

  it('expires an overdue cash order by itself once the clock passes its deadline, and leaves a paid one paid', async () => {
    const pending = await bookPendingCashOrder(api, 'Reloj');
    const paid = await bookPendingCashOrder(api, 'Pagado');
    expect(await transitionPaymentOrder(api.deps, paid.paymentDetails.orderNumber, 'order.pay')).toEqual({ order: 'CPO', booking: 3 });
    const beforeDeadline = await statusesOf(api.deps, pending);
    expect(beforeDeadline.order).toBe('PP');

    // Several runs go by before the deadline: nothing is due yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusesOf(api.deps, pending)).toEqual(beforeDeadline);

    api.clock.advanceMinutes(6 * 60);
    await vi.waitFor(async () => expect(await statusesOf(api.deps, pending)).toEqual({ booking: 7, order: 'EPO' }), { timeout: 10_000, interval: 50 });
    // More runs after the expiry: the expired order is not moved again and nothing fails.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusesOf(api.deps, pending)).toEqual({ booking: 7, order: 'EPO' });
    expect(await statusesOf(api.deps, paid)).toEqual({ booking: 3, order: 'CPO' });
    expect(failures).toEqual([]);
  });
});
