import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../../features/layout/StatusPage.tsx';
import { HomeLink } from './HomeLink.tsx';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <StatusPage tone="info" title={t`We could not find this page`} actions={<HomeLink />}>
      <p>{t`The address may be mistyped, or the page may have moved.`}</p>
    </StatusPage>
  );
}
