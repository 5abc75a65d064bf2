import { useLingui } from '@lingui/react/macro';
import { Button } from 'react-aria-components';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { NearbyAlternative } from '../../../contract/nearby-alternatives.ts';
import './nearby-note.css';

export interface NearbyAlternativeNoteProps {
  alternative: NearbyAlternative;
  currency: CurrencyFormat;
  /** The results URL of the same trip from or to the alternative airport. */
  href: string;
  /** Follows the link inside the app (a plain click); other clicks (new tab) use the href. */
  onFollow: () => void;
  onDismiss: () => void;
}

/** Issue 21: a cheaper trip from or to an airport within 150 km, as a note the traveller may follow or dismiss. */
export function NearbyAlternativeNote({ alternative, currency, href, onFollow, onDismiss }: NearbyAlternativeNoteProps) {
  const { t } = useLingui();
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
        href={href}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onFollow();
        }}
      >
        {t`Search flights with ${code}`}
      </a>
      <Button className="nearby-note__dismiss" onPress={onDismiss}>
        {t`Dismiss`}
      </Button>
    </aside>
  );
}
