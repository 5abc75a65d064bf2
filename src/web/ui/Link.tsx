import { forwardRef } from 'react';
import { createLink } from '@tanstack/react-router';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { ButtonVariant } from './Button.tsx';

interface StyledAriaLinkProps extends Omit<AriaLinkProps, 'className'> {
  /** Links that look like buttons (calls to action); plain text links otherwise. */
  variant?: ButtonVariant | 'text';
}

const variantClass: Record<NonNullable<StyledAriaLinkProps['variant']>, string> = {
  primary: 'button button--primary',
  secondary: 'button',
  submit: 'button button--submit',
  text: 'text-link',
};

const StyledAriaLink = forwardRef<HTMLAnchorElement, StyledAriaLinkProps>(function StyledAriaLink({ variant = 'text', ...props }, ref) {
  return <AriaLink {...props} ref={ref} className={variantClass[variant]} />;
});

/**
 * A react-aria link that the router drives: typed `to`/`params`/`search`, client-side navigation and
 * the retained `lang`/`terminalId` query values.
 */
export const Link = createLink(StyledAriaLink);
