import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { shownTotal } from '../../../../machines/bag-prices.ts';
import { useChosenBags } from './chosen-bags.ts';
import { airlinePriceMatrix, priceTone, type FilterCriteria, type StopsRow } from '../../../../machines/filters.rules.ts';
import type { ResultsTab } from '../../../../machines/search.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import type { FlexibleDates, FlightType, Recommendation } from '../../../contract/search.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../ui/Button.tsx';
import { DateGridHead, usePriceCalendarTab } from './PriceCalendar.tsx';
import { useAirlineName } from './airline-names.ts';

export interface PriceTrackerProps {
  tab: ResultsTab;
  flightType: FlightType;
  onTabChange: (tab: ResultsTab) => void;
  /** What the tab shows: the matrix or the flexible dates, or a placeholder while they load. */
  children: ReactNode;
}

/** Spec 1 §2: 'prices by airline' always, 'flexible dates' except for multi-city. */
export function PriceTracker({ tab, flightType, onTabChange, children }: PriceTrackerProps) {
  const { t } = useLingui();
  // The price calendar tab (issue 21), when the results page gives one: its own machine, no new search.
  const calendar = usePriceCalendarTab();
  const select = (key: Key) => {
    if (key === 'calendar') return calendar?.open();
    calendar?.close();
    onTabChange(key === 'flexible' ? 1 : 0);
  };
  const selectedKey = calendar?.isOpen ? 'calendar' : tab === 1 ? 'flexible' : 'airlines';
  return (
    <section className="price-tracker card" aria-label={t`Price tracker`}>
      <Tabs selectedKey={selectedKey} onSelectionChange={select}>
        <TabList className="tabs__list" aria-label={t`Price tracker`}>
          <Tab id="airlines" className="tabs__tab">
            {t`Prices by airline`}
          </Tab>
          {flightType !== 'MC' && (
            <Tab id="flexible" className="tabs__tab">
              {t`Flexible dates`}
            </Tab>
          )}
          {calendar && flightType !== 'MC' && (
            <Tab id="calendar" className="tabs__tab">
              {t`Price calendar`}
            </Tab>
          )}
        </TabList>
        <TabPanel id={selectedKey} className="tabs__panel">
          {selectedKey === 'calendar' ? calendar?.panel : children}
        </TabPanel>
      </Tabs>
    </section>
  );
}

export interface AirlineMatrixProps {
  data: Recommendation[];
  criteria: FilterCriteria;
  currency: CurrencyFormat;
  onPick: (airline: string, stops: StopsRow) => void;
}

/** 'Prices by airline': an airline per column, direct / one stop / two or more per row; a cell filters the list. */
export function AirlineMatrix({ data, criteria, currency, onPick }: AirlineMatrixProps) {
  const { t } = useLingui();
  const airlineName = useAirlineName(data);
  // With bags chosen, each cell is the cheapest total the cards show with them (issue 21).
  const bags = useChosenBags();
  const columns = airlinePriceMatrix(data, (recommendation) => shownTotal(recommendation, bags));
  const rows: { stops: StopsRow; label: string }[] = [
    { stops: 0, label: t`Direct` },
    { stops: 1, label: t`1 stop` },
    { stops: 2, label: t`2+ stops` },
  ];
  return (
    <div className="matrix">
      <table className="matrix__table">
        <caption className="visually-hidden">{t`Cheapest price per airline and number of stops; choose a price to show only those flights.`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Stops`}</th>
            {columns.map(({ airline }) => (
              <th key={airline} scope="col">
                {airlineName(airline)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ stops, label }) => (
            <tr key={stops}>
              <th scope="row">{label}</th>
              {columns.map(({ airline, cheapest }) => {
                const price = cheapest[stops];
                const isActive = criteria.airline === airline && criteria.stops === stops;
                return (
                  <td key={airline}>
                    {price === null ? (
                      <span aria-label={t`${airlineName(airline)}, ${label}: no flights`}>—</span>
                    ) : (
                      <Button
                        variant={isActive ? 'primary' : 'secondary'}
                        aria-pressed={isActive}
                        aria-label={t`${airlineName(airline)}, ${label}: ${formatMoney(price, currency)}`}
                        onPress={() => onPick(airline, stops)}
                      >
                        {formatMoney(price, currency)}
                      </Button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface FlexibleDatesGridProps {
  flexible: FlexibleDates;
  /** The searched outbound and return dates: their cell is marked current. */
  departureDate: string;
  returnDate: string | null;
  currency: CurrencyFormat;
  onPick: (departureDate: string, returnDate: string | null) => void;
}

/** Flexible dates (spec 1 §2): 7 days one way, a 7×7 grid round trip, coloured by the rule of spec 1 §9. */
export function FlexibleDatesGrid({ flexible, departureDate, returnDate, currency, onPick }: FlexibleDatesGridProps) {
  const { t, i18n } = useLingui();
  const totals = (flexible.type === 'OW' ? flexible.days : flexible.cells).flatMap((cell) => (cell.total === null ? [] : [cell.total]));
  const [min, max] = [Math.min(...totals), Math.max(...totals)];
  const toneNames = { cheap: t`cheapest`, normal: t`regular price`, expensive: t`most expensive` };
  const day = (date: string) => formatCalendarDate(date, i18n.locale);
  const cell = (total: number | null, label: string, isCurrent: boolean, pick: () => void) => {
    if (total === null) return <span aria-label={t`${label}: not available`}>—</span>;
    const tone = priceTone(total, min, max, flexible.type);
    const price = formatMoney(total, currency);
    return (
      <Button variant="secondary" aria-label={`${label}: ${price}, ${toneNames[tone]}`} aria-current={isCurrent ? 'date' : undefined} onPress={pick}>
        <span className={`price-tone price-tone--${tone}`}>{price}</span>
      </Button>
    );
  };
  if (flexible.type === 'OW') {
    return (
      <ul className="flexible flexible--days" aria-label={t`Prices by departure date`}>
        {flexible.days.map(({ date, total }) => (
          <li key={date} className="flexible__day">
            <span aria-hidden="true">{day(date)}</span>
            {cell(total, t`Departure ${day(date)}`, date === departureDate, () => onPick(date, null))}
          </li>
        ))}
      </ul>
    );
  }
  const departures = [...new Set(flexible.cells.map((entry) => entry.departureDate))];
  const returns = [...new Set(flexible.cells.map((entry) => entry.returnDate))];
  const totalAt = (out: string, back: string) => flexible.cells.find((entry) => entry.departureDate === out && entry.returnDate === back)?.total ?? null;
  return (
    <div className="flexible">
      <table className="flexible__grid">
        <DateGridHead returns={returns} day={day} />
        <tbody>
          {departures.map((out) => (
            <tr key={out}>
              <th scope="row">{day(out)}</th>
              {returns.map((back) => (
                <td key={back}>
                  {cell(totalAt(out, back), t`Departure ${day(out)}, return ${day(back)}`, out === departureDate && back === returnDate, () => onPick(out, back))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
