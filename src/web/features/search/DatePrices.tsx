import { useContext, useEffect, useEffectEvent, useId, useLayoutEffect, useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CalendarDate } from '@internationalized/date';
import { CalendarCell, CalendarStateContext, RangeCalendarStateContext } from 'react-aria-components';
import { datePricesKey } from '../../../../machines/date-prices.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import { formatMoney } from '../../../contract/money.ts';
import { daysBetweenIsoDates } from '../../../contract/iso-date.ts';
import type { PriceBand } from '../../../contract/price-calendar.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { BAND_MARKS, PriceBandsLegend, useBandNames } from '../results/price-bands.tsx';
import { DatePricesContext } from './date-prices-binding.ts';

/** A day's price in a calendar cell: whole units, the mask's symbol only ($ of US$), thousands as k. */
export function compactPrice(total: number, currency: CurrencyFormat): string {
  const symbol = currency.mask.endsWith('$') ? '$' : currency.mask;
  const whole = Math.round(total);
  return whole < 1000 ? `${symbol}${whole}` : `${symbol}${(whole / 1000).toFixed(1).replace('.', currency.decimalSeparator)}k`;
}

/**
 * A priced day's price under its number. On screen it is drawn by CSS (`data-price`), so the day's button keeps
 * its date as the only text (react-aria names it by the date); the full price and band describe the button.
 */
function DayPrice({ total, band, currency }: { total: number; band: PriceBand; currency: CurrencyFormat }) {
  const names = useBandNames();
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  // After every render: react-aria sets the button's own descriptions (a range's hint) when it re-renders it.
  useLayoutEffect(() => {
    const button = ref.current?.parentElement;
    if (!button) return undefined;
    const ids = (button.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    if (!ids.includes(id)) button.setAttribute('aria-describedby', [...ids, id].join(' '));
    return () => {
      const rest = (button.getAttribute('aria-describedby') ?? '').split(' ').filter((each) => each !== '' && each !== id);
      if (rest.length > 0) button.setAttribute('aria-describedby', rest.join(' '));
      else button.removeAttribute('aria-describedby');
    };
  });
  return (
    <>
      <span className={`calendar__price price-band--${band}`} data-price={`${BAND_MARKS[band]}${compactPrice(total, currency)}`} aria-hidden="true" />
      <span ref={ref} id={id} hidden>
        {formatMoney(total, currency)}, {names[band]}
      </span>
    </>
  );
}

/** The nights a round trip's departure days are priced with before any range is chosen. */
const DEFAULT_ROUND_TRIP_STAY = 7;

/**
 * What the open calendar asks about: the form's route, the month shown and, choosing a round trip's return,
 * the departure just chosen (null without a route); and that question's prices once answered. Derived from
 * the calendar itself, so a day never shows a price of another route or month.
 */
function useShownPrices() {
  const binding = useContext(DatePricesContext);
  const single = useContext(CalendarStateContext);
  const range = useContext(RangeCalendarStateContext);
  const month = (single ?? range)?.visibleRange.start.toString().slice(0, 7) ?? null;
  const departure = range?.anchorDate?.toString() ?? null;
  // A round trip's departure days are priced as round trips: at the stay of the range chosen, else a week (issue 37).
  const chosen = range?.value;
  const stayNights = range && departure === null ? (chosen ? daysBetweenIsoDates(chosen.start.toString(), chosen.end.toString()) : DEFAULT_ROUND_TRIP_STAY) : null;
  const query = binding?.route && month ? { ...binding.route, month, departure, stayNights } : null;
  const key = query ? datePricesKey(query) : null;
  const prices = binding && key ? binding.state.context.months[key] : undefined;
  return { binding, query, key, departure, stayNights, prices };
}

/** A day of the picker: its number, and its price when the shown month has one for it. */
export function PricedCell({ date }: { date: CalendarDate }) {
  const { binding, prices } = useShownPrices();
  const day = prices?.[date.toString()];
  return (
    <CalendarCell date={date} className="calendar__cell">
      {({ formattedDate, isDisabled, isOutsideMonth }) => (
        <>
          <span>{formattedDate}</span>
          {binding && day && !isDisabled && !isOutsideMonth && <DayPrice total={day.total} band={day.band} currency={binding.currency} />}
        </>
      )}
    </CalendarCell>
  );
}

/**
 * Asks for the prices of the month the calendar shows (and, choosing a round trip's return, of the returns
 * paired with the departure just chosen), and says what the prices are: loading, or the bands' legend.
 */
export function DatePricesStatus() {
  const { t, i18n } = useLingui();
  const { binding, query, key, departure, stayNights, prices } = useShownPrices();
  // Asked again only when the month, departure or route changes (the key), not on every render.
  const show = useEffectEvent((shownKey: string | null) => {
    if (shownKey !== null && query && binding) binding.send({ type: 'prices.show', query });
  });
  useEffect(() => show(key), [key]);
  if (!binding?.route) return null;
  const priced = prices !== undefined && Object.keys(prices).length > 0;
  let note = '';
  if (binding.state.matches('loading')) note = t`Looking for prices…`;
  else if (priced && departure) note = t`Round-trip price with departure on ${formatCalendarDate(departure, i18n.locale)}`;
  else if (priced && stayNights !== null) note = t`Cheapest round-trip price per departure day, for a stay of ${plural(stayNights, { one: '# night', other: '# nights' })}`;
  else if (priced) note = t`Cheapest one-way price per day`;
  // The same height whatever it says: the calendar must not move under a press (choosing a departure asks anew).
  return (
    <div className="calendar__prices" aria-live="polite">
      <p className="calendar__prices-note">{note}</p>
      <div className={priced ? undefined : 'calendar__prices-legend--none'}>
        <PriceBandsLegend />
      </div>
    </div>
  );
}
