import type { HTMLAttributes } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import './choices.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  /** A hint under the field, announced as the field's description. */
  description?: string;
  /** Shown (and announced) while `isInvalid` is set. */
  errorMessage?: string;
  /** The on-screen keyboard to offer (e.g. `decimal` for amounts). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** A labelled text input with an optional hint. */
export function TextField({ label, description, errorMessage, inputMode, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="text-field">
      <Label className="text-field__label">{label}</Label>
      <Input className="text-field__input" inputMode={inputMode} />
      {description && (
        <Text slot="description" className="text-field__description">
          {description}
        </Text>
      )}
      <FieldError className="text-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
