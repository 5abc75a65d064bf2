/**
 * The page's first paint as the server wrote it (src/server/first-paint.ts): which page, its heading, and
 * the address it was written for. The app's loading frame and the results title show that heading while
 * their own data loads, instead of blanking it or showing airport codes, as long as the address is the same.
 */
export interface FirstPaint {
  kind: 'home' | 'results';
  heading: string;
}

let kept: (FirstPaint & { href: string }) | null = null;

/** Reads the first paint from the page's root before the app replaces it. */
export function keepFirstPaint(root: HTMLElement) {
  const kind = root.querySelector('[data-first-paint]')?.getAttribute('data-first-paint');
  const heading = root.querySelector('h1')?.textContent;
  kept = heading && (kind === 'home' || kind === 'results') ? { kind, heading, href: window.location.href } : null;
}

/** The first paint, while the page is still the one the server painted. */
export function keptFirstPaint(): FirstPaint | null {
  return kept && kept.href === window.location.href ? { kind: kept.kind, heading: kept.heading } : null;
}

/**
 * Keeps the server's paint on screen until the app first draws: React renders nothing into its root until
 * the router has matched the page, so the paint moves out of the root, beside it, and goes the moment the
 * app's first elements arrive (before the browser paints them).
 */
export function holdFirstPaint(root: HTMLElement) {
  keepFirstPaint(root);
  const paint = root.firstElementChild;
  if (!paint) return;
  root.before(paint);
  const observer = new MutationObserver(() => {
    if (!root.firstChild) return;
    paint.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true });
}
