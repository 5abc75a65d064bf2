import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { BrandedFareCatalogue } from '../../../../contract/fares.ts';
import type { FlightType, Recommendation } from '../../../../contract/search.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { RadioGroup } from '../../../ui/RadioGroup.tsx';
import { TooltipText } from '../../../ui/Tooltip.tsx';
import { usePlaceDescription, type DescribedPlace } from '../../search/place-names.tsx';
import { brandColour } from './branded-fares.ts';
import { FlightRow } from './FlightRow.tsx';

export interface LegFlightsProps {
  leg: Recommendation['itinerary'][number];
  legIndex: number;
  flightType: FlightType;
  chosenIndex: number;
  expandedFlightIds: string[];
  catalogue: BrandedFareCatalogue[] | undefined;
  onPick: (index: number) => void;
  onToggleDetails: (flightId: string) => void;
}

/** A leg of the offer: its header (name, date, airports) and one radio choice among its flights. */
export function LegFlights({ leg, legIndex, flightType, chosenIndex, expandedFlightIds, catalogue, onPick, onToggleDetails }: LegFlightsProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const legNumber = legIndex + 1;
  let title = legIndex === 0 ? t`Outbound flight` : t`Return flight`;
  if (flightType === 'MC') title = t`Flight ${legNumber}`;
  return (
    <section className="leg">
      <header className="leg__header">
        <h3 id={headingId} className="leg__title">
          {title}
        </h3>
        <time dateTime={leg.date}>{formatCalendarDate(leg.date, i18n.locale)}</time>
        <span className="leg__route">
          <PlaceTooltip place={leg.origin} />
          <span aria-hidden="true"> → </span>
          <PlaceTooltip place={leg.destination} />
        </span>
      </header>
      <RadioGroup aria-labelledby={headingId} value={String(chosenIndex)} onChange={(value) => onPick(Number(value))}>
        {leg.flights.map((flight, index) => (
          <FlightRow
            key={flight.id}
            flight={flight}
            index={index}
            isExpanded={expandedFlightIds.includes(flight.id)}
            onToggleDetails={() => onToggleDetails(flight.id)}
            brandColour={flight.brandedFare ? brandColour(catalogue, flight.marketingAirline.code, flight.brandedFare.brandID) : ''}
          />
        ))}
      </RadioGroup>
    </section>
  );
}

/** A leg's airport code; hovering or focusing it describes the place in the page's language. */
function PlaceTooltip({ place }: { place: DescribedPlace }) {
  return <TooltipText text={place.code} tooltip={usePlaceDescription(place)} />;
}
