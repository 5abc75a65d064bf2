import { useLingui } from '@lingui/react/macro';
import type { PassengerType } from '../../../../contract/checkout.ts';

/** 'Adulto 1', 'Niño 2' …: a traveller by type and place among those of the type (infants carry no bags or seats). */
export function usePassengerLabel() {
  const { t } = useLingui();
  return (types: readonly PassengerType[], index: number) => {
    const type = types[index];
    const number = types.slice(0, index + 1).filter((other) => other === type).length;
    return type === 'CHD' ? t`Child ${number}` : t`Adult ${number}`;
  };
}
