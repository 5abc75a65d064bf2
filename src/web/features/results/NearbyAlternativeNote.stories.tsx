import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { NearbyAlternativeNote } from './NearbyAlternativeNote.tsx';

const meta = {
  title: 'Results/NearbyAlternativeNote',
  component: NearbyAlternativeNote,
  args: {
    alternative: { end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: 259, saving: 80 },
    currency: engineFixtures[0]!.currency,
    href: '/vuelos/LIM/EZE/2026-12-10/1/0/0',
    onFollow: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof NearbyAlternativeNote>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** A cheaper airport at the destination's end (Lima–Aeroparque: Ezeiza). */
export const CheaperDestination: Story = {};
export const CheaperDestinationSpanish = spanish(CheaperDestination);
/** A cheaper airport at the origin's end (JFK–Lima: Newark). */
export const CheaperOrigin: Story = {
  args: { alternative: { end: 'origin', origin: 'EWR', destination: 'LIM', airportCode: 'EWR', cityName: 'New York', distanceKm: 34, total: 321, saving: 90 }, href: '/vuelos/EWR/LIM/2026-12-10/1/0/0' },
};
export const CheaperOriginSpanish = spanish(CheaperOrigin);
