import { SupplierTimeout } from './port.ts';

/**
 * A supplier call given up after `deadlineMs`: past it, SupplierTimeout. The call gets a signal that
 * aborts then, and is raced as well, so a supplier that ignores the signal still cannot hold the
 * request; its answer, if it ever comes, is dropped.
 *
 * The timer is cleared as soon as the call settles: an `AbortSignal.timeout` with a listener stays
 * reachable until it fires, and through the race it would keep every answer (a search's offers) alive
 * for the whole deadline, so memory would grow with the request rate.
 */
export async function withDeadline<T>(deadlineMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = new SupplierTimeout(`The supplier did not answer within ${deadlineMs} ms.`);
      controller.abort(timeout);
      reject(timeout);
    }, deadlineMs);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
