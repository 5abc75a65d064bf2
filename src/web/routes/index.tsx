import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';

export const Route = createFileRoute('/')({ component: HomePage });

function HomePage() {
  const { t } = useLingui();
  return (
    <section className="home">
      <h1>{t`Find your next flight`}</h1>
    </section>
  );
}
