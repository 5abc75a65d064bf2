import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { airlineSuggestionsQueryOptions } from './search-api.ts';
import { useLanguage } from './use-language.ts';

type Airline = { code: string; name: string };

export interface AirlineFieldProps {
  value: Airline | null;
  onChange: (airline: Airline | null) => void;
}

/** The airline preference: an autocomplete by name or code; an empty field means any airline. */
export function AirlineField({ value, onChange }: AirlineFieldProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const [text, setText] = useState(value?.name ?? '');
  const suggestions = useQuery(airlineSuggestionsQueryOptions(text, language));
  const items = suggestions.data ?? [];
  const pick = (key: Key | null) => {
    const airline = items.find((candidate) => candidate.code === key);
    if (!airline) return;
    setText(airline.name);
    onChange(airline);
  };
  const isQuerying = suggestions.fetchStatus !== 'idle' || (suggestions.isEnabled && text !== value?.name);
  const status = suggestions.isFetching ? t`Searching airlines…` : suggestions.isError ? t`We could not look up airlines. Please try again.` : t`No airline matches “${text}”.`;
  return (
    <ComboBox
      className="combo"
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next.trim() === '' && value) onChange(null);
      }}
      items={items}
      selectedKey={null}
      onSelectionChange={pick}
      allowsCustomValue
      // As for airports: the popover opens while a query runs and its answer is on the way.
      allowsEmptyCollection={isQuerying}
      menuTrigger="input"
    >
      <Label className="field__label">{t`Airline`}</Label>
      <Input className="field__input" placeholder={t`Any airline`} />
      <Popover className="select__popover combo__popover">
        <ListBox className="select__list" renderEmptyState={() => <p className="combo__status">{status}</p>}>
          {(airline: Airline) => (
            <ListBoxItem id={airline.code} className="select__option" textValue={airline.name}>
              {airline.name} <span className="combo__code">{airline.code}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
