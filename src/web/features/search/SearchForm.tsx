import { useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { datePricesMachine } from '../../../../machines/date-prices.machine.ts';
import { searchFormMachine } from '../../../../machines/search-form.machine.ts';
import type { SearchFormValues } from '../../../../machines/search-form.rules.ts';
import { buildResultsUrl } from '../results/results-url.ts';
import { engineQueryOptions } from '../../lib/queries.ts';
import { withQueryValue } from '../../lib/url.ts';
import { resolveTerminalId } from '../layout/terminal.ts';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { todayInLima } from '../../lib/dates.ts';
import { searchFromFormValues, type SearchOrigin } from './search-form-values.ts';
import { datePricesActors } from './date-prices-binding.ts';
import { SearchFormView } from './SearchFormView.tsx';

export interface SearchFormProps {
  /** Values to start from (the results page fills them from its URL). */
  initial?: Partial<SearchFormValues>;
  /** Embedded on another site (/iframe/:accountId): results open in a new window with the account as terminal. */
  embeddedAccountId?: string;
}


/**
 * The search form's actor and its effects: a valid search goes to the results URL of spec 1 §2, on
 * the agency address (/vuelos/b/…) when the page is one or the engine is an agency.
 */
export function SearchForm({ initial, embeddedAccountId }: SearchFormProps) {
  const navigate = useNavigate();
  const router = useRouter();
  const engine = useCurrentEngine();
  // The machine's actions run later than this render: they read the address and engine of that moment.
  const searchOrigin = (): SearchOrigin & { lang: string | undefined } => {
    const { pathname, search } = router.state.location;
    const query = search as { terminalId?: string; token?: string; lang?: string };
    const terminalId = resolveTerminalId({ terminalId: query.terminalId, accountId: embeddedAccountId });
    const isAgency = router.options.context.queryClient.getQueryData(engineQueryOptions(terminalId).queryKey)?.isAgency ?? false;
    return { business: /^(\/vuelos)?\/b\//.test(pathname) || isAgency, terminalId: query.terminalId ?? null, token: query.token ?? null, lang: query.lang };
  };
  const actorRef = useTracedActorRef(
    searchFormMachine.provide({
      actions: {
        navigateToResults: ({ context }) => {
          const { lang, ...origin } = searchOrigin();
          void navigate({ href: withQueryValue(buildResultsUrl(searchFromFormValues(context, origin)), 'lang', lang) });
        },
        openResultsInNewWindow: ({ context }) => {
          const { lang, ...origin } = searchOrigin();
          const search = searchFromFormValues(context, { ...origin, terminalId: embeddedAccountId ?? null });
          const url = withQueryValue(buildResultsUrl(search), 'lang', lang);
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
  const pricesRef = useTracedActorRef(datePricesMachine.provide({ actors: datePricesActors }));
  const pricesState = useSelector(pricesRef, (snapshot) => snapshot);
  const { origin, destination, passengers, cabin, today } = state.context;
  const { terminalId, token } = router.state.location.search as { terminalId?: string; token?: string };
  const route =
    origin && destination && origin.code !== destination.code
      ? { terminalId: resolveTerminalId({ terminalId, accountId: embeddedAccountId }), token: token ?? null, origin: origin.code, destination: destination.code, ...passengers, cabin, today }
      : null;
  return <SearchFormView state={state} send={actorRef.send} datePrices={{ state: pricesState, send: pricesRef.send, route, currency: engine.currency }} />;
}
