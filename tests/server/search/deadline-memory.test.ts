import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withDeadline } from '../../../src/server/supply/deadline.ts';
import { SupplierTimeout } from '../../../src/server/supply/port.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('a supplier call with a deadline', () => {
  it('keeps nothing of its answer once answered: the deadline does not hold it until it would have fired', async () => {
    let answer: { offers: number[] } | null = { offers: Array.from({ length: 1000 }, (_, index) => index) };
    const held = new WeakRef(answer);
    expect((await withDeadline(60_000, () => Promise.resolve(answer)))?.offers).toHaveLength(1000);
    answer = null;
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(held.deref()).toBeUndefined();
  });

  it('gives up at the deadline with SupplierTimeout, and the call sees its signal abort', async () => {
    let signalled: AbortSignal | undefined;
    const waiting = withDeadline(50, (signal) => {
      signalled = signal;
      return new Promise<never>(() => {});
    });
    await expect(waiting).rejects.toBeInstanceOf(SupplierTimeout);
    expect(signalled?.aborted).toBe(true);
    expect(signalled?.reason).toBeInstanceOf(SupplierTimeout);
  });
});
