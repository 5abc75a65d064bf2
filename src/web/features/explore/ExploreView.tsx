import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import { exploreSorts, sortDestinations, type ExploreEvent, type exploreMachine, type ExploreSort } from '../../../../machines/explore.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import { formatMoney } from '../../../contract/money.ts';
import { formatCalendarDate, formatCalendarMonth } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AirportField } from '../search/AirportField.tsx';
import type { SearchOrigin } from '../search/search-form-values.ts';
import { destinationResultsUrl } from './explore-api.ts';
import '../search/search-form.css';
import './explore.css';

export type ExploreSnapshot = SnapshotFrom<typeof exploreMachine>;

export interface ExploreViewProps {
  state: ExploreSnapshot;
  send: (event: ExploreEvent) => void;
  currency: CurrencyFormat;
  /** The months offered (YYYY-MM), this one first. */
  months: readonly string[];
  /** What the results links carry on (agency address, terminal, token, language). */
  searchOrigin: SearchOrigin & { lang: string | undefined };
}

/** Explora (issue 21): an origin and a month, then the cheapest destinations from there, sortable, each leading to its results. */
export function ExploreView({ state, send, currency, months, searchOrigin }: ExploreViewProps) {
  const { t, i18n } = useLingui();
  const { origin, month, sort } = state.context;
  return (
    <div className="explore">
      <div className="explore__choice">
        <AirportField label={t`Leaving from`} value={origin} onChange={(place) => send({ type: 'explore.origin', origin: place })} />
        <Select
          label={t`Month`}
          options={months.map((id) => ({ id, label: formatCalendarMonth(id, i18n.locale) }))}
          selectedKey={month}
          onSelectionChange={(id) => send({ type: 'explore.month', month: id })}
        />
      </div>
      <ExploreAnswer state={state} send={send} currency={currency} searchOrigin={searchOrigin} monthLabel={month ? formatCalendarMonth(month, i18n.locale) : ''} sort={sort} />
    </div>
  );
}

function ExploreAnswer({ state, send, currency, searchOrigin, monthLabel, sort }: Omit<ExploreViewProps, 'months'> & { monthLabel: string; sort: ExploreSort }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { origin, destinations, language } = state.context;
  const from = origin?.description ?? '';
  if (state.matches('choosing')) return <p className="explore__note">{t`Choose where you leave from and a month to see the cheapest destinations.`}</p>;
  if (state.matches('loading')) return <Spinner label={t`Looking for the cheapest destinations…`} />;
  if (state.matches('failed')) {
    return (
      <div className="explore__note" role="alert">
        <p>{t`The destinations could not be loaded.`}</p>
        <Button variant="secondary" onPress={() => send({ type: 'explore.retry' })}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  if (state.matches('empty') || !origin) return <p className="explore__note">{t`No flights are sold from ${from} in ${monthLabel}. Try another month.`}</p>;
  const sortNames: Record<ExploreSort, string> = { price: t`Price`, destination: t`Destination`, date: t`Date` };
  // A plain click follows the link inside the app; a modified one (new tab) is the browser's.
  const follow = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  const listLabel = t`Cheapest one-way flights from ${from} in ${monthLabel}`;
  return (
    <section className="explore__answer" aria-label={listLabel}>
      <div className="explore__toolbar">
        <p className="explore__intro">{t`Cheapest one-way price per destination for one adult, and its date. Choose one to see its flights.`}</p>
        <RadioGroup label={t`Sort by`} orientation="horizontal" value={sort} onChange={(value) => send({ type: 'explore.sort', sort: value as ExploreSort })}>
          {exploreSorts.map((option) => (
            <Radio key={option} value={option}>
              {sortNames[option]}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      <ol className="explore__list" aria-label={listLabel}>
        {sortDestinations(destinations, sort, language).map((destination) => {
          const href = destinationResultsUrl(origin.code, destination, searchOrigin);
          return (
            <li key={destination.code}>
              <a className="explore__row" href={href} onClick={(event) => follow(event, href)}>
                <span className="explore__place">
                  <span className="explore__city">
                    {destination.cityName} <span className="explore__code">{destination.code}</span>
                  </span>
                  <span className="explore__airport">
                    {destination.airportName}, {destination.countryName}
                  </span>
                </span>
                <span className="explore__price">{formatMoney(destination.total, currency)}</span>
                <span className="explore__date">{formatCalendarDate(destination.date, i18n.locale)}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
