import type { AnyStateMachine } from 'xstate';
import { airportAutocompleteMachine } from '../../../machines/airport-autocomplete.machine.ts';
import { checkoutMachine } from '../../../machines/checkout.machine.ts';
import { couponMachine } from '../../../machines/coupon.machine.ts';
import { extraBaggageMachine } from '../../../machines/extra-baggage.machine.ts';
import { fareFamiliesMachine } from '../../../machines/fare-families.machine.ts';
import { fareRulesMachine } from '../../../machines/fare-rules.machine.ts';
import { insuranceMachine } from '../../../machines/insurance.machine.ts';
import { recommendationCardMachine } from '../../../machines/recommendation-card.machine.ts';
import { searchFormMachine } from '../../../machines/search-form.machine.ts';
import { searchMachine } from '../../../machines/search.machine.ts';

/** The machines the app runs in the browser, by id: a trace names its machine, the replay finds it here. */
export const replayableMachines: Record<string, AnyStateMachine> = Object.fromEntries(
  [airportAutocompleteMachine, checkoutMachine, couponMachine, extraBaggageMachine, fareFamiliesMachine, fareRulesMachine, insuranceMachine, recommendationCardMachine, searchFormMachine, searchMachine].map(
    (machine) => [machine.id, machine],
  ),
);
