import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'submit';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
}

const variantClass: Record<ButtonVariant, string> = {
  primary: 'button button--primary',
  secondary: 'button',
  submit: 'button button--submit',
};

/** The one button of the app: react-aria handles press, keyboard and disabled semantics. */
export function Button({ variant = 'primary', ...props }: ButtonProps) {
  return <AriaButton {...props} className={variantClass[variant]} />;
}
