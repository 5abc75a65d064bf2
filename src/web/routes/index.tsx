import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { CountrySelect } from '../features/home/CountrySelect.tsx';
import { SearchFlightsRegion } from '../features/home/SearchFlightsRegion.tsx';
import { SearchForm } from '../features/search/SearchForm.tsx';
import { PageHeading } from '../features/layout/PageHeading.tsx';

export const Route = createFileRoute('/')({ component: HomePage });

function HomePage() {
  const { t } = useLingui();
  return (
    <div className="home">
      <div className="home__intro">
        <PageHeading>{t`Find your next flight`}</PageHeading>
        <CountrySelect />
      </div>
      <SearchFlightsRegion>
        <SearchForm />
      </SearchFlightsRegion>
    </div>
  );
}
