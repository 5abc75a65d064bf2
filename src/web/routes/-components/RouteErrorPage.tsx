import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../../features/layout/StatusPage.tsx';
import { HomeLink } from './HomeLink.tsx';

/** Last resort for an unexpected failure while rendering a page: a translated apology and a way home. */
export function RouteErrorPage() {
  const { t } = useLingui();
  return (
    <StatusPage tone="error" title={t`Sorry for the inconvenience...`} actions={<HomeLink />}>
      <p>{t`We are having internal problems. Please try again in a few minutes.`}</p>
    </StatusPage>
  );
}
