import { SupplierTimeout } from './port.ts';

/**
 * A supplier call given up after `deadlineMs`: past it, SupplierTimeout. The call gets a signal that
 * aborts then, and is raced as well, so a supplier that ignores the signal still cannot hold the
 * request; its answer, if it ever comes, is dropped.
 */
export function withDeadline<T>(deadlineMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(deadlineMs);
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new SupplierTimeout(`The supplier did not answer within ${deadlineMs} ms.`)), { once: true }),
  );
  return Promise.race([call(signal), timedOut]);
}
