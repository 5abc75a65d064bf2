import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { SessionReference } from './SessionReference.tsx';

function ProblemCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card session-problem" aria-labelledby="session-problem-title">
      <h2 id="session-problem-title">{title}</h2>
      {children}
    </section>
  );
}

function SearchFlightsLink() {
  const { t } = useLingui();
  return (
    <Link to="/" variant="primary">
      {t`Search flights`}
    </Link>
  );
}

export type SessionProblemKind = 'notFound' | 'expired' | 'failed';

/**
 * Why a page after booking cannot show its session: no session has the id, it expired (30 minutes
 * idle), or loading it failed (with a retry).
 */
export function SessionProblem({ kind, sessionID, onRetry }: { kind: SessionProblemKind; sessionID: string; onRetry: () => void }) {
  const { t } = useLingui();
  if (kind === 'notFound') {
    return (
      <ProblemCard title={t`We could not find this booking`}>
        <p>
          <Trans>
            No booking session has the id <code>{sessionID}</code>. Check the address, or search for your flight again.
          </Trans>
        </p>
        <SearchFlightsLink />
      </ProblemCard>
    );
  }
  if (kind === 'expired') {
    return (
      <ProblemCard title={t`Your booking session has expired`}>
        <p>{t`For your security, a booking session closes after 30 minutes without activity. Your booking is kept: check your e-mail for its details.`}</p>
        <Link to="/bookings/manage" variant="secondary">
          {t`Find my booking`}
        </Link>
        <SearchFlightsLink />
      </ProblemCard>
    );
  }
  return (
    <ProblemCard title={t`We could not load your booking`}>
      <p>{t`Check your connection and try again.`}</p>
      <Button onPress={onRetry}>{t`Try again`}</Button>
    </ProblemCard>
  );
}

/** The session holds no whole booking (spec 3 §2): 'UPS! Ocurrio un error durante la reserva ...'. */
export function BookingIncomplete({ sessionID }: { sessionID: string }) {
  const { t } = useLingui();
  return (
    <div className="booking-incomplete" role="alert">
      <p>
        <strong>{t`Oops! An error occurred during the booking ...`}</strong>
      </p>
      <p>{t`We could not confirm every part of your booking. Please contact us and quote this booking session.`}</p>
      <SessionReference sessionId={sessionID} />
    </div>
  );
}
