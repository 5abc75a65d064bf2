import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AncillaryBaggageOption } from '../../../../contract/checkout.ts';

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
