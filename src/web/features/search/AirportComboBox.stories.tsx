import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { airportAutocompleteMachine, type AirportAutocompleteContext } from '../../../../machines/airport-autocomplete.machine.ts';
import type { AirportSuggestion } from '../../../contract/places.ts';
import { AirportComboBox } from './AirportField.tsx';

type AutocompleteState = 'idle' | 'waiting' | 'loading' | 'showing' | 'empty' | 'failed';

const newYork: AirportSuggestion[] = [
  { code: 'NYC', name: 'New York', cityName: 'New York', countryCode: 'US', countryName: 'United States', type: 'C' },
  { code: 'JFK', name: 'John F. Kennedy International Airport', cityName: 'New York', countryCode: 'US', countryName: 'United States', type: 'A' },
  { code: 'EWR', name: 'Newark Liberty International Airport', cityName: 'New York', countryCode: 'US', countryName: 'United States', type: 'A' },
  // Offered for lying within 150 km of the typed city: the option says how far.
  { code: 'PHL', name: 'Philadelphia International Airport', cityName: 'Philadelphia', countryCode: 'US', countryName: 'United States', type: 'A', nearbyOf: 'New York', distanceKm: 143 },
];

const autocompleteIn = (value: AutocompleteState, context: Partial<AirportAutocompleteContext> = {}) =>
  airportAutocompleteMachine.resolveState({ value, context: { text: '', suggestions: [], ...context } });

/** The popover opens the way a keyboard user opens it: focus the field, then arrow down. */
const openSuggestions: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('combobox'));
  await userEvent.keyboard('{ArrowDown}');
};

const meta = {
  title: 'Search/AirportComboBox',
  component: AirportComboBox,
  parameters: { layout: 'padded' },
  args: { label: 'Origin', autocomplete: autocompleteIn('idle'), onQueryChange: fn(), onPick: fn() },
} satisfies Meta<typeof AirportComboBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
/** Two letters: too short to ask (spec 1 §5). */
export const IdleShortText: Story = { args: { autocomplete: autocompleteIn('idle', { text: 'Ne' }) } };
export const Waiting: Story = { args: { autocomplete: autocompleteIn('waiting', { text: 'New' }) } };
export const Loading: Story = { args: { autocomplete: autocompleteIn('loading', { text: 'New' }) }, play: openSuggestions };
/** Cities (type C) before their airports, each with city, name and code. */
export const Showing: Story = { args: { autocomplete: autocompleteIn('showing', { text: 'New', suggestions: newYork }) }, play: openSuggestions };
export const ShowingSpanish: Story = { ...Showing, globals: { locale: 'es' } };
export const Empty: Story = { args: { autocomplete: autocompleteIn('empty', { text: 'Xyz' }) }, play: openSuggestions };
export const Failed: Story = { args: { autocomplete: autocompleteIn('failed', { text: 'New' }) }, play: openSuggestions };
export const FailedSpanish: Story = { ...Failed, globals: { locale: 'es' } };
export const ShowingMobile: Story = { ...Showing, globals: { viewport: { value: 'mobile1', isRotated: false } } };
