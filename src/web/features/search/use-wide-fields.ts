import { useEffect, useReducer } from 'react';
import { PHONE_WIDTH } from '../../lib/media.ts';

type WideFields = typeof import('./wide-fields.ts');

let loaded: WideFields | null = null;
let loading: Promise<WideFields | null> | null = null;

/** Fetches the wide fields once; a failed fetch (the network dropped) is tried again the next time they are wanted. */
export function loadWideFields(): Promise<WideFields | null> {
  loading ??= import('./wide-fields.ts').then(
    (fields) => (loaded = fields),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** Whether the window is as narrow as a phone's now (search-form.css hides the wide fields there). */
export const isPhoneWindow = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(PHONE_WIDTH).matches;

/**
 * The wide fields once loaded, fetching them when `wanted` (shown). Once loaded they stay rendered: a
 * phone's toggle hides them with CSS again, keeping what was typed in them.
 */
export function useWideFields(wanted: boolean): WideFields | null {
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  useEffect(() => {
    if (wanted && !loaded) void loadWideFields().then((fields) => fields && rerender());
  }, [wanted]);
  return loaded;
}
