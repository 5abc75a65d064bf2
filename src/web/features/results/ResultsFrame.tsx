import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatCalendarDate } from '../../lib/dates.ts';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { StatusPage } from '../layout/StatusPage.tsx';
import { Link } from '../../ui/Link.tsx';
import type { FlightType, SearchRequest } from '../../../contract/search.ts';
import { useCurrentEngine, useCurrentTerminalId } from '../layout/useCurrentEngine.ts';
import { cardAudience } from './card/audience.ts';
import { buildResultsUrl, sameTripFromToday, type ChosenCabin, type ResultsSearchState, type ResultsUrlProblem, type ResultsUrlReading } from './results-url.ts';
import { todayInLima } from '../../lib/dates.ts';
import { usePassengersSummary } from '../search/PassengersField.tsx';
import { Button } from '../../ui/Button.tsx';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { withQueryValue } from '../../lib/url.ts';
import { ResultsPage } from './ResultsPage.tsx';
import { searchRequestOf } from './search-api.ts';
import { SummarySearchForm } from './SummarySearchForm.tsx';
import { PhoneDisclosure } from './PhoneResults.tsx';
import { keptFirstPaint } from '../layout/first-paint.ts';
import { useAirlineNameOf, useCityNames } from '../search/place-names.tsx';

/** The results screen: step 0, the search summary and its form, then the search's results. */
export function ResultsFrame({ reading }: { reading: ResultsUrlReading }) {
  const terminalId = useCurrentTerminalId();
  // A stale or shared link whose first date has passed: the same trip from today is offered, not searched unasked.
  const movedToToday = reading.search ? sameTripFromToday(reading.search, todayInLima()) : null;
  const search = movedToToday ? null : (reading.search ?? null);
  const request = search ? searchRequestOf(search, terminalId) : null;
  if (!search || !request) {
    const problem = reading.problem ?? { kind: 'pastDate' as const };
    return <UnreadableSearch problem={problem} corrected={movedToToday ?? reading.corrected ?? null} />;
  }
  return <SearchedTrip search={search} request={request} />;
}

/** The results of a readable search, under its title. */
function SearchedTrip({ search, request }: { search: ResultsSearchState; request: SearchRequest }) {
  const title = useResultsTitle(search);
  return (
    <BookingStepPage step={0} title={title}>
      <SearchSummary search={search} />
      {/* Another search on the same route is a new page: a fresh search actor and filters. */}
      <ResultsPage key={buildResultsUrl(search)} search={search} request={request} />
    </BookingStepPage>
  );
}

/**
 * A results address that describes no trip to search, saying which part is wrong (spec 1 §5's rules)
 * and, where the address most likely meant one, offering that search.
 */
export function UnreadableSearch({ problem, corrected }: { problem: ResultsUrlProblem; corrected: ResultsSearchState | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const lang = useSearch({ strict: false, select: (query) => (query as { lang?: string }).lang });
  const correctedParty = usePassengersSummary(corrected?.passengers ?? { adults: 1, children: 0, infants: 0 });
  const reasons: Record<ResultsUrlProblem['kind'], string> = {
    airport: problem.kind === 'airport' ? t`“${problem.code}” is not an airport or city code: codes have three letters, like LIM.` : '',
    date: problem.kind === 'date' ? t`“${problem.date}” is not a date of the calendar.` : '',
    dateOrder: t`Each date must be the same as or later than the one before it.`,
    legs: t`A multi-city trip needs as many origins, destinations and dates, from 2 to 5 flights.`,
    passengers: '',
    pastDate: t`The dates of this search have passed.`,
    sameAirport: problem.kind === 'sameAirport' ? t`The trip starts and ends at “${problem.code}”: the origin and the destination must be different places.` : '',
  };
  const passengerRules = {
    counts: t`At least one adult travels, and each number of travellers is a whole number.`,
    seats: t`A booking holds at most 9 seated travellers (adults and children).`,
    infants: t`Each infant travels on an adult's lap: no more infants than adults, and at most 4.`,
  };
  const reason = problem.kind === 'passengers' ? passengerRules[problem.rule] : reasons[problem.kind];
  const first = corrected?.itinerary[0];
  return (
    <StatusPage
      tone="warning"
      title={t`We could not read this search`}
      actions={
        <>
          {corrected && (
            <Button onPress={() => void navigate({ href: withQueryValue(buildResultsUrl(corrected), 'lang', lang) })}>
              {problem.kind === 'pastDate' && first
                ? t`Search the same trip from ${formatCalendarDate(first.date, i18n.locale)}`
                : t`Search for ${correctedParty}`}
            </Button>
          )}
          <Link to="/" variant={corrected ? 'secondary' : 'primary'}>
            {t`Go to the main page`}
          </Link>
        </>
      }
    >
      <p>{reason}</p>
    </StatusPage>
  );
}

/** "Flights from Lima to Cusco": the route by its cities' names in the page's language (also the tab's title). */
function useResultsTitle(search: ResultsSearchState): string {
  const { t } = useLingui();
  const [first] = search.itinerary;
  const { cityOf, isSettled } = useCityNames(first ? [first.origin, first.destination] : []);
  if (search.flightType === 'MC' || !first) return t`Flights for your multi-city trip`;
  // The server painted this title with the cities' names: it stays until the airport calls have answered.
  const painted = keptFirstPaint();
  if (!isSettled && painted?.kind === 'results') return painted.heading;
  return t`Flights from ${cityOf(first.origin)} to ${cityOf(first.destination)}`;
}

function SearchSummary({ search }: { search: ResultsSearchState }) {
  const { t, i18n } = useLingui();
  const { cityOf } = useCityNames(search.itinerary.flatMap((leg) => [leg.origin, leg.destination]));
  const airlineName = useAirlineNameOf(search.airline);
  // The note promises only what the cards show: commission is for US agencies (spec 1 §4).
  const audience = cardAudience(useCurrentEngine(), search.business);
  const place = (code: string) => (cityOf(code) === code ? code : `${cityOf(code)} (${code})`);
  const flightTypeNames: Record<FlightType, string> = { OW: t`One way`, RT: t`Round trip`, MC: t`Multi-city` };
  const cabinNames: Record<ChosenCabin, string> = { Y: t`Economy`, W: t`Premium economy`, C: t`Business`, F: t`First` };
  const legName = (index: number) => {
    if (search.flightType === 'MC') return t`Flight ${index + 1}`;
    return index === 0 ? t`Outbound flight` : t`Return flight`;
  };
  const { adults, children, infants } = search.passengers;
  return (
    <section className="card search-summary" aria-labelledby="search-summary-title">
      <h2 id="search-summary-title">{t`Your search`}</h2>
      <PhoneDisclosure label={t`Search details`}>
        <dl>
          <dt>{t`Trip`}</dt>
          <dd>{flightTypeNames[search.flightType]}</dd>
          <dt>{t`Itinerary`}</dt>
          <dd>
            <ol className="search-summary__legs">
              {search.itinerary.map((leg, index) => (
                <li key={`${leg.origin}-${leg.destination}-${leg.date}`}>
                  <strong>{legName(index)}</strong> {place(leg.origin)} → {place(leg.destination)},{' '}
                  <time dateTime={leg.date}>{formatCalendarDate(leg.date, i18n.locale)}</time>
                </li>
              ))}
            </ol>
          </dd>
          <dt>{t`Passengers`}</dt>
          <dd>
            <Plural value={adults} one="# adult" other="# adults" />
            {children > 0 && (
              <>
                , <Plural value={children} one="# child" other="# children" />
              </>
            )}
            {infants > 0 && (
              <>
                , <Plural value={infants} one="# infant" other="# infants" />
              </>
            )}
          </dd>
          <dt>{t`Cabin`}</dt>
          <dd>{search.cabinType ? cabinNames[search.cabinType] : t`Any cabin`}</dd>
          {airlineName && (
            <>
              <dt>{t`Airline`}</dt>
              <dd>{airlineName}</dd>
            </>
          )}
          {search.corporateCode && (
            <>
              <dt>{t`Corporate code`}</dt>
              <dd>{search.corporateCode}</dd>
            </>
          )}
        </dl>
        {audience.isAgencyView && (
          <p className="search-summary__note">
            {audience.showsCommission ? (
              <Trans>Agency mode: prices show commission, charges and the per-passenger breakdown.</Trans>
            ) : (
              <Trans>Agency mode: prices show charges and the per-passenger breakdown.</Trans>
            )}
          </p>
        )}
      </PhoneDisclosure>
      <SummarySearchForm key={buildResultsUrl(search)} search={search} />
    </section>
  );
}
