import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { HomeLink } from './-components/HomeLink.tsx';
import { PageHeading } from '../features/layout/PageHeading.tsx';

export const Route = createFileRoute('/baggages/all')({ component: BaggageSummary });

/** The baggage summary page; opened on its own it has no baggage options to list (spec 3 §2). */
function BaggageSummary() {
  const { t } = useLingui();
  return (
    <section className="page-section" aria-labelledby="baggage-title">
      <PageHeading id="baggage-title">{t`Your baggage`}</PageHeading>
      <p>{t`No baggage was found`}</p>
      <HomeLink />
    </section>
  );
}
