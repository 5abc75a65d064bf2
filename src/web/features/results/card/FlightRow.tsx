import type { CSSProperties } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import type { Flight } from '../../../../contract/search.ts';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../../ui/Disclosure.tsx';
import { Radio } from '../../../ui/RadioGroup.tsx';
import { AirlineLogo } from './AirlineLogo.tsx';
import { inclusionsOfFlight } from '../../../../contract/fare-inclusions.ts';
import { BaggageAllowance } from './BaggageAllowance.tsx';
import { Duration } from './Duration.tsx';
import { FlightDetails } from './FlightDetails.tsx';
import { JourneyFlags } from './JourneyFlags.tsx';
import { clockTime, dayOffset, minutesOfHHMM } from './flight-times.ts';
import { readableTextOn } from '../../../lib/colour.ts';
import { PlaceCode } from '../../search/place-names.tsx';
import { useLanguage } from '../../search/use-language.ts';
import { brandNameIn } from '../../fare-inclusions/brand-name.ts';

export interface FlightRowProps {
  flight: Flight;
  /** Its position in the leg: the radio's value. */
  index: number;
  isExpanded: boolean;
  onToggleDetails: () => void;
  /** The branded fare's colour from the catalogue (only used when the flight carries a brand). */
  brandColour: string;
}

function Stops({ count }: { count: number }) {
  const { t } = useLingui();
  return <span className="flight-row__stops">{count === 0 ? t`Direct` : <Plural value={count} one="# stop" other="# stops" />}</span>;
}

/** One flight a leg offers: its radio, airline, times in each airport's zone (+1 when it lands the next day), duration, stops, journey flags, bags and details. */
export function FlightRow({ flight, index, isExpanded, onToggleDetails, brandColour }: FlightRowProps) {
  const { t } = useLingui();
  const airline = flight.marketingAirline.name;
  const departure = clockTime(flight.departureDateTime);
  const arrival = clockTime(flight.arrivalDateTime);
  const dayShift = dayOffset(flight.departureDateTime, flight.arrivalDateTime);
  const first = flight.segments[0]!;
  const last = flight.segments.at(-1)!;
  const summary = t`${airline}, ${departure} – ${arrival}`;
  const brand = flight.brandedFare?.brandID ? flight.brandedFare : null;
  const language = useLanguage();
  return (
    <Disclosure isExpanded={isExpanded} onExpandedChange={onToggleDetails}>
      <div className="flight-row">
        <Radio value={String(index)} aria-label={summary} />
        <span className="flight-row__airline">
          <AirlineLogo code={flight.marketingAirline.code} name={airline} />
          <span>{airline}</span>
        </span>
        <span className="flight-row__schedule">
          <span className="flight-row__time">
            <span className="visually-hidden">{t`Departs`} </span>
            <time dateTime={flight.departureDateTime}>{departure}</time> <PlaceCode place={first.departureAirport} />
          </span>
          <span className="flight-row__path">
            <Duration minutes={minutesOfHHMM(flight.elapsedTime)} />
            <Stops count={flight.stops} />
          </span>
          <span className="flight-row__time">
            <span className="visually-hidden">{t`Arrives`} </span>
            <time dateTime={flight.arrivalDateTime}>{arrival}</time>
            {dayShift > 0 && (
<sup className="day-shift">{t`+${dayShift} day`}</sup>
            )}{' '}
            <PlaceCode place={last.arrivalAirport} />
          </span>
        </span>
        <span className="flight-row__baggage">
          <BaggageAllowance kind="carryOn" bag={inclusionsOfFlight(flight).carryOn} />
          <BaggageAllowance kind="checkedBag" bag={inclusionsOfFlight(flight).checkedBag} />
        </span>
        <DisclosureTrigger>
          {t`Details`}
          <span className="visually-hidden"> {summary}</span>
        </DisclosureTrigger>
        {brand && (
          <span className="fare-marker" style={{ '--fare-colour': brandColour, '--fare-text': readableTextOn(brandColour) } as CSSProperties}>
            <span className="visually-hidden">{t`Branded fare`}: </span>
            {brandNameIn(brand, language)}
          </span>
        )}
        <JourneyFlags flight={flight} />
      </div>
      {/* Rendered on opening only: ten cards' closed details were ~40 % of the results page's nodes (issue #15). */}
      <DisclosurePanel>{isExpanded && <FlightDetails flight={flight} />}</DisclosurePanel>
    </Disclosure>
  );
}
