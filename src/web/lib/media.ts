import { useSyncExternalStore } from 'react';

/** Phone widths: the bar's links fold into a menu, the results put offers first (styles.css uses the same 720 px). */
export const PHONE_WIDTH = '(max-width: 720px)';
/** One column: the checkout's price summary falls below the form and its button (checkout.css uses the same 900 px). */
export const ONE_COLUMN_CHECKOUT_WIDTH = '(max-width: 900px)';

/** Whether the window matches a media query now, re-rendering when that changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}
