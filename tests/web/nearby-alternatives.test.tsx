import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const slow = { timeout: 5000 };

describe('cheaper nearby airport on the results', () => {
  it('suggests Ezeiza for a Lima–Aeroparque search, links to that search and searches it (es)', async () => {
    const { user, router } = renderApp('/vuelos/LIM/AEP/2026-12-10/1/0/0?lang=es');
    const note = await screen.findByRole('complementary', { name: 'Aeropuerto cercano más barato' }, slow);
    expect(within(note).getByText(/^Volar a Buenos Aires \(EZE\), a 31 km, cuesta .*80 menos: desde .*259\.$/)).toBeTruthy();
    const link = within(note).getByRole('link', { name: 'Buscar vuelos con EZE' });
    expect(link.getAttribute('href')).toBe('/vuelos/LIM/EZE/2026-12-10/1/0/0?lang=es');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/EZE/2026-12-10/1/0/0'));
  });

  it('moves the return leg too and can be dismissed (en)', async () => {
    const { user } = renderApp('/vuelos/LIM/AEP/2026-12-10/2026-12-17/1/0/0?lang=en');
    const note = await screen.findByRole('complementary', { name: 'Cheaper nearby airport' }, slow);
    expect(within(note).getByText(/^Flying to Buenos Aires \(EZE\), 31 km away, costs .*80 less: from .*259\.$/)).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'Search flights with EZE' }).getAttribute('href')).toBe('/vuelos/LIM/EZE/2026-12-10/2026-12-17/1/0/0?lang=en');
    await user.click(within(note).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Cheaper nearby airport' })).toBeNull();
  });

  it('shows no note when no nearby airport is cheaper', async () => {
    renderApp('/vuelos/LIM/CUZ/2026-12-10/1/0/0?lang=en');
    // The note's question goes out with the search and answers before it (the search mock takes longer).
    expect(await screen.findByText(/^Showing 10 of \d+ flights$/, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Cheaper nearby airport' })).toBeNull();
  });

  it('asks nothing for a multi-city search, which has no price calendar nor nearby note', async () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    try {
      renderApp('/vuelos/LIM,CUZ/CUZ,AQP/2026-12-10,2026-12-15/1/0/0?lang=en');
      expect(await screen.findByRole('tab', { name: 'Prices by airline' }, slow)).toBeTruthy();
      expect(asked).toContain('/api/flights/search');
      expect(asked.filter((path) => path === '/api/flights/nearby' || path === '/api/flights/calendar')).toEqual([]);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });
});
