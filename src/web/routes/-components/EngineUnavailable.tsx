import { useLingui } from '@lingui/react/macro';
import { DEFAULT_TERMINAL_ID } from '../../../contract/common.ts';

/** An unknown or unreachable terminal: say so, and offer the default channel instead of a blank page. */
export function EngineUnavailable({ terminalId }: { terminalId: string }) {
  const { t } = useLingui();
  return (
    <main className="page-message" aria-labelledby="engine-unavailable-title">
      <h1 id="engine-unavailable-title">{t`This sales channel is not available`}</h1>
      <p>{t`We could not load the configuration of terminal ${terminalId}. Please check the link or try again in a few minutes.`}</p>
      <a className="button button--primary" href={`/vuelos/?terminalId=${DEFAULT_TERMINAL_ID}`}>
        {t`Go to the main page`}
      </a>
    </main>
  );
}
