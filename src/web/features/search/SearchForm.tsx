import { useRef } from 'react';
import { useNavigate, useLocation, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { searchFormMachine } from '../../../../machines/search-form.machine.ts';
import type { SearchFormValues } from '../../../../machines/search-form.rules.ts';
import { buildResultsUrl } from '../results/results-url.ts';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { searchFromFormValues, todayInLima, type SearchOrigin } from './search-form-values.ts';
import { SearchFormView } from './SearchFormView.tsx';

export interface SearchFormProps {
  /** Values to start from (the results page fills them from its URL). */
  initial?: Partial<SearchFormValues>;
  /** Embedded on another site (/iframe/:accountId): results open in a new window with the account as terminal. */
  embeddedAccountId?: string;
}

/** Adds a query value to a results URL that may already have a query string. */
const withQueryValue = (url: string, key: string, value: string | undefined) => {
  if (!value) return url;
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set(key, value);
  return `${path}?${params}`;
};

/**
 * The search form's actor and its effects: a valid search goes to the results URL of spec 1 §2, on
 * the agency address (/vuelos/b/…) when the page is one or the engine is an agency.
 */
export function SearchForm({ initial, embeddedAccountId }: SearchFormProps) {
  const navigate = useNavigate();
  const engine = useCurrentEngine();
  const { pathname } = useLocation();
  const query = useSearch({ strict: false }) as { terminalId?: string; token?: string; lang?: string };
  const onAgencyAddress = /^(\/vuelos)?\/b\//.test(pathname);
  const origin: SearchOrigin = {
    business: onAgencyAddress || engine.isAgency,
    terminalId: query.terminalId ?? null,
    token: query.token ?? null,
  };
  // The machine's actions outlive this render; they read the latest address through the ref.
  const latest = useRef({ origin, lang: query.lang });
  latest.current = { origin, lang: query.lang };

  const actorRef = useActorRef(
    searchFormMachine.provide({
      actions: {
        navigateToResults: ({ context }) => {
          const url = buildResultsUrl(searchFromFormValues(context, latest.current.origin));
          void navigate({ href: withQueryValue(url, 'lang', latest.current.lang) });
        },
        openResultsInNewWindow: ({ context }) => {
          const search = searchFromFormValues(context, { ...latest.current.origin, terminalId: embeddedAccountId ?? null });
          const url = withQueryValue(buildResultsUrl(search), 'lang', latest.current.lang);
          window.open(new URL(url, window.location.origin).href, '_blank', 'noopener');
        },
      },
    }),
    {
      input: {
        today: todayInLima(),
        openInNewWindow: embeddedAccountId !== undefined,
        initial: { country: engine.profile.countryCode, ...initial },
      },
    },
  );
  const state = useSelector(actorRef, (snapshot) => snapshot);
  return <SearchFormView state={state} send={actorRef.send} />;
}
