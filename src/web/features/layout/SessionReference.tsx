import { Trans } from '@lingui/react/macro';

/** The booking session an address names, shown so a traveller can quote it to an agent. */
export function SessionReference({ sessionId }: { sessionId: string }) {
  return (
    <p className="session-reference">
      <Trans>
        Booking session <code>{sessionId}</code>
      </Trans>
    </p>
  );
}
