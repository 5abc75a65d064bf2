import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { nearbyNoteMachine, type NearbyNoteContext } from '../../../../machines/nearby-note.machine.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { priceCalendarRequest } from '../../../contract/fixtures/price-calendar.ts';
import type { NearbyAlternative } from '../../../contract/nearby-alternatives.ts';
import { NearbyAlternativeNote } from './NearbyAlternativeNote.tsx';

/** Lima–Aeroparque: Ezeiza is cheaper. */
const ezeiza: NearbyAlternative = { end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: 259, saving: 80 };
/** JFK–Lima: Newark is cheaper. */
const newark: NearbyAlternative = { end: 'origin', origin: 'EWR', destination: 'LIM', airportCode: 'EWR', cityName: 'New York', distanceKm: 34, total: 321, saving: 90 };

/** A nearby note snapshot, its context as the machine builds it. */
function noteSnapshot(value: StateValueFrom<typeof nearbyNoteMachine>, context: Partial<NearbyNoteContext> = {}) {
  return nearbyNoteMachine.resolveState({ value, context: { request: priceCalendarRequest(null), language: 'en', alternative: null, ...context } });
}

const meta = {
  title: 'Results/NearbyAlternativeNote',
  component: NearbyAlternativeNote,
  args: {
    snapshot: noteSnapshot('shown', { alternative: ezeiza }),
    send: fn(),
    currency: engineFixtures[0]!.currency,
    hrefOf: (alternative: NearbyAlternative) => `/vuelos/${alternative.origin}/${alternative.destination}/2026-12-10/1/0/0`,
  },
} satisfies Meta<typeof NearbyAlternativeNote>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Asked with the search: no note meanwhile. */
export const Loading: Story = {
  args: { snapshot: noteSnapshot('loading') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};
export const LoadingSpanish = spanish(Loading);
/** No nearby airport is cheaper (or the question failed): no note. */
export const NoCheaperAirport: Story = { ...Loading, args: { snapshot: noteSnapshot('none') } };
export const NoCheaperAirportSpanish = spanish(NoCheaperAirport);
/** A cheaper airport at the destination's end (Lima–Aeroparque: Ezeiza); its link searches that trip, Dismiss hides it. */
export const CheaperDestination: Story = {
  play: async ({ canvasElement, args }) => {
    const note = within(canvasElement).getByRole('complementary');
    await expect(within(note).getByRole('link').getAttribute('href')).toBe('/vuelos/LIM/EZE/2026-12-10/1/0/0');
    within(note).getByRole('link').click();
    await expect(args.send).toHaveBeenCalledWith({ type: 'note.follow' });
  },
};
export const CheaperDestinationSpanish = spanish(CheaperDestination);
/** A cheaper airport at the origin's end (JFK–Lima: Newark). */
export const CheaperOrigin: Story = { args: { snapshot: noteSnapshot('shown', { alternative: newark }) } };
export const CheaperOriginSpanish = spanish(CheaperOrigin);
/** Dismissed: gone for this results page. */
export const Dismissed: Story = { ...Loading, args: { snapshot: noteSnapshot('dismissed', { alternative: ezeiza }) } };
export const DismissedSpanish = spanish(Dismissed);
