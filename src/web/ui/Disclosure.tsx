import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosurePanel as AriaDisclosurePanel,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import './choices.css';

export interface DisclosureProps extends Omit<AriaDisclosureProps, 'className' | 'children'> {
  children: ReactNode;
}

/**
 * Content that expands and collapses. The trigger and the panel can sit anywhere inside, so a row can
 * keep its toggle in line and open its panel below.
 */
export function Disclosure({ children, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className="disclosure">
      {children}
    </AriaDisclosure>
  );
}

/** The button that expands the panel; aria-expanded and aria-controls come from react-aria. */
export function DisclosureTrigger({ children }: { children: ReactNode }) {
  return (
    <AriaButton slot="trigger" className="disclosure__trigger">
      <span className="disclosure__chevron" aria-hidden="true" />
      {children}
    </AriaButton>
  );
}

export function DisclosurePanel({ children }: { children: ReactNode }) {
  return <AriaDisclosurePanel className="disclosure__panel">{children}</AriaDisclosurePanel>;
}
