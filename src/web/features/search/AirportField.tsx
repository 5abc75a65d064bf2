import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { airportAutocompleteMachine } from '../../../../machines/airport-autocomplete.machine.ts';
import type { AirportRef } from '../../../../machines/search-form.rules.ts';
import type { Language } from '../../../contract/common.ts';
import type { AirportSuggestion } from '../../../contract/places.ts';
import { suggestAirports } from './search-api.ts';
import { useLanguage } from './use-language.ts';

export type AirportAutocompleteSnapshot = SnapshotFrom<typeof airportAutocompleteMachine>;

export interface AirportComboBoxProps {
  label: string;
  autocomplete: AirportAutocompleteSnapshot;
  onQueryChange: (text: string) => void;
  onPick: (suggestion: AirportSuggestion) => void;
}

/** A city and its main airport may share a code (MEX): the kind makes each option its own. */
const suggestionKey = (suggestion: AirportSuggestion) => `${suggestion.type}:${suggestion.code}`;

/** An airport or city autocomplete: what it shows is the autocomplete machine's snapshot. */
export function AirportComboBox({ label, autocomplete, onQueryChange, onPick }: AirportComboBoxProps) {
  const { t } = useLingui();
  const { text, suggestions } = autocomplete.context;
  const pick = (key: Key | null) => {
    const suggestion = suggestions.find((candidate) => suggestionKey(candidate) === key);
    if (suggestion) onPick(suggestion);
  };
  const status = autocomplete.matches('loading')
    ? t`Searching airports…`
    : autocomplete.matches('empty')
      ? t`No airport or city matches “${text}”.`
      : autocomplete.matches('failed')
        ? t`We could not look up airports. Please try again.`
        : '';
  /** An airport offered for being near the typed place says how far it is ("16 km from New York"). */
  const nearbyHint = ({ nearbyOf: place, distanceKm: distance }: AirportSuggestion) =>
    place !== undefined && distance !== undefined ? t`${distance} km from ${place}` : null;
  return (
    <ComboBox
      className="combo"
      inputValue={text}
      // react-aria repeats the picked item's text as an input change: only real edits are queries.
      onInputChange={(value) => value !== text && onQueryChange(value)}
      items={suggestions}
      selectedKey={null}
      onSelectionChange={pick}
      allowsCustomValue
      // Suggestions arrive after a pause: while a query runs, the popover opens and says what is happening.
      allowsEmptyCollection={!autocomplete.matches('idle')}
      menuTrigger="input"
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" placeholder={t`City or airport`} />
      <Popover className="select__popover combo__popover">
        <ListBox className="select__list" renderEmptyState={() => <p className="combo__status">{status}</p>}>
          {(suggestion: AirportSuggestion) => (
            <ListBoxItem id={suggestionKey(suggestion)} className="select__option combo__option" textValue={suggestion.cityName}>
              {/* One label with everything shown, so the option's accessible name matches what is visible. */}
              <Text slot="label">
                <span className="combo__city">{suggestion.cityName}</span> <span className="combo__code">{suggestion.code}</span>{' '}
                <span className="combo__name">{suggestion.type === 'C' ? t`All airports` : suggestion.name}</span>
                {nearbyHint(suggestion) && <span className="combo__nearby"> {nearbyHint(suggestion)}</span>}
              </Text>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** A place chosen elsewhere (a swap, a new multi-city leg) as the suggestion the field now holds. */
const asSuggestion = (place: AirportRef): AirportSuggestion => ({
  code: place.code,
  name: place.description,
  cityName: place.description,
  countryCode: '',
  countryName: '',
  type: 'A',
});

export interface AirportFieldProps {
  label: string;
  value: AirportRef | null;
  onChange: (place: AirportRef | null) => void;
}

/** The combobox bound to its own autocomplete actor; the chosen place belongs to the search form. */
export function AirportField(props: AirportFieldProps) {
  const language = useLanguage();
  // Suggestions come in the interface language: another language is another autocomplete actor.
  return <LanguageAirportField key={language} language={language} {...props} />;
}

function LanguageAirportField({ label, value, onChange, language }: AirportFieldProps & { language: Language }) {
  const actorRef = useTracedActorRef(
    airportAutocompleteMachine.provide({
      actors: { suggestAirports: fromPromise(({ input, signal }) => suggestAirports(input.text, language, signal)) },
    }),
    { input: { text: value?.description ?? '' } },
  );
  const autocomplete = useSelector(actorRef, (snapshot) => snapshot);

  // The form changed the place itself (swap, new leg): the text follows; typing never lands here.
  useEffect(() => {
    const { text } = actorRef.getSnapshot().context;
    if (value && value.description !== text) actorRef.send({ type: 'suggestion.pick', suggestion: asSuggestion(value) });
    if (!value && text !== '') actorRef.send({ type: 'query.change', text: '' });
  }, [actorRef, value]);

  return (
    <AirportComboBox
      label={label}
      autocomplete={autocomplete}
      onQueryChange={(text) => {
        actorRef.send({ type: 'query.change', text });
        if (text.trim() === '' && value) onChange(null);
      }}
      onPick={(suggestion) => {
        actorRef.send({ type: 'suggestion.pick', suggestion });
        onChange({ code: suggestion.code, description: suggestion.cityName });
      }}
    />
  );
}
