import { useLingui } from '@lingui/react/macro';
import type { BagChoice } from '../../../../machines/bag-prices.ts';
import type { FiltersEvent } from '../../../../machines/filters.machine.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';

export interface BagsSelectorProps {
  bags: BagChoice;
  carryOnIncluded: boolean;
  send: (event: FiltersEvent) => void;
}

/** Issue 21: the bags each traveller takes (every card's total includes them) and the "carry-on included" filter. */
export function BagsSelector({ bags, carryOnIncluded, send }: BagsSelectorProps) {
  const { t } = useLingui();
  return (
    <section className="bags-selector card" aria-label={t`Bags per traveller`}>
      <RadioGroup
        label={t`Carry-on bags`}
        orientation="horizontal"
        value={String(bags.carryOn)}
        onChange={(value) => send({ type: 'bags.select', bags: { ...bags, carryOn: Number(value) as BagChoice['carryOn'] } })}
      >
        <Radio value="0">0</Radio>
        <Radio value="1">1</Radio>
      </RadioGroup>
      <RadioGroup
        label={t`Checked bags`}
        orientation="horizontal"
        value={String(bags.checked)}
        onChange={(value) => send({ type: 'bags.select', bags: { ...bags, checked: Number(value) as BagChoice['checked'] } })}
      >
        <Radio value="0">0</Radio>
        <Radio value="1">1</Radio>
        <Radio value="2">2</Radio>
      </RadioGroup>
      <Checkbox isSelected={carryOnIncluded} onChange={(selected) => send({ type: 'filter.toggle', key: 'carryOnIncluded', value: selected ? true : undefined })}>
        {t`Carry-on included`}
      </Checkbox>
    </section>
  );
}
