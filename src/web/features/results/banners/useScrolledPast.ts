import { useSyncExternalStore } from 'react';

/** Spec 1 §9: the side banners stick to the top once the page has scrolled this far. */
export const STICKY_BANNERS_SCROLL = 240;

/**
 * The window's scroll offset as of the last scroll event. Reading `scrollY` while the page is being built
 * forces a layout, and React reads a snapshot on every render: on a phone that was ~70 ms of forced layouts
 * per results page load (issue 15). Scroll events come after layout, so reading it there costs nothing.
 */
let lastScrollY = 0;
const listeners = new Set<() => void>();
const onScroll = () => {
  lastScrollY = window.scrollY;
  for (const listener of listeners) listener();
};

const subscribe = (onChange: () => void) => {
  if (listeners.size === 0) {
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page restored mid-scroll (reload, Back) has its offset before any scroll event: read it once laid out.
    requestAnimationFrame(onScroll);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
};

/** Whether the window is scrolled at least `threshold` pixels; re-renders only when that flips. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => lastScrollY >= threshold,
    () => false,
  );
}
