import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BookingFailure, PassengerType, SelectedExtras } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import {
  BAG_SLOTS,
  choiceKey,
  extraBaggageMachine,
  optionsFor,
  selectedExtrasOf,
  slotOf,
  type BaggageChoices,
  type ExtraBaggageEvent,
  type MissingBags,
} from '../../../../../machines/extra-baggage.machine.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { ModalDialog } from '../../../ui/overlays.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePassengerLabel } from '../passengers/use-passenger-label.ts';
import { extrasTotal } from '../pricing/totals.ts';
import { useBagName } from './bag-name.ts';
import { ancillariesLoader, baggageLegs } from './extras-api.ts';
import './extras.css';

export type ExtraBaggageSnapshot = SnapshotFrom<typeof extraBaggageMachine>;
export type ExtraBaggageActor = ActorRefFrom<typeof extraBaggageMachine>;

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');
const NONE = 'none';

/** The machine for one checkout, calling POST /api/flights/ancillaries; create it with `useActorRef(logic, { input })`. */
export function extraBaggageLogic(
  terminalId: string,
  session: Pick<Session, 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>,
  onOfferUnavailable: (failure: BookingFailure) => void = () => {},
) {
  return extraBaggageMachine.provide({
    actors: { loadAncillaries: ancillariesLoader(terminalId, session) },
    actions: { reportOfferUnavailable: (_, failure) => onOfferUnavailable(failure) },
  });
}
export const extraBaggageInput = (session: Pick<Session, 'flights'>, passengerTypes: PassengerType[], preselected?: MissingBags[]) => ({
  legs: baggageLegs(session),
  passengerTypes,
  preselected,
});

/** What Aceptar confirmed, as the book form's `selectedExtras`, and what it costs (for the pricing box). */
export function confirmedExtras(snapshot: ExtraBaggageSnapshot): { extras: SelectedExtras; total: number } {
  const extras = selectedExtrasOf(snapshot.context, snapshot.context.confirmed);
  return { extras, total: extrasTotal(extras) };
}

function Summary({ snapshot, choices }: { snapshot: ExtraBaggageSnapshot; choices: BaggageChoices }) {
  const { t } = useLingui();
  const passengerLabel = usePassengerLabel();
  const bagName = useBagName();
  const { passengerTypes, legs } = snapshot.context;
  const extras = selectedExtrasOf(snapshot.context, choices);
  const lines = extras.baggage.passengers.flatMap((passenger, passengerIndex) =>
    passenger.options.map((choice) => ({
      key: choiceKey(passengerIndex, choice.currentIndex, slotOf(choice.option)),
      text: `${passengerLabel(passengerTypes, passengerIndex)} · ${legs[choice.currentIndex]?.origin} - ${legs[choice.currentIndex]?.destination} · ${bagName(choice.option)}`,
      amount: choice.option.totalAmount,
    })),
  );
  return (
    <aside className="extras__summary" aria-labelledby="extras-summary-title">
      <h3 id="extras-summary-title">{t`Summary of your extra purchase`}</h3>
      {lines.length === 0 ? (
        <p>{t`No extra baggage yet.`}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line.key}>
              {line.text}: {money(line.amount)}
            </li>
          ))}
        </ul>
      )}
      <p className="extras__total">{t`Total extras: ${money(extrasTotal(extras))}`}</p>
    </aside>
  );
}

export interface ExtraBaggageViewProps {
  snapshot: ExtraBaggageSnapshot;
  send: (event: ExtraBaggageEvent) => void;
}

/** The baggage panel's card (spec 2 §2): the confirmed extras and the button that opens the modal. */
export function ExtraBaggageView({ snapshot, send }: ExtraBaggageViewProps) {
  const { t } = useLingui();
  const passengerLabel = usePassengerLabel();
  const bagName = useBagName();
  const { passengerTypes, legs, choices } = snapshot.context;
  const slotNames = { carryOn: t`Carry-on`, checked: t`Checked baggage` };
  const open = snapshot.matches('loading') || snapshot.matches('choosing');
  const confirmed = confirmedExtras(snapshot);
  return (
    <div className="extras">
      <div className="extras__card">
        <p>{t`Need more luggage? Add it now for less than at the airport.`}</p>
        <Button variant="secondary" onPress={() => send({ type: 'extras.open' })}>
          {t`Add extra baggage`}
        </Button>
      </div>
      {snapshot.matches('confirmed') && (
        <div className="extras__added">
          <h3>{t`Extra baggage added`}</h3>
          <ul>
            {confirmed.extras.baggage.passengers.flatMap((passenger, passengerIndex) =>
              passenger.options.map((choice) => (
                <li key={choiceKey(passengerIndex, choice.currentIndex, slotOf(choice.option))}>
                  {`${passengerLabel(passengerTypes, passengerIndex)} · ${legs[choice.currentIndex]?.origin} - ${legs[choice.currentIndex]?.destination} · ${bagName(choice.option)}: ${money(choice.option.totalAmount)}`}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
      <ModalDialog isOpen={open} onOpenChange={(isOpen) => !isOpen && send({ type: 'extras.cancel' })} title={t`Add baggage`} size="wide">
        {snapshot.matches('loading') && <Spinner label={t`Loading baggage options`} />}
        {snapshot.matches('choosing') && (
          <div className="extras__layout">
            <div className="extras__choices">
              {snapshot.context.options.length === 0 && <p role="alert">{t`No bags were found`}</p>}
              {snapshot.context.options.length > 0 &&
                legs.map((leg, legIndex) => (
                  <section key={leg.origin + leg.destination + legIndex} className="extras__leg" aria-label={t`Flight ${leg.origin} - ${leg.destination}`}>
                    <h3>{`${leg.origin} - ${leg.destination}`}</h3>
                    {passengerTypes.map((type, passengerIndex) => {
                      const slots = BAG_SLOTS.filter((slot) => optionsFor(snapshot.context.options, leg, type, slot).length > 0);
                      const label = passengerLabel(passengerTypes, passengerIndex);
                      return slots.map((slot) => {
                        const key = choiceKey(passengerIndex, legIndex, slot);
                        return (
                          <RadioGroup
                            key={key}
                            label={slots.length > 1 ? `${label} · ${slotNames[slot]}` : label}
                            value={choices[key] ?? NONE}
                            onChange={(value) => send({ type: 'extras.pick', passengerIndex, legIndex, slot, optionId: value === NONE ? null : value })}
                          >
                            <Radio value={NONE}>{slot === 'carryOn' ? t`No carry-on bag` : t`No extra baggage`}</Radio>
                            {optionsFor(snapshot.context.options, leg, type, slot).map((option) => (
                              <Radio key={option.id} value={option.id}>
                                {`${bagName(option)} · ${money(option.totalAmount)}`}
                              </Radio>
                            ))}
                          </RadioGroup>
                        );
                      });
                    })}
                  </section>
                ))}
            </div>
            <Summary snapshot={snapshot} choices={choices} />
          </div>
        )}
        <div className="extras__actions">
          <Button variant="secondary" onPress={() => send({ type: 'extras.cancel' })}>
            {t`Cancel`}
          </Button>
          <Button onPress={() => send({ type: 'extras.accept' })} isDisabled={!snapshot.matches('choosing')}>
            {t`Accept`}
          </Button>
        </div>
      </ModalDialog>
    </div>
  );
}

/** The extra baggage card and modal bound to an actor of `extraBaggageLogic(...)`. */
export function ExtraBaggage({ actor }: { actor: ExtraBaggageActor }) {
  const snapshot = useSelector(actor, (current) => current);
  return <ExtraBaggageView snapshot={snapshot} send={(event) => actor.send(event)} />;
}
