import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AncillaryBaggageOption } from '../../../../contract/checkout.ts';
import type { BaggageCode } from '../../../../contract/postsale.ts';

/** What a page needs to name a bag: its kind (the option's `type`), how many and how heavy. */
export type BagFacts = Pick<AncillaryBaggageOption, 'type' | 'pieces' | 'weightKg'>;

/**
 * A bag option named in the reader's language ("Checked bag 23 kg", "Equipaje de mano de 10 kg"): the
 * supplier's own name is English or Spanish whatever the page's language, so pages never show it.
 */
export function useBagName() {
  const { t } = useLingui();
  return ({ type, pieces, weightKg }: BagFacts) => {
    const weight = weightKg;
    return type === 'CARRY_ON'
      ? t`${plural(pieces, { one: `Carry-on bag ${weight} kg`, other: `# carry-on bags of ${weight} kg` })}`
      : t`${plural(pieces, { one: `Checked bag ${weight} kg`, other: `# checked bags of ${weight} kg` })}`;
  };
}

/**
 * A post-sale bag named by its airline code (spec 3 §3 "Baggage codes") in the reader's language: the
 * server's `name` repeats the code or is the supplier's text, so pages never show it when a code is known.
 */
export function useBaggageCodeName() {
  const { t } = useLingui();
  const names: Record<BaggageCode, string> = {
    '0C3': t`First additional bag`,
    '0JT': t`Second additional bag`,
    '0JO': t`Third additional bag`,
    '0C1': t`15 kg bag`,
    HBG: t`Carry-on bag`,
    '0K6': t`Overweight`,
  };
  return (code: BaggageCode | null | undefined, fallback = '') => (code ? names[code] : fallback);
}
