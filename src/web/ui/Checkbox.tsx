import { useId, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './form-fields.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  /** Shown under the box (and announced with it) while `isInvalid` is set. */
  errorMessage?: string | undefined;
}

/** A labelled tick box (react-aria: Space toggles, the label is the hit area). */
export function Checkbox({ children, errorMessage, isInvalid, ...props }: CheckboxProps) {
  const errorId = useId();
  const showError = Boolean(isInvalid && errorMessage);
  return (
    <div className="checkbox-field">
      <AriaCheckbox {...props} isInvalid={isInvalid ?? false} aria-describedby={showError ? errorId : undefined} className="checkbox">
        <span className="checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 18 18" className="checkbox__tick">
            <polyline points="3 9.5 7.5 14 15 4.5" />
          </svg>
        </span>
        <span className="checkbox__label">{children}</span>
      </AriaCheckbox>
      {showError && (
        <p id={errorId} className="field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
