import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.tsx';

export type StatusTone = 'success' | 'error' | 'warning' | 'info';

const toneSymbol: Record<StatusTone, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

export interface StatusPageProps {
  tone: StatusTone;
  title: string;
  children?: ReactNode;
  /** Links or buttons that lead on from this page. */
  actions?: ReactNode;
}

/** A one-message page (payment results, not-found, unavailable channel): heading, text, ways on. */
export function StatusPage({ tone, title, children, actions }: StatusPageProps) {
  return (
    <section className="page-message" data-tone={tone} aria-labelledby="status-page-title">
      <span className="page-message__symbol" aria-hidden="true">
        {toneSymbol[tone]}
      </span>
      <PageHeading id="status-page-title">{title}</PageHeading>
      {children}
      {actions && <div className="page-message__actions">{actions}</div>}
    </section>
  );
}
