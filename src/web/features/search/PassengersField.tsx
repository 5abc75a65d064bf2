import { useId } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { ageBands, canDecrement, canIncrement, type PassengerKind } from '../../../../machines/search-form.rules.ts';
import type { Passengers } from '../../../contract/search.ts';
import { Button } from '../../ui/Button.tsx';

export interface PassengersFieldProps {
  passengers: Passengers;
  onIncrement: (kind: PassengerKind) => void;
  onDecrement: (kind: PassengerKind) => void;
}

/** "2 adults, 1 child": what the dropdown's button says. */
export function usePassengersSummary(passengers: Passengers) {
  // t`${plural(...)}` compiles to one catalog message; i18n._(plural(...)) would look the translated text up as an id.
  const { t } = useLingui();
  const parts = [t`${plural(passengers.adults, { one: '# adult', other: '# adults' })}`];
  if (passengers.children > 0) parts.push(t`${plural(passengers.children, { one: '# child', other: '# children' })}`);
  if (passengers.infants > 0) parts.push(t`${plural(passengers.infants, { one: '# infant', other: '# infants' })}`);
  return parts.join(', ');
}

/** The passenger dropdown: a counter per age band whose +/- follow the limits of spec 1 §5. */
export function PassengersField({ passengers, onIncrement, onDecrement }: PassengersFieldProps) {
  const { t } = useLingui();
  const labelId = useId();
  const summary = usePassengersSummary(passengers);
  const bandText = (kind: PassengerKind) => {
    const { from, to } = ageBands[kind];
    if (to === null) return t`${from} years and over`;
    if (from === 0) return t`Under ${to + 1} years`;
    return t`${from} to ${to} years`;
  };
  const rows: { kind: PassengerKind; name: string; fewer: string; more: string }[] = [
    { kind: 'adults', name: t`Adults`, fewer: t`Remove an adult`, more: t`Add an adult` },
    { kind: 'children', name: t`Children`, fewer: t`Remove a child`, more: t`Add a child` },
    { kind: 'infants', name: t`Infants`, fewer: t`Remove an infant`, more: t`Add an infant` },
  ];
  return (
    <div className="field passengers">
      <span className="field__label" id={labelId}>
        {t`Passengers`}
      </span>
      <DialogTrigger>
        <Button variant="secondary" aria-labelledby={`${labelId} ${labelId}-value`}>
          <span id={`${labelId}-value`}>{summary}</span>
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="select__popover passengers__popover">
          <Dialog className="passengers__dialog" aria-labelledby={`${labelId}-dialog`}>
            <Heading slot="title" id={`${labelId}-dialog`} className="visually-hidden">
              {t`Passengers`}
            </Heading>
            <ul className="passengers__rows">
              {rows.map(({ kind, name, fewer, more }) => (
                <li key={kind} className="passengers__row">
                  <span className="passengers__name">
                    <strong>{name}</strong>
                    <span className="passengers__band">{bandText(kind)}</span>
                  </span>
                  <Button variant="secondary" aria-label={fewer} isDisabled={!canDecrement(passengers, kind)} onPress={() => onDecrement(kind)}>
                    −
                  </Button>
                  <output className="passengers__count" aria-live="polite" aria-label={`${name}: ${passengers[kind]}`}>
                    {passengers[kind]}
                  </output>
                  <Button variant="secondary" aria-label={more} isDisabled={!canIncrement(passengers, kind)} onPress={() => onIncrement(kind)}>
                    +
                  </Button>
                </li>
              ))}
            </ul>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
