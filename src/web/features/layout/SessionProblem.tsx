import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button.tsx';
import { useTooManyRequestsText } from '../../ui/TooManyRequests.tsx';
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

/** The states of a page after booking that show no session, each with its SessionProblem. */
const sessionProblemKinds = ['notFound', 'otherBrowser', 'expired', 'rateLimited', 'failed'] as const;
export type SessionProblemKind = (typeof sessionProblemKinds)[number];

function FindMyBookingLink() {
  const { t } = useLingui();
  return (
    <Link to="/bookings/manage" variant="secondary">
      {t`Find my booking`}
    </Link>
  );
}

/**
 * Why a page after booking cannot show its session: no session has the id, it is another browser's (only
 * the browser that booked holds its key), it expired (30 minutes idle), or loading it failed (with a retry).
 */
export function SessionProblem({ kind, sessionID, retryAfterSeconds = null, onRetry }: { kind: SessionProblemKind; sessionID: string; retryAfterSeconds?: number | null; onRetry: () => void }) {
  const { t } = useLingui();
  const tooManyRequests = useTooManyRequestsText();
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
  if (kind === 'otherBrowser') {
    return (
      <ProblemCard title={t`This booking opens in the browser that made it`}>
        <p>{t`For your privacy, this page shows a booking only in the browser where it was made. On another device, find your booking with its code (PNR) and last name, or open the link in your confirmation e-mail.`}</p>
        <FindMyBookingLink />
        <SearchFlightsLink />
      </ProblemCard>
    );
  }
  if (kind === 'expired') {
    return (
      <ProblemCard title={t`Your booking session has expired`}>
        <p>{t`For your security, a booking session closes after 30 minutes without activity. Your booking is kept: check your e-mail for its details.`}</p>
        <FindMyBookingLink />
        <SearchFlightsLink />
      </ProblemCard>
    );
  }
  if (kind === 'rateLimited') {
    // Issue 36: what happened and when to try again, from the answer's Retry-After.
    const words = tooManyRequests(retryAfterSeconds);
    return (
      <ProblemCard title={words.title}>
        <p>{words.text}</p>
        <Button onPress={onRetry}>{t`Try again`}</Button>
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

/** The SessionProblem of the page's state, if it is one of `sessionProblemKinds` (`inState` asks the page's machine). */
export function SessionProblemOfState({
  inState,
  sessionID,
  retryAfterSeconds,
  onRetry,
}: {
  inState: (kind: SessionProblemKind) => boolean;
  sessionID: string;
  retryAfterSeconds: number | null;
  onRetry: () => void;
}) {
  const kind = sessionProblemKinds.find(inState);
  return kind ? <SessionProblem kind={kind} sessionID={sessionID} retryAfterSeconds={retryAfterSeconds} onRetry={onRetry} /> : null;
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
