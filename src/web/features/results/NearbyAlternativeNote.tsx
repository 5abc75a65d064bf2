import { useLingui } from '@lingui/react/macro';
import { Button } from 'react-aria-components';
import type { SnapshotFrom } from 'xstate';
import type { nearbyNoteMachine, NearbyNoteEvent } from '../../../../machines/nearby-note.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { NearbyAlternative } from '../../../contract/nearby-alternatives.ts';
import './nearby-note.css';

export interface NearbyAlternativeNoteProps {
  snapshot: SnapshotFrom<typeof nearbyNoteMachine>;
  send: (event: NearbyNoteEvent) => void;
  currency: CurrencyFormat;
  /** The results URL of the same trip from or to the alternative airport. */
  hrefOf: (alternative: NearbyAlternative) => string;
}

/**
 * Issue 21: a cheaper trip from or to an airport within 150 km, as a note the traveller may follow or dismiss
 * (the nearby note machine's `shown` state; nothing shows in the others).
 */
export function NearbyAlternativeNote({ snapshot, send, currency, hrefOf }: NearbyAlternativeNoteProps) {
  const { t } = useLingui();
  const { alternative } = snapshot.context;
  if (!snapshot.matches('shown') || !alternative) return null;
  const { airportCode: code, cityName: city, distanceKm: distance } = alternative;
  const saving = formatMoney(alternative.saving, currency);
  const total = formatMoney(alternative.total, currency);
  const message =
    alternative.end === 'origin'
      ? t`Flying from ${city} (${code}), ${distance} km away, costs ${saving} less: from ${total}.`
      : t`Flying to ${city} (${code}), ${distance} km away, costs ${saving} less: from ${total}.`;
  return (
    <aside className="nearby-note" aria-label={t`Cheaper nearby airport`}>
      <p className="nearby-note__text">{message}</p>
      <a
        className="nearby-note__link"
        href={hrefOf(alternative)}
        onClick={(event) => {
          // A plain click searches inside the app; other clicks (new tab, window) follow the href.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          send({ type: 'note.follow' });
        }}
      >
        {t`Search flights with ${code}`}
      </a>
      <Button className="nearby-note__dismiss" onPress={() => send({ type: 'note.dismiss' })}>
        {t`Dismiss`}
      </Button>
    </aside>
  );
}
