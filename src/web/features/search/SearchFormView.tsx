import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Form, I18nProvider, Input, Label, TextField } from 'react-aria-components';
import type { SnapshotFrom } from 'xstate';
import type { SearchFormEvent, searchFormMachine } from '../../../../machines/search-form.machine.ts';
import type { CabinCode, FlightType } from '../../../contract/search.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/media.ts';
import { DatePricesContext, type DatePricesBinding } from './date-prices-binding.ts';
import { PassengersField } from './PassengersField.tsx';
import { SearchProblemDialog } from './SearchProblemDialog.tsx';
import { ariaLocaleOf, useLanguage } from './use-language.ts';
import { isPhoneWindow, loadWideFields, useWideFields } from './use-wide-fields.ts';
import './search-form.css';

// A wide window shows every field at once: the form's module waits for them, so it never draws without them.
if (!isPhoneWindow()) await loadWideFields();

export type SearchFormSnapshot = SnapshotFrom<typeof searchFormMachine>;

export interface SearchFormViewProps {
  state: SearchFormSnapshot;
  send: (event: SearchFormEvent) => void;
  /** The date picker's prices (issue 21); absent: the picker shows days only. */
  datePrices?: DatePricesBinding;
}

/** Only LATAM sells corporate fares by code (spec 1 §2). */
const CORPORATE_AIRLINE = 'LA';

/**
 * The flight search form. Everything it shows is the search form machine's snapshot and everything
 * it does is an event. On narrow screens only the passengers and the search button show (spec 1 §2):
 * the other fields carry `search-form__field--wide`, and a toggle (shown on phones only) reveals them,
 * as it does after the problem dialog, so a phone user can always complete the search. Those fields'
 * code loads when they first show (use-wide-fields.ts), and none of them is drawn before: a phone's first
 * load and render do without them.
 */
export function SearchFormView({ state, send, datePrices }: SearchFormViewProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const [showsAllFields, setShowsAllFields] = useState(false);
  const isPhone = useMediaQuery(PHONE_WIDTH);
  const fields = useWideFields(showsAllFields || !isPhone);
  const values = state.context;
  const isMultiCity = values.flightType === 'MC';
  const tripTypes: { id: FlightType; label: string }[] = [
    { id: 'RT', label: t`Round trip` },
    { id: 'OW', label: t`One way` },
    { id: 'MC', label: t`Multi-city` },
  ];
  const cabins: { id: CabinCode; label: string }[] = [
    { id: 'I', label: t`Any cabin` },
    { id: 'Y', label: t`Economy` },
    { id: 'W', label: t`Premium economy` },
    { id: 'C', label: t`Business` },
    { id: 'F', label: t`First` },
  ];
  return (
    <I18nProvider locale={ariaLocaleOf(language)}>
      <Form
        className="search-form"
        // The form's own checks answer every problem with the spec's messages (findSearchProblem); the
        // browser's native check would silently refuse a typed past date, in the browser's language.
        validationBehavior="aria"
        data-expanded={showsAllFields || undefined}
        aria-label={t`Flight search`}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'search.submit' });
        }}
      >
        <div className="search-form__field--wide">
          {fields && (
            <Select label={t`Trip type`} options={tripTypes} selectedKey={values.flightType} onSelectionChange={(flightType) => send({ type: 'trip.type', flightType })} />
          )}
        </div>
        {isMultiCity ? (
          <div className="search-form__legs search-form__field--wide">
            {fields && (
              <fields.MultiCityLegs
                legs={values.legs}
                today={values.today}
                onChange={(index, changes) => send({ type: 'leg.change', index, changes })}
                onAdd={() => send({ type: 'leg.add' })}
                onRemove={() => send({ type: 'leg.remove' })}
              />
            )}
          </div>
        ) : (
          <>
            <div className="search-form__places search-form__field--wide">
              {fields && (
                <>
                  <fields.AirportField label={t`Origin`} value={values.origin} onChange={(place) => send({ type: 'origin.select', place })} />
                  <Button variant="secondary" aria-label={t`Swap origin and destination`} onPress={() => send({ type: 'places.swap' })}>
                    <span aria-hidden="true">⇄</span>
                  </Button>
                  <fields.AirportField label={t`Destination`} value={values.destination} onChange={(place) => send({ type: 'destination.select', place })} />
                </>
              )}
            </div>
            <DatePricesContext.Provider value={datePrices ?? null}>
              <div className="search-form__field--wide">
                {fields &&
                  (values.flightType === 'RT' ? (
                    <fields.DateRangeField
                      label={t`Departure and return dates`}
                      startDate={values.startDate}
                      endDate={values.endDate}
                      today={values.today}
                      onChange={(startDate, endDate) => send({ type: 'dates.change', startDate, endDate })}
                    />
                  ) : (
                    <fields.DateField
                      label={t`Departure date`}
                      value={values.startDate}
                      today={values.today}
                      onChange={(startDate) => send({ type: 'dates.change', startDate, endDate: null })}
                    />
                  ))}
              </div>
            </DatePricesContext.Provider>
          </>
        )}
        <PassengersField
          passengers={values.passengers}
          onIncrement={(kind) => send({ type: 'passengers.increment', kind })}
          onDecrement={(kind) => send({ type: 'passengers.decrement', kind })}
        />
        {/* Cabin and airline do not apply to multi-city searches (spec 1 §2). */}
        {!isMultiCity && (
          <>
            <div className="search-form__field--wide">
              {fields && <Select label={t`Cabin`} options={cabins} selectedKey={values.cabin} onSelectionChange={(cabin) => send({ type: 'cabin.select', cabin })} />}
            </div>
            <div className="search-form__field--wide">
              {fields && <fields.AirlineField value={values.airline} onChange={(airline) => send({ type: 'airline.select', airline })} />}
            </div>
            {values.airline?.code === CORPORATE_AIRLINE && (
              <TextField
                className="field search-form__field--wide"
                value={values.corporateCode ?? ''}
                onChange={(value) => send({ type: 'corporateCode.change', value })}
              >
                <Label className="field__label">{t`Corporate code`}</Label>
                <Input className="field__input" />
              </TextField>
            )}
          </>
        )}
        <span className="search-form__more">
          <Button variant="secondary" aria-expanded={showsAllFields} onPress={() => setShowsAllFields((shown) => !shown)}>
            {showsAllFields ? t`Fewer search options` : t`More search options`}
          </Button>
        </span>
        <Button type="submit" variant="submit">
          {t`Search`}
        </Button>
      </Form>
      <SearchProblemDialog
        problem={state.matches('invalid') ? values.problem : null}
        onClose={() => {
          send({ type: 'dialog.close' });
          setShowsAllFields(true);
        }}
      />
    </I18nProvider>
  );
}
