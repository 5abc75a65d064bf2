import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { CountrySelect } from '../features/home/CountrySelect.tsx';
import { SearchFlightsRegion } from '../features/home/SearchFlightsRegion.tsx';
import { SearchForm } from '../features/search/SearchForm.tsx';

export const Route = createFileRoute('/')({ component: HomePage });

function HomePage() {
  const { t } = useLingui();
  return (
    <div className="home">
      <div className="home__intro">
        <h1>{t`Find your next flight`}</h1>
        <CountrySelect />
      </div>
      <SearchFlightsRegion>
        <SearchForm />
      </SearchFlightsRegion>
    </div>
  );
}
