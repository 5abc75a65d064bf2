import { useSyncExternalStore } from 'react';

/** Spec 1 §9: the side banners stick to the top once the page has scrolled this far. */
export const STICKY_BANNERS_SCROLL = 240;

const subscribe = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/** Whether the window is scrolled at least `threshold` pixels; re-renders only when that flips. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY >= threshold,
    () => false,
  );
}
