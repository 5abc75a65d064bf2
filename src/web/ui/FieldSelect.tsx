import { useId, useMemo, useState, type ChangeEvent } from 'react';
import './form-fields.css';

export interface FieldSelectOption {
  value: string;
  label: string;
}

export interface FieldSelectProps {
  label: string;
  options: FieldSelectOption[];
  /**
   * Options after `options` that are only put in the page once the field is focused or pressed (a long
   * country list in every passenger form would otherwise weigh on every render of the page).
   */
  moreOptions?: FieldSelectOption[];
  /** '' while nothing is chosen: the placeholder option shows. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Marks the field invalid (aria-invalid) and shows the message under it (aria-errormessage). */
  errorMessage?: string | undefined;
  /** Invalid with the message shown elsewhere (e.g. under a fieldset): that message's id. */
  invalidWith?: string | undefined;
  onBlur?: () => void;
  className?: string;
}

/**
 * A labelled native select for form data (birthdate parts, nationality, document type): long lists
 * stay usable with the platform picker on phones and with type-to-find on desktops. The error is
 * linked with aria-errormessage and aria-describedby so screen readers announce it with the field.
 */
export function FieldSelect({ label, options, moreOptions, value, onChange, placeholder, isRequired, isDisabled, errorMessage, invalidWith, onBlur, className }: FieldSelectProps) {
  const id = useId();
  const errorId = invalidWith ?? `${id}-error`;
  const invalid = Boolean(errorMessage) || Boolean(invalidWith);
  // Long lists (nationalities) keep their elements between renders when the caller keeps the array.
  const [expanded, setExpanded] = useState(false);
  const shown = expanded && moreOptions ? moreOptions : null;
  // The chosen value always has its option, even before the rest of the list is put in.
  const chosenOutside = !shown && moreOptions ? moreOptions.find((option) => option.value === value) : undefined;
  const optionElements = useMemo(
    () =>
      [...options, ...(shown ?? []), ...(chosenOutside ? [chosenOutside] : [])].map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      )),
    [options, shown, chosenOutside],
  );
  const expand = moreOptions && !expanded ? () => setExpanded(true) : undefined;
  return (
    <div className={className ? `field-select ${className}` : 'field-select'} data-invalid={invalid || undefined}>
      <label htmlFor={id} className="field-select__label">
        {label}
      </label>
      <select
        id={id}
        className="field-select__input"
        value={value}
        required={isRequired ?? false}
        disabled={isDisabled ?? false}
        aria-invalid={invalid || undefined}
        aria-errormessage={invalid ? errorId : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        onFocus={expand}
        onPointerDown={expand}
      >
        <option value="">{placeholder ?? ''}</option>
        {optionElements}
      </select>
      {errorMessage && (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
