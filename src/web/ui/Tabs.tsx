import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import './tabs.css';

export interface TabsProps extends Omit<AriaTabsProps, 'className' | 'children'> {
  children: ReactNode;
}

/** Panels one at a time behind a row of tabs: arrow keys move between tabs, Tab enters the panel (react-aria). */
export function Tabs({ children, ...props }: TabsProps) {
  return (
    <AriaTabs {...props} className="tabs">
      {children}
    </AriaTabs>
  );
}

/** The row of tabs; name it with `aria-label` (e.g. 'Routes'). */
export function TabList({ children, ...props }: { children: ReactNode; 'aria-label': string }) {
  return (
    <AriaTabList {...props} className="tabs__list">
      {children}
    </AriaTabList>
  );
}

export function Tab({ id, children }: { id: Key; children: ReactNode }) {
  return (
    <AriaTab id={id} className="tabs__tab">
      {children}
    </AriaTab>
  );
}

export function TabPanel({ id, children }: { id: Key; children: ReactNode }) {
  return (
    <AriaTabPanel id={id} className="tabs__panel">
      {children}
    </AriaTabPanel>
  );
}
