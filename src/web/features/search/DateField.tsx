import { useContext, useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  DateRangePickerStateContext,
  Button,
  Calendar,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { DatePricesStatus, PricedCell } from './DatePrices.tsx';

/** Month navigation and the day grid, shared by the single-date and the range calendars; days show prices when the form gives them (DatePricesContext). */
function CalendarBody() {
  const { t } = useLingui();
  return (
    <>
      <header className="calendar__header">
        <Button slot="previous" className="calendar__nav" aria-label={t`Previous month`}>
          ‹
        </Button>
        <Heading className="calendar__heading" />
        <Button slot="next" className="calendar__nav" aria-label={t`Next month`}>
          ›
        </Button>
      </header>
      <CalendarGrid className="calendar__grid">{(date) => <PricedCell date={date} />}</CalendarGrid>
      <DatePricesStatus />
    </>
  );
}

const segments = (slot?: 'start' | 'end') => (
  // A range picker fills its two inputs by slot; a single-date picker's input takes no slot at all.
  <DateInput {...(slot ? { slot } : {})} className="date-field__input">
    {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
  </DateInput>
);

/**
 * The calendar's button: a drawn icon (an emoji is an empty box where no emoji font is installed, issue 37);
 * its name ("Calendar", "Calendario" with the field's label) comes from the date picker.
 */
function CalendarButton() {
  return (
    <Button className="date-field__button">
      <svg className="date-field__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <rect x="7" y="13" width="3" height="3" rx="0.5" fill="currentColor" />
      </svg>
    </Button>
  );
}

const dateOrNull = (isoDate: string | null): CalendarDate | null => (isoDate ? parseDate(isoDate) : null);

export interface DateFieldProps {
  label: string;
  value: string | null;
  /** Today in America/Lima: earlier days cannot be chosen (spec 1 §5). */
  today: string;
  onChange: (isoDate: string | null) => void;
}

/** One date (one way, or a multi-city leg): typed segment by segment or picked in the calendar. */
export function DateField({ label, value, today, onChange }: DateFieldProps) {
  const { t } = useLingui();
  const calendarLabel = t`Calendar: ${label}`;
  return (
    <DatePicker
      className="date-field"
      value={dateOrNull(value)}
      minValue={parseDate(today)}
      onChange={(date) => onChange(date ? date.toString() : null)}
    >
      <Label className="field__label">{label}</Label>
      <Group className="field__input date-field__group">
        {segments()}
        <CalendarButton />
      </Group>
      <Popover className="calendar__popover">
        <Dialog className="calendar" aria-label={calendarLabel}>
          <Calendar>
            <CalendarBody />
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

export interface DateRangeFieldProps {
  label: string;
  startDate: string | null;
  endDate: string | null;
  today: string;
  onChange: (startDate: string | null, endDate: string | null) => void;
}

/**
 * A range picker tells only complete ranges. This keeps a departure on its own in step with the form:
 * one typed without a return reaches the form (so Search can say the return date is missing, spec 1),
 * and a departure chosen before (one way, then round trip) shows in the start field.
 */
function PartialRange({ startDate, onStart }: { startDate: string | null; onStart: (start: string | null) => void }) {
  const state = useContext(DateRangePickerStateContext);
  const shownStart = state?.value?.start?.toString() ?? null;
  const hasEnd = Boolean(state?.value?.end);
  const reported = useRef<string | null>(null);
  const arrived = useRef(false);
  const fieldStart = state?.value?.start;
  useEffect(() => {
    // Only on arrival: afterwards the field is the traveller's.
    if (arrived.current) return;
    arrived.current = true;
    if (state && startDate && !fieldStart) state.setDateTime('start', parseDate(startDate));
  }, [state, startDate, fieldStart]);
  useEffect(() => {
    if (hasEnd || shownStart === reported.current) return;
    // A departure typed alone, or cleared after being typed.
    if (shownStart !== null || reported.current !== null) onStart(shownStart);
    reported.current = shownStart;
  }, [shownStart, hasEnd, onStart]);
  return null;
}

/** Outbound and return dates of a round trip, as one range. */
export function DateRangeField({ label, startDate, endDate, today, onChange }: DateRangeFieldProps) {
  const { t } = useLingui();
  const calendarLabel = t`Calendar: ${label}`;
  const start = dateOrNull(startDate);
  const end = dateOrNull(endDate);
  return (
    <DateRangePicker
      className="date-field"
      value={start && end ? { start, end } : null}
      minValue={parseDate(today)}
      onChange={(range) => onChange(range?.start.toString() ?? null, range?.end.toString() ?? null)}
    >
      <PartialRange startDate={startDate} onStart={(departure) => onChange(departure, null)} />
      <Label className="field__label">{label}</Label>
      <Group className="field__input date-field__group">
        {segments('start')}
        <span aria-hidden="true">–</span>
        {segments('end')}
        <CalendarButton />
      </Group>
      <Popover className="calendar__popover">
        <Dialog className="calendar" aria-label={calendarLabel}>
          <RangeCalendar>
            <CalendarBody />
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  );
}
