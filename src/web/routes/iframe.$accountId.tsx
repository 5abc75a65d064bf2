import { useId } from 'react';
import { createFileRoute, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TERMINAL_ID, terminalIdSchema } from '../../contract/common.ts';
import { searchNeedsAgencyToken } from '../../contract/engine.ts';
import { useCurrentEngine } from '../features/layout/useCurrentEngine.ts';
import { SearchFlightsRegion } from '../features/home/SearchFlightsRegion.tsx';
import { SearchForm } from '../features/search/SearchForm.tsx';
import { PageHeading } from '../features/layout/PageHeading.tsx';

/**
 * The Andes Travel agency embeds the form on its own dark-green site, so its embed gets the
 * matching backdrop (spec 1 §2: "the background differs for one specific account").
 */
const accountWithOwnBackground = '2113855';

export const Route = createFileRoute('/iframe/$accountId')({
  params: {
    parse: (raw) => ({ accountId: terminalIdSchema.catch(DEFAULT_TERMINAL_ID).parse(raw.accountId) }),
    stringify: ({ accountId }) => ({ accountId }),
  },
  component: IframeHome,
});

function IframeHome() {
  const { t } = useLingui();
  const { accountId } = Route.useParams();
  const engine = useCurrentEngine();
  const token = useSearch({ strict: false, select: (query) => String((query as { token?: unknown }).token ?? '').trim() });
  // Without its token an agency's search could only answer 'Token inexistente' in a new tab: say so here.
  const isMissingToken = searchNeedsAgencyToken(engine) && token === '';
  const backdrop = accountId === accountWithOwnBackground ? 'iframe-home iframe-home--andes' : 'iframe-home';
  return (
    <div className={backdrop}>
      <PageHeading>{t`Planning your next trip?`}</PageHeading>
      <SearchFlightsRegion>{isMissingToken ? <AgencyTokenMissing /> : <SearchForm embeddedAccountId={accountId} />}</SearchFlightsRegion>
    </div>
  );
}

/** What the agency must add to its widget's address before its travellers can search. */
function AgencyTokenMissing() {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="page-message" data-tone="warning" aria-labelledby={headingId}>
      <h3 id={headingId}>{t`This search needs your agency's access token`}</h3>
      <p>{t`Add the token your agency obtains from the Vuelos API to the address of this widget, as ?token=…. Without it no fares can be shown.`}</p>
    </section>
  );
}
