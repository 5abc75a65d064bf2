/**
 * Where the checkout keeps its draft for a reload (issue 11): the tab's sessionStorage, one entry per
 * booking session. Per tab and gone when the tab closes; removed once the booking is made. What is
 * written is the machine's stored draft (machines/checkout-draft.ts), which has no card data.
 *
 * Not the server session: its save accepts no client-written draft part, and a half-typed traveller is
 * personal data the server has no need to keep before the booking.
 */
import type { StoredCheckoutDraft } from '../../../../machines/checkout-draft.ts';

const keyOf = (sessionID: string) => `vuelos.checkout.draft.${sessionID}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off by the browser: the checkout works, a reload starts over.
    return null;
  }
}

/** The raw stored draft of a session (the machine checks it against the session before use). */
export function readStoredDraft(sessionID: string): unknown {
  const text = storage()?.getItem(keyOf(sessionID));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Keeps the draft; a draft that cannot be kept removes the older one rather than leave it stale. */
export function keepDraft(sessionID: string, draft: StoredCheckoutDraft | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (draft) store.setItem(keyOf(sessionID), JSON.stringify(draft));
    else store.removeItem(keyOf(sessionID));
  } catch {
    // Quota exceeded: nothing is kept; the form itself is unaffected.
  }
}

export function forgetDraft(sessionID: string): void {
  storage()?.removeItem(keyOf(sessionID));
}
