import { useLingui } from '@lingui/react/macro';
import type { SearchRefusal } from '../../../../machines/search-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { useTooManyRequestsText } from '../../ui/TooManyRequests.tsx';

export interface SearchErrorPanelProps {
  /** 204 no results, 401/402 token problems, 429 too many searches, 500/504 internal trouble; others show no title or text (spec 1 §8). */
  status: number;
  /** Why a 400 refused the search: the panel says it, pointing to the search form above. */
  refusal?: SearchRefusal | null | undefined;
  /** A 429's wait (its Retry-After), which the panel says. */
  retryAfterSeconds?: number | null | undefined;
  /** Search again, for failures that may pass (not for "no results" or token problems). */
  onRetry?: (() => void) | undefined;
}

/** The search error panel of spec 1 §8, with the way back to the main page. */
export function SearchErrorPanel({ status, refusal, retryAfterSeconds = null, onRetry }: SearchErrorPanelProps) {
  const { t } = useLingui();
  const tooManyRequests = useTooManyRequestsText();
  const texts: Record<number, { title: string; text: string }> = {
    204: { title: t`Sorry, there are no results`, text: t`The parameters of your search match no result. Please try other dates.` },
    401: {
      title: t`Invalid token`,
      text: t`The token has expired or does not belong to this agency. Generate a new search URL from the sales platform.`,
    },
    402: { title: t`Missing token`, text: t`There is no access token. Generate a search link from the sales platform.` },
    500: { title: t`We apologise for the inconvenience...`, text: t`We are having internal problems. Please try again in a few minutes.` },
  };
  const changeSearch = t`Change your search in the form above.`;
  const refusals: Record<SearchRefusal['kind'], { title: string; text: string }> = {
    unknownAirport: { title: refusal?.kind === 'unknownAirport' ? t`We do not know an airport or city with the code “${refusal.code}”` : '', text: changeSearch },
    sameAirport: { title: t`The origin and the destination are the same place`, text: changeSearch },
    pastDate: { title: t`The dates of this search have passed.`, text: changeSearch },
    other: { title: t`We could not search this trip`, text: changeSearch },
  };
  const message = status === 400 && refusal ? refusals[refusal.kind] : status === 429 ? tooManyRequests(retryAfterSeconds) : texts[status === 504 ? 500 : status];
  // A rate limit passes too, once its wait is over.
  const mayPass = status >= 500 || status === 429;
  return (
    <section className="search-error" data-status={status} aria-labelledby={message ? 'search-error-title' : undefined} aria-label={message ? undefined : t`Search error`}>
      {/* No results gets its own icon (spec 1 §8). */}
      <span className="search-error__icon" aria-hidden="true">
        {status === 204 ? '⌕' : '!'}
      </span>
      {message && (
        <>
          <h2 id="search-error-title">{message.title}</h2>
          <p>{message.text}</p>
        </>
      )}
      <div className="search-error__actions">
        {mayPass && onRetry && (
          <Button variant="secondary" onPress={onRetry}>
            {t`Try again`}
          </Button>
        )}
        <Link to="/" variant="primary">
          {t`Go to the main page`}
        </Link>
      </div>
    </section>
  );
}
