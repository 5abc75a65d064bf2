import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { exploreMachine, type ExploreInput, type ExploreSort } from '../../../../machines/explore.machine.ts';
import { exploreMonths } from '../../../contract/explore.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { PageHeading } from '../layout/PageHeading.tsx';
import { useCurrentEngine, useCurrentTerminalId } from '../layout/useCurrentEngine.ts';
import { useCityNames } from '../search/place-names.tsx';
import { todayInLima } from '../../lib/dates.ts';
import { useLanguage } from '../search/use-language.ts';
import { exploreActors } from './explore-api.ts';
import { ExploreView } from './ExploreView.tsx';

/** What the Explora address keeps (/vuelos/explora?origin=LIM&month=2026-12&sort=date), already validated by the route. */
export interface ExploreChoice {
  origin: string | undefined;
  month: string | undefined;
  sort: ExploreSort | undefined;
  token: string | undefined;
}

/** Explora's page: the choice in the address names its origin (in the page's language) before the actor starts with it. */
export function ExplorePage({ choice }: { choice: ExploreChoice }) {
  const { t } = useLingui();
  const language = useLanguage();
  const names = useCityNames(choice.origin ? [choice.origin] : []);
  return (
    <div className="explore-page">
      <PageHeading>{t`Explore: where can you fly?`}</PageHeading>
      {names.isSettled ? (
        // Another language is another answer (the places are named in it): a new actor, from the address.
        <ExploreActor key={language} choice={choice} originName={choice.origin ? names.cityOf(choice.origin) : null} />
      ) : (
        <Spinner label={t`Loading…`} />
      )}
    </div>
  );
}

function ExploreActor({ choice, originName }: { choice: ExploreChoice; originName: string | null }) {
  const engine = useCurrentEngine();
  const terminalId = useCurrentTerminalId();
  const language = useLanguage();
  const navigate = useNavigate();
  const router = useRouter();
  const today = todayInLima();
  const months = exploreMonths(today);
  const input: ExploreInput = {
    terminalId,
    language,
    token: choice.token ?? null,
    origin: choice.origin && originName ? { code: choice.origin, description: originName } : null,
    month: choice.month && months.includes(choice.month) ? choice.month : null,
    ...(choice.sort ? { sort: choice.sort } : {}),
  };
  const actorRef = useTracedActorRef(
    exploreMachine.provide({
      actors: exploreActors,
      actions: {
        rememberChoice: ({ context }) =>
          void navigate({
            to: '/explora',
            search: (previous) => ({ ...previous, origin: context.origin?.code, month: context.month ?? undefined, sort: context.sort === 'price' ? undefined : context.sort }),
            replace: true,
          }),
      },
    }),
    { input },
  );
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const { lang } = router.state.location.search as { lang?: string };
  const { terminalId: queryTerminalId } = router.state.location.search as { terminalId?: string };
  const searchOrigin = { business: engine.isAgency, terminalId: queryTerminalId ?? null, token: choice.token ?? null, lang };
  return <ExploreView state={state} send={actorRef.send} currency={engine.currency} months={months} searchOrigin={searchOrigin} />;
}
