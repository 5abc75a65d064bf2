import { useId } from 'react';
import { FieldSelect } from './FieldSelect.tsx';
import './form-fields.css';

export interface DateParts {
  year?: number | undefined;
  month?: number | undefined;
  day?: number | undefined;
}

export interface DateSelectsProps {
  legend: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  /** Years in display order (e.g. newest first), then the months and days allowed for the chosen parts. */
  years: number[];
  months: number[];
  days: number[];
  labels: { day: string; month: string; year: string };
  /** Month names by number (1–12). */
  monthName: (month: number) => string;
  errorMessage?: string | undefined;
  isRequired?: boolean;
}

/** A date as three selects (day, month, year) in one fieldset; the caller limits the options. */
export function DateSelects({ legend, value, onChange, years, months, days, labels, monthName, errorMessage, isRequired }: DateSelectsProps) {
  const errorId = useId();
  const invalidWith = errorMessage ? errorId : undefined;
  const asNumber = (text: string) => (text === '' ? undefined : Number(text));
  return (
    <fieldset className="date-selects">
      <legend className="date-selects__legend">{legend}</legend>
      <div className="date-selects__row">
        <FieldSelect
          label={labels.day}
          value={value.day === undefined ? '' : String(value.day)}
          options={days.map((day) => ({ value: String(day), label: String(day) }))}
          onChange={(text) => onChange({ ...value, day: asNumber(text) })}
          invalidWith={invalidWith}
          isRequired={isRequired ?? false}
        />
        <FieldSelect
          label={labels.month}
          value={value.month === undefined ? '' : String(value.month)}
          options={months.map((month) => ({ value: String(month), label: monthName(month) }))}
          onChange={(text) => onChange({ ...value, month: asNumber(text) })}
          invalidWith={invalidWith}
          isRequired={isRequired ?? false}
        />
        <FieldSelect
          label={labels.year}
          value={value.year === undefined ? '' : String(value.year)}
          options={years.map((year) => ({ value: String(year), label: String(year) }))}
          onChange={(text) => onChange({ ...value, year: asNumber(text) })}
          invalidWith={invalidWith}
          isRequired={isRequired ?? false}
        />
      </div>
      {errorMessage && (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      )}
    </fieldset>
  );
}
