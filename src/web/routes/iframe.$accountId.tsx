import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TERMINAL_ID, terminalIdSchema } from '../../contract/common.ts';
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
  const backdrop = accountId === accountWithOwnBackground ? 'iframe-home iframe-home--andes' : 'iframe-home';
  return (
    <div className={backdrop}>
      <PageHeading>{t`Planning your next trip?`}</PageHeading>
      <SearchFlightsRegion>
        <SearchForm embeddedAccountId={accountId} />
      </SearchFlightsRegion>
    </div>
  );
}
