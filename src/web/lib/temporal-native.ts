import type { Temporal as PolyfilledTemporal } from 'temporal-polyfill';

/**
 * What `temporal-polyfill` is in the app build (vite.config.ts, nativeTemporal): the browser's own
 * Temporal where it has one (Chrome and Edge 144+, Firefox 139+), else the polyfill, fetched only then.
 * The checkout and after-sale pages' first load no longer carries ~18 KB of polyfill (brotli) that most
 * phones do not need (issue 15); the others wait for it before their modules run, as they always did.
 */
export const Temporal: typeof PolyfilledTemporal = nativeTemporalOf(globalThis) ?? (await import('temporal-polyfill')).Temporal;

/** A global's own Temporal, when it has a complete one (PlainDate and Now are all the app reads). */
export function nativeTemporalOf(scope: object): typeof PolyfilledTemporal | undefined {
  const candidate = (scope as { Temporal?: typeof PolyfilledTemporal }).Temporal;
  return typeof candidate?.PlainDate?.from === 'function' && typeof candidate.Now?.plainDateISO === 'function' ? candidate : undefined;
}
