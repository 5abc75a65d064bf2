import { useLingui } from '@lingui/react/macro';
import type { BrandedFareCatalogue } from '../../../../contract/fares.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { RecommendationCardEvent } from '../../../../../machines/recommendation-card.machine.ts';
import { isUpsellOffered } from '../../../../../machines/fare-families.rules.ts';
import { calendarPriceTone, priceTone } from '../../../../../machines/filters.rules.ts';
import { useCalendarBands } from '../calendar-bands.ts';
import { displayedTotal } from '../../../../../machines/selection.ts';
import { bagInclusiveTotal, NO_BAGS, type BagChoice } from '../../../../../machines/bag-prices.ts';
import { formatMoney } from '../../../../contract/money.ts';
import type { ResultsSearchState } from '../results-url.ts';
import { cardAudience } from './audience.ts';
import { LegFlights } from './LegFlights.tsx';
import { PriceSummary, type RecommendationCardSnapshot } from './PriceSummary.tsx';
import './card.css';

export type { RecommendationCardSnapshot };

export interface RecommendationCardViewProps {
  snapshot: RecommendationCardSnapshot;
  send: (event: RecommendationCardEvent) => void;
  engine: Engine;
  search: Pick<ResultsSearchState, 'flightType' | 'business'>;
  /** The branded fare catalogue, for the colour of each fare marker; undefined while it loads. */
  catalogue: BrandedFareCatalogue[] | undefined;
  /** Cheapest and dearest totals of the list, for the price colour of spec 1 §9. */
  priceRange?: { min: number; max: number } | undefined;
  /** The bags each traveller takes (issue 21): the total includes the ones the fare lacks. */
  bags?: BagChoice | undefined;
  /** Opens the fare families modal for the flights chosen now. */
  onSeeFares: (choice: number[]) => void;
}

/** A recommendation as the machine's snapshot describes it; it knows nothing of the API. */
export function RecommendationCardView({ snapshot, send, engine, search, catalogue, priceRange, bags = NO_BAGS, onSeeFares }: RecommendationCardViewProps) {
  const { t } = useLingui();
  const { recommendation, choice, expandedFlightIds, fees, markups } = snapshot.context;
  const calendarBands = useCalendarBands();
  const audience = cardAudience(engine, search.business);
  const bagTotal = bagInclusiveTotal(recommendation, bags);
  const total = Math.round((displayedTotal(recommendation, fees, markups) + (bagTotal.kind === 'priced' ? bagTotal.extra : 0)) * 100) / 100;
  const price = formatMoney(total, engine.currency);
  return (
    <article className="rec-card card" aria-label={t`Trip option, ${price}`}>
      <div className="rec-card__legs">
        {recommendation.itinerary.map((leg, legIndex) => (
          <LegFlights
            key={`${leg.origin.code}-${leg.destination.code}-${leg.date}`}
            leg={leg}
            legIndex={legIndex}
            flightType={search.flightType}
            chosenIndex={choice[legIndex] ?? 0}
            expandedFlightIds={expandedFlightIds}
            catalogue={catalogue}
            onPick={(index) => send({ type: 'flight.pick', leg: legIndex, index })}
            onToggleDetails={(flightId) => send({ type: 'details.toggle', flightId })}
          />
        ))}
      </div>
      <PriceSummary
        snapshot={snapshot}
        send={send}
        engine={engine}
        audience={audience}
        bags={bags}
        bagTotal={bagTotal}
        // Like with like: the offers' own totals, before this card's markups and fees. Once the route's calendar is
        // known, its band rule and bounds decide, so the card never contradicts it (issue 37).
        tone={
          calendarBands
            ? calendarPriceTone(recommendation.pricing.total, calendarBands)
            : priceRange
              ? priceTone(recommendation.pricing.total, priceRange.min, priceRange.max, search.flightType)
              : null
        }
        onSeeFares={isUpsellOffered(recommendation, choice) ? () => onSeeFares(choice) : null}
      />
    </article>
  );
}
