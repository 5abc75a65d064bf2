import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { ancillaryBaggageOptions } from '../../../../contract/fixtures/checkout.ts';
import { extraBaggageMachine, type ExtraBaggageContext } from '../../../../../machines/extra-baggage.machine.ts';
import { ExtraBaggageView } from './ExtraBaggage.tsx';

/** Two adults, a child and an infant on the Lima–Cusco round trip. */
function baggageIn(value: StateValueFrom<typeof extraBaggageMachine>, context: Partial<ExtraBaggageContext> = {}) {
  return extraBaggageMachine.resolveState({
    value,
    context: {
      legs: [
        { origin: 'LIM', destination: 'CUZ' },
        { origin: 'CUZ', destination: 'LIM' },
      ],
      passengerTypes: ['ADT', 'ADT', 'CHD', 'INF'],
      options: [],
      choices: {},
      confirmed: {},
      ...context,
    },
  });
}

const loaded = { options: ancillaryBaggageOptions };
const picks = { '0:0:checked': 'OPT-LIMCUZ-0C3', '0:1:checked': 'OPT-CUZLIM-0C3', '2:0:checked': 'OPT-LIMCUZ-0C1' };

const meta = {
  title: 'Checkout/ExtraBaggage',
  component: ExtraBaggageView,
  args: { snapshot: baggageIn('closed'), send: fn() },
} satisfies Meta<typeof ExtraBaggageView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Closed: Story = {};
export const ClosedSpanish = spanish(Closed);
/** Bags chosen on the results: their options load before the card lists them as added (issue 37). */
export const Preselecting: Story = { args: { snapshot: baggageIn('preselecting', { preselected: [{ carryOn: 0, checked: 1 }, { carryOn: 0, checked: 0 }] }) } };
export const PreselectingSpanish = spanish(Preselecting);
export const Loading: Story = { args: { snapshot: baggageIn('loading') } };
export const LoadingSpanish = spanish(Loading);
export const Choosing: Story = { args: { snapshot: baggageIn('choosing', loaded) } };
export const ChoosingSpanish = spanish(Choosing);
export const ChoosingWithPicks: Story = { args: { snapshot: baggageIn('choosing', { ...loaded, choices: picks }) } };
export const ChoosingWithPicksSpanish = spanish(ChoosingWithPicks);
/** Nothing sold (or the call failed): 'No se encontraron maletas'. */
export const ChoosingNoBags: Story = { args: { snapshot: baggageIn('choosing') } };
export const ChoosingNoBagsSpanish = spanish(ChoosingNoBags);
export const Confirmed: Story = { args: { snapshot: baggageIn('confirmed', { ...loaded, choices: picks, confirmed: picks }) } };
export const ConfirmedSpanish = spanish(Confirmed);
