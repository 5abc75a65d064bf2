import { Plural, useLingui } from '@lingui/react/macro';
import { TIME_OF_DAY_SYMBOLS, timeOfDayBand, type TimeOfDayBand } from '../../../../contract/checkout.ts';
import type { FlightType } from '../../../../contract/search.ts';
import type { Session } from '../../../../contract/session.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { Button } from '../../../ui/Button.tsx';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../../ui/Disclosure.tsx';
import { AirlineLogo } from '../../results/card/AirlineLogo.tsx';
import { Duration } from '../../results/card/Duration.tsx';
import { FlightDetails } from '../../results/card/FlightDetails.tsx';
import { minutesOfHHMM } from '../../results/card/flight-times.ts';
import './itinerary.css';
import { usePlaceCity } from '../../search/place-names.tsx';

/** The local hour of a flight time as printed at its airport (2026-12-18T06:00:00-05:00 → 6). */
const localHour = (dateTime: string) => Number(dateTime.slice(11, 13));

function BandIcon({ band }: { band: TimeOfDayBand }) {
  const { t } = useLingui();
  const names: Record<TimeOfDayBand, string> = { day: t`Daytime flight`, evening: t`Evening flight`, night: t`Night flight` };
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a symbol that stands for a word, not a picture file
    <span role="img" aria-label={names[band]} className="itinerary__band" data-band={band}>
      {TIME_OF_DAY_SYMBOLS[band]}
    </span>
  );
}

export interface ItineraryLegsProps {
  session: Pick<Session, 'flights' | 'searchParams'>;
}

/** Each leg of the trip with its date, time of day, airline, times, duration and stops, its segments behind 'Flight details'. */
export function ItineraryLegs({ session }: ItineraryLegsProps) {
  const { t, i18n } = useLingui();
  const flights = session.flights ?? [];
  const flightType: FlightType = session.searchParams?.flightType ?? 'OW';
  const legLabel = (index: number) => {
    const number = index + 1;
    if (flightType === 'MC') return t`Flight ${number}`;
    return index === 0 ? t`Outbound` : t`Return`;
  };
  return (
    <ol className="itinerary__legs">
      {flights.map((flight, index) => {
        const from = flight.segments[0]!.departureAirport;
        const to = flight.segments.at(-1)!.arrivalAirport;
        const date = formatCalendarDate(flight.departureDateTime.slice(0, 10), i18n.locale);
        const band = timeOfDayBand(localHour(flight.departureDateTime));
        const departs = flight.departureDateTime.slice(11, 16);
        const arrives = flight.arrivalDateTime.slice(11, 16);
        const stops = flight.segments.length - 1;
        return (
          <li key={flight.id} className="itinerary__leg">
            <Disclosure>
              <div className="itinerary__leg-summary">
                <span className="itinerary__leg-label">{legLabel(index)}</span>
                <span>{date}</span>
                <BandIcon band={band} />
                <AirlineLogo code={flight.marketingAirline.code} name={flight.marketingAirline.name} size={24} />
                <span>{`${from.code} ${departs} → ${to.code} ${arrives}`}</span>
                <Duration minutes={minutesOfHHMM(flight.elapsedTime)} />
                <span>{stops === 0 ? t`Direct` : <Plural value={stops} one="# stop" other="# stops" />}</span>
                <DisclosureTrigger>{t`Flight details`}</DisclosureTrigger>
              </div>
              <DisclosurePanel>
                <p className="itinerary__airline">{flight.marketingAirline.name}</p>
                <FlightDetails flight={flight} headingLevel={2} />
              </DisclosurePanel>
            </Disclosure>
          </li>
        );
      })}
    </ol>
  );
}

export interface ItineraryHeaderProps {
  session: Pick<Session, 'flights' | 'searchParams'>;
  onBack: () => void;
}

/** The itinerary header of spec 2 §2: route title, trip type, travellers, each leg with its time of day and details. */
export function ItineraryHeader({ session, onBack }: ItineraryHeaderProps) {
  const { t } = useLingui();
  const flights = session.flights ?? [];
  const first = flights[0]?.segments[0]?.departureAirport;
  const last = flights[0]?.segments.at(-1)?.arrivalAirport;
  const origin = usePlaceCity(first);
  const destination = usePlaceCity(last);
  const flightType: FlightType = session.searchParams?.flightType ?? 'OW';
  const tripTypes: Record<FlightType, string> = { RT: t`Round trip`, OW: t`One way`, MC: t`Multi-city` };
  const passengers = session.searchParams?.passengers;
  const travellers = passengers ? passengers.adults + passengers.children + passengers.infants : 0;
  return (
    <header className="itinerary">
      <div className="itinerary__top">
        <Button variant="secondary" onPress={onBack}>
          {t`Back`}
        </Button>
        <h1 className="itinerary__title">{t`${origin} to ${destination}`}</h1>
      </div>
      <p className="itinerary__meta">
        <span>{tripTypes[flightType]}</span>
        {' · '}
        <span>
          <Plural value={travellers} one="# traveller" other="# travellers" />
        </span>
      </p>
      <ItineraryLegs session={session} />
    </header>
  );
}
