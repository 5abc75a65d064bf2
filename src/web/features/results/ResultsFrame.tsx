import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatCalendarDate } from '../../lib/dates.ts';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { StatusPage } from '../layout/StatusPage.tsx';
import { Link } from '../../ui/Link.tsx';
import type { FlightType } from '../../../contract/search.ts';
import { useCurrentTerminalId } from '../layout/useCurrentEngine.ts';
import { buildResultsUrl, type ChosenCabin, type ResultsSearchState } from './results-url.ts';
import { ResultsPage } from './ResultsPage.tsx';
import { searchRequestOf } from './search-api.ts';
import { SummarySearchForm } from './SummarySearchForm.tsx';
import { PhoneDisclosure } from './PhoneResults.tsx';

/** The results screen: step 0, the search summary and its form, then the search's results. */
export function ResultsFrame({ search }: { search: ResultsSearchState | null }) {
  const { t } = useLingui();
  const terminalId = useCurrentTerminalId();
  const request = search ? searchRequestOf(search, terminalId) : null;
  if (!search || !request) {
    return (
      <StatusPage
        tone="warning"
        title={t`We could not read this search`}
        actions={
          <Link to="/" variant="primary">
            {t`Go to the main page`}
          </Link>
        }
      >
        <p>{t`Please enter the search parameters correctly.`}</p>
      </StatusPage>
    );
  }
  const [first] = search.itinerary;
  const title =
    search.flightType === 'MC' || !first ? t`Flights for your multi-city trip` : t`Flights from ${first.origin} to ${first.destination}`;
  return (
    <BookingStepPage step={0} title={title}>
      <SearchSummary search={search} />
      {/* Another search on the same route is a new page: a fresh search actor and filters. */}
      <ResultsPage key={buildResultsUrl(search)} search={search} request={request} />
    </BookingStepPage>
  );
}

function SearchSummary({ search }: { search: ResultsSearchState }) {
  const { t, i18n } = useLingui();
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
                  <strong>{legName(index)}</strong> {leg.origin} → {leg.destination},{' '}
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
          {search.airline && (
            <>
              <dt>{t`Airline`}</dt>
              <dd>{search.airline}</dd>
            </>
          )}
          {search.corporateCode && (
            <>
              <dt>{t`Corporate code`}</dt>
              <dd>{search.corporateCode}</dd>
            </>
          )}
        </dl>
        {search.business && (
          <p className="search-summary__note">
            <Trans>Agency mode: prices show commission, charges and the per-passenger breakdown.</Trans>
          </p>
        )}
      </PhoneDisclosure>
      <SummarySearchForm key={buildResultsUrl(search)} search={search} />
    </section>
  );
}
