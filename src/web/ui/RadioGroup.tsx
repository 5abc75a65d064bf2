import type { ReactNode } from 'react';
import {
  Label,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import './choices.css';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'className' | 'children'> {
  /** A visible label; without it pass aria-label or aria-labelledby (e.g. a heading nearby). */
  label?: string;
  children: ReactNode;
}

/** One choice out of several: arrow keys move the choice, Tab leaves the group (react-aria). */
export function RadioGroup({ label, children, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className="radio-group">
      {label && <Label className="radio-group__label">{label}</Label>}
      {children}
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<AriaRadioProps, 'className' | 'children'> {
  children?: ReactNode;
}

export function Radio({ children, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className="radio">
      <span className="radio__dot" aria-hidden="true" />
      {children}
    </AriaRadio>
  );
}
