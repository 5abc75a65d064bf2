import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { exploreMachine, type ExploreContext } from '../../../../machines/explore.machine.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { exploreMonths } from '../../../contract/explore.ts';
import { exploreAnswer } from '../../../contract/fixtures/explore.ts';
import { ExploreView } from './ExploreView.tsx';

const lima = { code: 'LIM', description: 'Lima' };

function exploreIn(value: StateValueFrom<typeof exploreMachine>, context: Partial<ExploreContext> = {}) {
  return exploreMachine.resolveState({
    value,
    context: { terminalId: '9132868', language: 'en', token: null, origin: lima, month: '2026-12', sort: 'price', destinations: [], ...context },
  });
}

const meta = {
  title: 'Explore/ExploreView',
  component: ExploreView,
  parameters: { router: { initialEntry: '/vuelos/explora' } },
  args: {
    state: exploreIn('choosing', { origin: null, month: null }),
    send: fn(),
    currency: engineFixtures[0]!.currency,
    months: exploreMonths('2026-11-21'),
    searchOrigin: { business: false, terminalId: null, token: null, lang: undefined },
  },
} satisfies Meta<typeof ExploreView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Nothing chosen yet: the page says what to choose. */
export const Choosing: Story = {};
export const ChoosingSpanish = spanish(Choosing);
/** Lima chosen, no month yet. */
export const ChoosingMonth: Story = { args: { state: exploreIn('choosing', { month: null }) } };
export const Loading: Story = { args: { state: exploreIn('loading') } };
export const LoadingSpanish = spanish(Loading);
/** Cheapest first, each row leading to its one-way results on its date. */
export const Loaded: Story = { args: { state: exploreIn('loaded', { destinations: exploreAnswer('LIM', '2026-12').destinations }) } };
export const LoadedSpanish: Story = {
  args: { state: exploreIn('loaded', { language: 'es', destinations: exploreAnswer('LIM', '2026-12', 'es').destinations }) },
  globals: { locale: 'es' },
};
/** Sorted by city name, in the page's language. */
export const LoadedByDestination: Story = { args: { state: exploreIn('loaded', { sort: 'destination', destinations: exploreAnswer('LIM', '2026-12').destinations }) } };
/** Soonest first. */
export const LoadedByDate: Story = { args: { state: exploreIn('loaded', { sort: 'date', destinations: exploreAnswer('LIM', '2026-12').destinations }) } };
export const Empty: Story = { args: { state: exploreIn('empty', { origin: { code: 'AQP', description: 'Arequipa' } }) } };
export const EmptySpanish = spanish(Empty);
export const Failed: Story = { args: { state: exploreIn('failed') } };
export const FailedSpanish = spanish(Failed);
