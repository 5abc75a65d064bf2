import { memo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Engine } from '../../../contract/engine.ts';
import type { Recommendation } from '../../../contract/search.ts';
import type { BagChoice } from '../../../../machines/bag-prices.ts';
import { useDrawnInSlices } from '../../lib/use-drawn-in-slices.ts';
import { Button } from '../../ui/Button.tsx';
import { isInlineBannerSlot } from './banners/airline-banners.ts';
import { RecommendationCard } from './card/RecommendationCard.tsx';
import type { ResultsSearchState } from './results-url.ts';

export interface ResultsListProps {
  results: Recommendation[];
  visibleCount: number;
  sessionID: string;
  engine: Engine;
  search: ResultsSearchState;
  priceRange: { min: number; max: number } | undefined;
  /** The bags each traveller takes: every card's total includes them (issue 21). */
  bags: BagChoice;
  /** Placed above the 3rd, 6th, 9th … card (spec 1 §4), when the engine has one. */
  inlineBanner?: ReactNode;
  /** Placed above the first card: the airline the terminal prefers. */
  firstBanner?: ReactNode;
  onMore: () => void;
}

/**
 * A card remounts only when its offer or the flights it may offer change: filters hand back new
 * objects for the same offer, so identity alone would rebuild every card on every filter change.
 */
const offerKey = (recommendation: Recommendation) =>
  `${recommendation.id}|${recommendation.itinerary.map((leg) => leg.flights.map((flight) => flight.id).join(',')).join('|')}`;

interface ItemProps {
  recommendation: Recommendation;
  index: number;
  sessionID: string;
  engine: Engine;
  search: ResultsSearchState;
  priceRange: { min: number; max: number } | undefined;
  bags: BagChoice;
}

const ResultsListItem = memo(
  function ResultsListItem({ recommendation, index, sessionID, engine, search, priceRange, bags }: ItemProps) {
    const { t } = useLingui();
    // Spec 1 §4: the best-recommendation header only on the first item, when the airline recommends it.
    const isBest = index === 0 && recommendation.pricing.recommendedByAirline;
    return (
      <>
        {isBest && <h3 className="results-list__best">{t`Best recommendation`}</h3>}
        <RecommendationCard recommendation={recommendation} sessionID={sessionID} engine={engine} search={search} priceRange={priceRange} bags={bags} />
      </>
    );
  },
  (previous, next) =>
    offerKey(previous.recommendation) === offerKey(next.recommendation) &&
    previous.index === next.index &&
    previous.sessionID === next.sessionID &&
    previous.priceRange === next.priceRange &&
    previous.bags === next.bags,
);

/**
 * The cards a list draws in its first paint (about a phone's or a laptop's screenful), then how many more
 * join it in each later task, once the one before has painted: ten cards mounted and committed at once
 * were a task of over 200 ms on a phone's CPU, and the seven after the first three still ~150-250 ms
 * (issue 15). "Load more" adds its ten the same way.
 */
const FIRST_SCREEN_CARDS = 3;
const CARDS_PER_TASK = 3;

/** The first `visibleCount` recommendations (10 per page) and 'load more' while more remain. */
export function ResultsList({ results, visibleCount, sessionID, engine, search, priceRange, bags, inlineBanner, firstBanner, onMore }: ResultsListProps) {
  const { t } = useLingui();
  const shown = Math.min(visibleCount, results.length);
  const drawn = useDrawnInSlices(shown, FIRST_SCREEN_CARDS, CARDS_PER_TASK);
  const visible = results.slice(0, drawn);
  const total = results.length;
  return (
    <div className="results-list">
      <output className="results-list__count">{t`Showing ${shown} of ${total} flights`}</output>
      {firstBanner}
      {/* Busy until every card shown has joined it. */}
      <ol className="results-list__items" aria-label={t`Flights`} aria-busy={visible.length < shown || undefined}>
        {visible.map((recommendation, index) => (
          <li key={offerKey(recommendation)} className="results-list__item">
            {isInlineBannerSlot(index) && inlineBanner}
            <ResultsListItem
              recommendation={recommendation}
              index={index}
              sessionID={sessionID}
              engine={engine}
              search={search}
              priceRange={priceRange}
              bags={bags}
            />
          </li>
        ))}
      </ol>
      {shown < total && (
        <Button variant="secondary" onPress={onMore}>
          {t`Load more flights`}
        </Button>
      )}
    </div>
  );
}
