import { useLingui } from '@lingui/react/macro';
import type { Flight } from '../../../../contract/search.ts';
import { journeyFlagsOf, layoversOf, type JourneyFlag } from '../../../../../machines/journey-quality.ts';

/**
 * What a traveller should know before choosing a flight (issue 21): an overnight layover, one over
 * 6 h, a change of airport inside a connection, separate tickets. Nothing when there is nothing to say.
 */
export function JourneyFlags({ flight }: { flight: Flight }) {
  const { t } = useLingui();
  const flags = journeyFlagsOf(flight);
  if (flags.length === 0) return null;
  const change = layoversOf(flight).find((layover) => layover.arrivalAirport !== layover.departureAirport);
  const [landsAt, leavesFrom] = [change?.arrivalAirport ?? '', change?.departureAirport ?? ''];
  const words: Record<JourneyFlag, string> = {
    overnightLayover: t`Overnight layover`,
    longLayover: t`Layover over 6 h`,
    airportChange: t`Change of airport: ${landsAt} → ${leavesFrom}`,
    selfTransfer: t`Separate tickets (self-transfer)`,
  };
  return (
    <ul className="journey-flags" aria-label={t`Before you choose`}>
      {flags.map((flag) => (
        <li key={flag} className="journey-flag" data-flag={flag}>
          <span aria-hidden="true">⚠ </span>
          {words[flag]}
        </li>
      ))}
    </ul>
  );
}
