import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';

export interface SelectOption<K extends Key> {
  id: K;
  label: string;
}

export interface SelectProps<K extends Key> {
  label: string;
  options: SelectOption<K>[];
  selectedKey: K | null;
  onSelectionChange: (key: K) => void;
  isDisabled?: boolean;
}

/** A labelled single-choice dropdown (listbox popup, typeahead and arrow keys from react-aria). */
export function Select<K extends Key>({ label, options, selectedKey, onSelectionChange, isDisabled }: SelectProps<K>) {
  return (
    <AriaSelect
      className="select"
      selectedKey={selectedKey}
      // react-aria reports the id of one of our own options, so the cast only restores its type.
      onSelectionChange={(key) => key !== null && onSelectionChange(key as K)}
      isDisabled={isDisabled ?? false}
    >
      <Label className="select__label">{label}</Label>
      <AriaButton className="select__trigger">
        <SelectValue />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </AriaButton>
      <Popover className="select__popover">
        <ListBox className="select__list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
