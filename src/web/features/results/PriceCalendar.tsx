import { createContext, useContext, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { barsOf, type PriceCalendarEvent, type priceCalendarMachine, type PriceCalendarView as PriceCalendarViewName } from '../../../../machines/price-calendar.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { PriceBand, PriceCalendar } from '../../../contract/price-calendar.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { BAND_MARKS, PriceBandsLegend, useBandNames } from './price-bands.tsx';
import './price-calendar.css';

export type PriceCalendarSnapshot = SnapshotFrom<typeof priceCalendarMachine>;

/**
 * The price tracker's calendar tab (issue 21), given by the results page: whether it is the open tab, how to
 * open and close it, and what it shows. Absent (multi-city, stories of other views): the tracker has no such tab.
 */
export interface PriceCalendarTab {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  panel: ReactNode;
}
export const PriceCalendarTabContext = createContext<PriceCalendarTab | null>(null);
export const usePriceCalendarTab = () => useContext(PriceCalendarTabContext);

interface PricedEntryProps {
  total: number | null;
  band: PriceBand | null;
  label: string;
  isCurrent: boolean;
  currency: CurrencyFormat;
  onPick: () => void;
  /** The bar graph's bar height, 0–1 of the dearest day; absent in the grid. */
  height?: number;
  children?: ReactNode;
}

/** One day or pair: a button with its price and band (words in its name, a mark on screen), or a dash when nothing is sold. */
function PricedEntry({ total, band, label, isCurrent, currency, onPick, height, children }: PricedEntryProps) {
  const { t } = useLingui();
  const names = useBandNames();
  if (total === null || band === null) {
    return (
      <span className="price-calendar__none" aria-label={t`${label}: no flights`}>
        {children}—
      </span>
    );
  }
  const price = formatMoney(total, currency);
  return (
    <Button variant="secondary" aria-label={`${label}: ${price}, ${names[band]}`} aria-current={isCurrent ? 'date' : undefined} onPress={onPick}>
      {children}
      {height !== undefined && <span className={`price-calendar__bar price-band--${band}`} style={{ height: `${Math.round(20 + height * 80)}%` }} aria-hidden="true" />}
      <span className={`price-calendar__price price-band price-band--${band}`}>
        <span aria-hidden="true">{BAND_MARKS[band]}</span> {price}
      </span>
    </Button>
  );
}

interface CalendarProps {
  currency: CurrencyFormat;
  send: (event: PriceCalendarEvent) => void;
  date: string;
  returnDate: string | null;
}

/** A bar per departure day over the 61 days, its height the price: one way, or a round trip at the chosen stay. */
function BarGraph({ calendar, currency, send, date, returnDate }: CalendarProps & { calendar: PriceCalendar }) {
  const { t, i18n } = useLingui();
  const bars = barsOf(calendar);
  const totals = bars.flatMap((bar) => (bar.total === null ? [] : [bar.total]));
  const [min, max] = [Math.min(...totals), Math.max(...totals)];
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'narrow', timeZone: 'UTC' });
  const day = (iso: string) => formatCalendarDate(iso, i18n.locale);
  const stayNights = calendar.type === 'RT' ? calendar.stayNights : 0;
  const title = calendar.type === 'OW' ? t`Cheapest price per departure day` : t`Cheapest round trip per departure day, staying ${plural(stayNights, { one: '# night', other: '# nights' })}`;
  return (
    <ol className="price-calendar__bars" aria-label={title}>
      {bars.map((bar) => {
        const label = bar.returnDate === null ? t`Departure ${day(bar.date)}` : t`Departure ${day(bar.date)}, return ${day(bar.returnDate)}`;
        const height = bar.total === null || max === min ? 1 : (bar.total - min) / (max - min);
        return (
          <li key={bar.date} className="price-calendar__day">
            <PricedEntry
              total={bar.total}
              band={bar.band}
              label={label}
              isCurrent={bar.date === date && bar.returnDate === returnDate}
              currency={currency}
              height={height}
              onPick={() => send({ type: 'calendar.pick', departureDate: bar.date, returnDate: bar.returnDate })}
            />
            <span className="price-calendar__date" aria-hidden="true">
              {weekday.format(new Date(`${bar.date}T00:00:00Z`))} {Number(bar.date.slice(8))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Round trip: a week of departures (rows) by the returns a stay later (columns), paged week by week. */
function WeekGrid({ calendar, week, currency, send, date, returnDate }: CalendarProps & { calendar: Extract<PriceCalendar, { type: 'RT' }>; week: number }) {
  const { t, i18n } = useLingui();
  const shown = calendar.weeks[week];
  if (!shown) return null;
  const day = (iso: string) => formatCalendarDate(iso, i18n.locale);
  const pairAt = (out: string, back: string) => shown.pairs.find((pair) => pair.departureDate === out && pair.returnDate === back);
  const first = shown.departures[0] ?? '';
  const last = shown.departures[shown.departures.length - 1] ?? '';
  return (
    <div className="price-calendar__week">
      <div className="price-calendar__pager">
        <Button variant="secondary" isDisabled={week === 0} onPress={() => send({ type: 'week.previous' })}>
          {t`Previous week`}
        </Button>
        <output aria-live="polite">{t`Departures ${day(first)} – ${day(last)}`}</output>
        <Button variant="secondary" isDisabled={week === calendar.weeks.length - 1} onPress={() => send({ type: 'week.next' })}>
          {t`Next week`}
        </Button>
      </div>
      <table className="price-calendar__grid">
        <DateGridHead returns={shown.returns} day={day} />
        <tbody>
          {shown.departures.map((out) => (
            <tr key={out}>
              <th scope="row">{day(out)}</th>
              {shown.returns.map((back) => {
                const pair = pairAt(out, back);
                return (
                  <td key={back}>
                    <PricedEntry
                      total={pair?.total ?? null}
                      band={pair?.band ?? null}
                      label={t`Departure ${day(out)}, return ${day(back)}`}
                      isCurrent={out === date && back === returnDate}
                      currency={currency}
                      onPick={() => send({ type: 'calendar.pick', departureDate: out, returnDate: back })}
                    />
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

export interface PriceCalendarViewProps {
  state: PriceCalendarSnapshot;
  currency: CurrencyFormat;
  send: (event: PriceCalendarEvent) => void;
}

/** The calendar tab: prices around the chosen dates ± 30 days, or what stands in for them. */
export function PriceCalendarView({ state, currency, send }: PriceCalendarViewProps) {
  const { t } = useLingui();
  const { calendar, week, view, request } = state.context;
  if (state.matches('loading') || state.matches('closed')) return <p className="price-tracker__loading">{t`Looking for prices…`}</p>;
  if (state.matches('failed')) {
    return (
      <div className="price-calendar__problem" role="alert">
        <p>{t`The price calendar could not be loaded.`}</p>
        <Button variant="secondary" onPress={() => send({ type: 'calendar.retry' })}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  if (state.matches('empty') || !calendar) return <p className="price-calendar__problem">{t`No flights are sold in the 30 days around these dates.`}</p>;
  const props = { currency, send, date: request.date, returnDate: request.returnDate };
  return (
    <div className="price-calendar">
      <p className="price-calendar__intro">
        {calendar.type === 'OW' ? t`Cheapest price per departure day, 30 days either side. Choose a day to search it.` : t`Cheapest round trip per pair of dates. Choose a price to search those dates.`}
      </p>
      <PriceBandsLegend />
      {calendar.type === 'RT' && (
        <RadioGroup label={t`Show the round trips as`} orientation="horizontal" value={view} onChange={(chosen) => send({ type: 'view.choose', view: chosen as PriceCalendarViewName })}>
          <Radio value="grid">{t`Grid`}</Radio>
          <Radio value="graph">{t`Graph`}</Radio>
        </RadioGroup>
      )}
      {calendar.type === 'RT' && view === 'grid' ? <WeekGrid calendar={calendar} week={week} {...props} /> : <BarGraph calendar={calendar} {...props} />}
    </div>
  );
}

/** The caption and column heads of a departure × return price grid (the flexible dates and the price calendar's week). */
export function DateGridHead({ returns, day }: { returns: readonly string[]; day: (iso: string) => string }) {
  const { t } = useLingui();
  return (
    <>
      <caption className="visually-hidden">{t`Rows are departure dates, columns return dates; choose a price to search those dates.`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Departure / return`}</th>
          {returns.map((back) => (
            <th key={back} scope="col">
              {day(back)}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
