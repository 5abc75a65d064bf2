import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint.ts';

/**
 * How many of `total` parts to draw now: `first` at once, then `step` more in each later task, once the one
 * before has painted. Drawing a long page's parts all in one task blocked a phone's main thread for over half
 * a second (the results' cards, issue 15; the checkout's forms, issue 38); in slices each task stays short and
 * the first screen paints first.
 */
export function useDrawnInSlices(total: number, first: number, step: number): number {
  const [revealed, setRevealed] = useState(first);
  const drawn = Math.min(total, revealed);
  useEffect(() => {
    if (drawn < total) afterNextPaint(() => startTransition(() => setRevealed((current) => Math.max(current, drawn + step))));
  }, [drawn, total, step]);
  return drawn;
}
