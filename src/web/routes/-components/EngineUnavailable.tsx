import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TERMINAL_ID } from '../../../contract/common.ts';
import { StatusPage } from '../../features/layout/StatusPage.tsx';
import { Link } from '../../ui/Link.tsx';

/** An unknown or unreachable terminal: say so, and offer the default channel instead of a blank page. */
export function EngineUnavailable({ terminalId }: { terminalId: string }) {
  const { t } = useLingui();
  return (
    <main className="app-main">
      <StatusPage
        tone="warning"
        title={t`This sales channel is not available`}
        actions={
          <Link to="/" search={(previous) => ({ ...previous, terminalId: DEFAULT_TERMINAL_ID })} variant="primary">
            {t`Go to the main page`}
          </Link>
        }
      >
        <p>{t`We could not load the configuration of terminal ${terminalId}. Please check the link or try again in a few minutes.`}</p>
      </StatusPage>
    </main>
  );
}
