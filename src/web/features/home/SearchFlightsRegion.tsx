import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

/** The landmark the flight search form lives in, on the home page and the embeddable iframe page. */
export function SearchFlightsRegion({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="search-region card" aria-labelledby="search-flights-title">
      <h2 id="search-flights-title">{t`Search flights`}</h2>
      {children}
    </section>
  );
}
