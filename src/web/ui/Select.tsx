import { useContext, useRef, type ReactNode } from 'react';
import { useInteractOutside } from 'react-aria';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectStateContext,
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

/**
 * The options' popup, non-modal (issue 38). react-aria's modal popover makes everything outside it `inert` on
 * opening and takes that back on closing: each a restyle of the whole page, on the results page at 4× CPU ~30 and
 * ~45 ms of the tap, which made opening a select ~250–350 ms. A select's listbox popup is non-modal in the ARIA
 * practices (select-only combobox), as a native select's is: it closes when focus leaves it, when the page
 * scrolls and on Escape; a press outside it closes it as the modal popover did, the press kept from what it
 * landed on (the trigger would open it again).
 */
function OptionsPopover({ children }: { children: ReactNode }) {
  const state = useContext(SelectStateContext);
  const popoverRef = useRef<HTMLElement>(null);
  useInteractOutside({ ref: popoverRef, isDisabled: !state?.isOpen, onInteractOutsideStart: (event) => event.stopPropagation(), onInteractOutside: () => state?.close() });
  return (
    <Popover ref={popoverRef} isNonModal className="select__popover">
      {children}
    </Popover>
  );
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
      <OptionsPopover>
        <ListBox className="select__list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </OptionsPopover>
    </AriaSelect>
  );
}
