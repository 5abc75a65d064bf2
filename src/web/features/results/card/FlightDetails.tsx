import { Fragment } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CabinCode, Flight, Segment } from '../../../../contract/search.ts';
import { inclusionsOfFlight } from '../../../../contract/fare-inclusions.ts';
import { BaggageAllowance } from './BaggageAllowance.tsx';
import { Duration } from './Duration.tsx';
import { clockTime, dayOffset, minutesBetween, minutesOfHHMM } from './flight-times.ts';
import { usePlaceDescription } from '../../search/place-names.tsx';

type Vehicle = 'train' | 'bus' | 'plane';

/** Spec 1 §3: equipment TRN is a train, BUS a bus, anything else an aircraft. */
const vehicleOf = (segment: Segment): Vehicle => {
  const type = segment.equipment[0]?.airEquipType;
  if (type === 'TRN') return 'train';
  if (type === 'BUS') return 'bus';
  return 'plane';
};

const vehicleSymbol: Record<Vehicle, string> = { train: '🚆', bus: '🚌', plane: '✈' };

function OperatedBy({ segment }: { segment: Segment }) {
  const { t } = useLingui();
  const vehicle = vehicleOf(segment);
  const operator = segment.operatingAirline.name;
  const lines: Record<Vehicle, string> = {
    train: t`Train operated by ${operator}`,
    bus: t`Bus operated by ${operator}`,
    plane: t`Flight operated by ${operator}`,
  };
  return (
    <p className="segment__operator" data-vehicle={vehicle}>
      <span aria-hidden="true">{vehicleSymbol[vehicle]} </span>
      {lines[vehicle]}
    </p>
  );
}

function SegmentTime({ label, dateTime, airport, dayShift }: { label: string; dateTime: string; airport: Segment['departureAirport']; dayShift: number }) {
  const { t } = useLingui();
  const description = usePlaceDescription(airport);
  return (
    <p className="segment__time">
      <span className="visually-hidden">{label} </span>
      <time dateTime={dateTime}>{clockTime(dateTime)}</time>
      {dayShift > 0 && <sup className="day-shift">{t`+${dayShift} day`}</sup>} <strong>{airport.code}</strong> {description}
    </p>
  );
}

function SegmentDetails({ segment, departureDay }: { segment: Segment; departureDay: string }) {
  const { t } = useLingui();
  const cabinNames: Record<CabinCode, string> = { I: t`Economy`, Y: t`Economy`, W: t`Premium economy`, C: t`Business`, F: t`First` };
  const flightNumber = `${segment.marketingAirline.code} ${segment.flightNumber}`;
  const bookingClass = segment.bookingClass.code;
  const cabin = cabinNames[segment.cabin];
  return (
    <li className="segment">
      <SegmentTime label={t`Departs`} dateTime={segment.departureDateTime} airport={segment.departureAirport} dayShift={dayOffset(departureDay, segment.departureDateTime)} />
      <p className="segment__line">
        {segment.marketingAirline.name} · {t`Flight ${flightNumber}`} · {t`Class ${bookingClass} (${cabin})`} ·{' '}
        <Duration minutes={minutesOfHHMM(segment.elapsedTime)} />
      </p>
      <OperatedBy segment={segment} />
      {segment.stopLocation.map((stop) => (
        <p key={stop.locationCode} className="segment__stop">
          {t`Technical stop in ${stop.locationCode}`}: <Duration minutes={minutesOfHHMM(stop.codeContext)} />
        </p>
      ))}
      <SegmentTime label={t`Arrives`} dateTime={segment.arrivalDateTime} airport={segment.arrivalAirport} dayShift={dayOffset(departureDay, segment.arrivalDateTime)} />
    </li>
  );
}

/**
 * The details panel of spec 1 §2: each segment, the layovers between them, and the baggage. `headingLevel`
 * is the baggage heading's level, one below the heading the details sit under (a results card's h3; the
 * checkout's itinerary, under its h1, passes 2).
 */
export function FlightDetails({ flight, headingLevel = 4 }: { flight: Flight; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useLingui();
  return (
    <div className="flight-details">
      <ol className="flight-details__segments">
        {flight.segments.map((segment, index) => {
          const next = flight.segments[index + 1];
          const layoverAirport = segment.arrivalAirport.code;
          return (
            <Fragment key={`${segment.marketingAirline.code}${segment.flightNumber}-${segment.departureDateTime}`}>
              <SegmentDetails segment={segment} departureDay={flight.departureDateTime} />
              {next && (
                <li className="segment__layover">
                  {t`Layover in ${layoverAirport}`}: <Duration minutes={minutesBetween(segment.arrivalDateTime, next.departureDateTime)} />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
      <Heading className="flight-details__heading">{t`Baggage`}</Heading>
      <ul className="flight-details__baggage">
        <li>
          <BaggageAllowance kind="carryOn" bag={inclusionsOfFlight(flight).carryOn} showsKind />
        </li>
        <li>
          <BaggageAllowance kind="checkedBag" bag={inclusionsOfFlight(flight).checkedBag} showsKind />
        </li>
      </ul>
    </div>
  );
}
