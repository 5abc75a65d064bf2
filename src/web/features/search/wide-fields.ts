/**
 * The search form's fields a phone hides until "More search options" (or the problem dialog) shows them:
 * one chunk, loaded when they first show (use-wide-fields.ts), so a phone's first load does not carry the
 * date pickers, their calendars and the airport autocompletes (issue 15).
 */
export { AirlineField } from './AirlineField.tsx';
export { AirportField } from './AirportField.tsx';
export { DateField, DateRangeField } from './DateField.tsx';
export { MultiCityLegs } from './MultiCityLegs.tsx';
