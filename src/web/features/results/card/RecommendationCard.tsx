import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../../lib/trace.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Recommendation } from '../../../../contract/search.ts';
import { NO_BAGS, type BagChoice } from '../../../../../machines/bag-prices.ts';
import { recommendationCardMachine } from '../../../../../machines/recommendation-card.machine.ts';
import { FareFamiliesModal, useFareFamiliesActor } from '../fare-families/FareFamiliesModal.tsx';
import type { ResultsSearchState } from '../results-url.ts';
import { cardAudience } from './audience.ts';
import { brandedFaresQueryOptions } from './branded-fares.ts';
import { commissionLoader, markupsLoader, selectionSaver } from './card-api.ts';
import { useGoToCheckout } from './checkout-navigation.ts';
import { RecommendationCardView } from './RecommendationCardView.tsx';

export interface RecommendationCardProps {
  recommendation: Recommendation;
  /** The search's session: the selection is saved into it and checkout opens it. */
  sessionID: string;
  engine: Engine;
  search: ResultsSearchState;
  /** Cheapest and dearest totals of the list, for the price colour of spec 1 §9. */
  priceRange?: { min: number; max: number } | undefined;
  /** The bags each traveller takes (issue 21): the total includes the ones the fare lacks. */
  bags?: BagChoice | undefined;
}

/**
 * One recommendation of the results list: its own card machine (markups, commission, selection)
 * and fare families modal, both calling the API with the search's terminal and agency token.
 */
export function RecommendationCard({ recommendation, sessionID, engine, search, priceRange, bags }: RecommendationCardProps) {
  const audience = cardAudience(engine, search.business);
  const caller = { engine, token: search.token };
  const goToCheckout = useGoToCheckout(sessionID, engine, search.business);
  const card = useTracedActorRef(
    recommendationCardMachine.provide({
      actors: { loadMarkups: markupsLoader(caller), loadCommission: commissionLoader(caller), saveSelection: selectionSaver(engine) },
      actions: { goToCheckout },
    }),
    { input: { recommendation, sessionID, isAgencyView: audience.isAgencyView, showsCommission: audience.showsCommission } },
  );
  const snapshot = useSelector(card, (state) => state);
  const fareFamilies = useFareFamiliesActor({ recommendation, sessionID, engine, search });
  const catalogue = useQuery(brandedFaresQueryOptions()).data;
  return (
    <>
      <RecommendationCardView
        snapshot={snapshot}
        send={card.send}
        engine={engine}
        search={search}
        catalogue={catalogue}
        priceRange={priceRange}
        bags={bags}
        onSeeFares={(choice) => fareFamilies.send({ type: 'modal.open', choice, bags: bags ?? NO_BAGS })}
      />
      <FareFamiliesModal actor={fareFamilies} engine={engine} search={search} />
    </>
  );
}
