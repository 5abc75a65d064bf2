import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

/** The countdown moves by the minute: a tick every 20 s shows each new minute within that much of it. */
const TICK_MS = 20_000;

/** Whole minutes from `now` to `deadline` (0 once it has passed). */
export function minutesLeft(deadline: string, now: number): number {
  return Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 60_000));
}

function useMinutesLeft(deadline: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return minutesLeft(deadline, now);
}

/**
 * "Time left to pay" beside an unpaid order's deadline (issue 37), as a term of the order's details list. It is
 * not a live region: a screen reader hears it when it reads the list, not every minute.
 */
export function TimeLeftToPay({ deadline }: { deadline: string }) {
  const { t } = useLingui();
  const left = useMinutesLeft(deadline);
  const hours = Math.floor(left / 60);
  const minutes = left % 60;
  const text = left === 0 ? t`The time to pay has run out` : hours > 0 ? t`${hours} h ${minutes} min` : t`${minutes} min`;
  return (
    <div>
      <dt>{t`Time left to pay`}</dt>
      <dd>
        <time dateTime={`PT${hours}H${minutes}M`}>{text}</time>
      </dd>
    </div>
  );
}
