import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/**
 * What a page says at a 429 (issue 36): what happened and when to try again, from the answer's own
 * Retry-After (machines/rate-limit.ts `rateLimitOf`), in the page's language. Every page that can meet
 * a rate limit says it with these words; none keeps a figure of its own.
 */
export function useTooManyRequestsText() {
  const { t } = useLingui();
  return (seconds: number | null) => {
    const title = t`Too many attempts`;
    if (seconds === null) return { title, text: t`Please wait a moment and try again.` };
    // Under two minutes in seconds ("90 seconds", not "2 minutes"); longer waits in whole minutes, rounded up.
    if (seconds < 120) return { title, text: t`${plural(seconds, { one: 'Please try again in # second.', other: 'Please try again in # seconds.' })}` };
    const minutes = Math.ceil(seconds / 60);
    return { title, text: t`${plural(minutes, { one: 'Please try again in # minute.', other: 'Please try again in # minutes.' })}` };
  };
}

/** The 429 message as one paragraph, for a form or a dialog: an alert of its own unless it sits in one (`inAlert`). */
export function TooManyRequests({ seconds, className, inAlert = false }: { seconds: number | null; className?: string; inAlert?: boolean }) {
  const { title, text } = useTooManyRequestsText()(seconds);
  return (
    <p role={inAlert ? undefined : 'alert'} className={className} data-retry-after={seconds ?? undefined}>
      {title}. {text}
    </p>
  );
}
