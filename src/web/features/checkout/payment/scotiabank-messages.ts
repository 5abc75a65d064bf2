import { useLingui } from '@lingui/react/macro';
import type { ScotiabankRefusal } from '../../../../contract/scotiabank.ts';

/** Why the Scotiabank card cannot reserve the trip (spec 2 §8 "cannot reserve"), in the page's language. */
export function useScotiabankRefusalMessage(): (refusal: ScotiabankRefusal) => string {
  const { t } = useLingui();
  return (refusal) =>
    ({
      DEPARTURE_TOO_SOON: t`The Scotiabank card cannot book this trip: it books only flights leaving 48 hours or more from now. Choose another payment method.`,
      ORIGIN_OUTSIDE_PERU: t`The Scotiabank card cannot book this trip: it books only trips that start in Peru. Choose another payment method.`,
    })[refusal];
}
