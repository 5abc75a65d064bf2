import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { insuranceProducts } from '../../../../contract/fixtures/checkout.ts';
import { insuranceMachine, type InsuranceContext } from '../../../../../machines/insurance.machine.ts';
import { InsuranceBlockView } from './InsuranceBlock.tsx';

/** An insurance snapshot for two travellers, its context as the machine builds it. */
function insuranceIn(value: StateValueFrom<typeof insuranceMachine>, context: Partial<InsuranceContext> = {}) {
  return insuranceMachine.resolveState({
    value,
    context: { offered: true, passengersQuantity: 2, products: [], choice: null, detailsProductId: null, acknowledged: false, ...context },
  });
}

const loaded = { products: insuranceProducts };

const meta = {
  title: 'Checkout/Insurance',
  component: InsuranceBlockView,
  args: { snapshot: insuranceIn({ choosing: 'quiet' }, loaded), send: fn(), unanswered: false },
} satisfies Meta<typeof InsuranceBlockView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Profiles off the whitelist and provider 101: nothing is shown. */
export const NotOffered: Story = { args: { snapshot: insuranceIn('notOffered', { offered: false }) } };
export const Loading: Story = { args: { snapshot: insuranceIn('loading') } };
export const LoadingSpanish = spanish(Loading);
/** No plans for this trip, or the call failed: nothing is shown. */
export const Unavailable: Story = { args: { snapshot: insuranceIn('unavailable') } };
export const Choosing: Story = {};
export const ChoosingSpanish = spanish(Choosing);
/** Submitted without an answer: 'Por favor selecciona una de estas 3 opciones'. */
export const Unanswered: Story = { args: { unanswered: true } };
export const UnansweredSpanish = spanish(Unanswered);
/** The insurance-not-chosen modal a submit without an answer opens: plan 1, plan 2 or none. */
export const NotChosenModal: Story = { args: { snapshot: insuranceIn({ choosing: 'asking' }, loaded), unanswered: true } };
export const NotChosenModalSpanish = spanish(NotChosenModal);
export const CoverageDetails: Story = { args: { snapshot: insuranceIn({ choosing: 'quiet' }, { ...loaded, detailsProductId: 'ASSIST-PLUS' }) } };
export const CoverageDetailsSpanish = spanish(CoverageDetails);
export const ChosenPlan2: Story = { args: { snapshot: insuranceIn('chosen', { ...loaded, choice: 'product2' }) } };
export const ChosenPlan2Spanish = spanish(ChosenPlan2);
export const ChosenNone: Story = { args: { snapshot: insuranceIn('chosen', { ...loaded, choice: 'none' }) } };
export const ChosenNoneSpanish = spanish(ChosenNone);
/** A passenger over 70: 'PASAJERO ES MAYOR A 70 AÑOS' until Aceptar. */
export const RejectedOver70: Story = { args: { snapshot: insuranceIn('rejected', loaded) } };
export const RejectedOver70Spanish = spanish(RejectedOver70);
export const RejectedAcknowledged: Story = { args: { snapshot: insuranceIn('rejected', { ...loaded, acknowledged: true }) } };
export const RejectedAcknowledgedSpanish = spanish(RejectedAcknowledged);
