import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { exploreMonths } from '../../src/contract/explore.ts';
import { todayInLima } from '../../src/web/lib/dates.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const slow = { timeout: 5000 };
const nextMonth = exploreMonths(todayInLima())[1] as string;
const monthName = (month: string, locale: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' });
const cities = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.querySelector('.explore__city')?.firstChild?.textContent?.trim());

describe('Explora', () => {
  it('is the navbar’s Explore link, lists the cheapest destinations from an origin in a month, sorts them and leads to a destination’s results', async () => {
    const { user, router } = renderApp('/vuelos/');
    await user.click(await screen.findByRole('link', { name: 'Explore' }, slow));
    await findPageHeading('Explore: where can you fly?');
    expect(screen.getByText('Choose where you leave from and a month to see the cheapest destinations.')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Leaving from' }), 'Lim');
    await user.click(await screen.findByRole('option', { name: /^Lima LIM/ }, slow));
    await user.click(screen.getByRole('button', { name: /Month/ }));
    await user.click(screen.getByRole('option', { name: monthName(nextMonth, 'en-US') }));
    const list = await screen.findByRole('list', { name: `Cheapest one-way flights from Lima in ${monthName(nextMonth, 'en-US')}` }, slow);
    expect(cities(list)).toEqual(['Cusco', 'Arequipa', 'Bogotá', 'Miami', 'New York', 'Madrid']);
    const cusco = within(list).getAllByRole('link')[0] as HTMLElement;
    expect(cusco.textContent).toContain('Alejandro Velasco Astete International Airport, Peru');
    expect(cusco.textContent).toContain('US$ 89');
    await user.click(screen.getByRole('radio', { name: 'Destination' }));
    expect(cities(list)).toEqual(['Arequipa', 'Bogotá', 'Cusco', 'Madrid', 'Miami', 'New York']);
    await user.click(screen.getByRole('radio', { name: 'Date' }));
    expect(cities(list)).toEqual(['Arequipa', 'Madrid', 'Miami', 'Cusco', 'Bogotá', 'New York']);
    // The choice stays in the address, so coming back finds it.
    expect(router.state.location.search).toMatchObject({ origin: 'LIM', month: nextMonth, sort: 'date' });
    await user.click(within(list).getByRole('link', { name: /^Cusco CUZ/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/LIM/CUZ/${nextMonth}-14/1/0/0`));
  });

  it('starts from the address in Spanish, names the places in Spanish, and asks again for another month', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/flights/explore')) asked.push(new URL(request.url).searchParams.toString());
    });
    const { user } = renderApp(`/vuelos/explora?lang=es&origin=LIM&month=${nextMonth}&sort=destination`);
    const list = await screen.findByRole('list', { name: `Vuelos de ida más baratos desde Lima en ${monthName(nextMonth, 'es')}` }, slow);
    expect(cities(list)).toEqual(['Arequipa', 'Bogotá', 'Cusco', 'Madrid', 'Miami', 'Nueva York']);
    expect((screen.getByRole('radio', { name: 'Destino' }) as HTMLInputElement).checked).toBe(true);
    const later = exploreMonths(todayInLima())[3] as string;
    await user.click(screen.getByRole('button', { name: /Mes/ }));
    await user.click(screen.getByRole('option', { name: monthName(later, 'es') }));
    expect(await screen.findByRole('list', { name: `Vuelos de ida más baratos desde Lima en ${monthName(later, 'es')}` }, slow)).toBeTruthy();
    server.events.removeAllListeners();
    expect(asked).toEqual([`terminalId=9132868&origin=LIM&month=${nextMonth}&language=es`, `terminalId=9132868&origin=LIM&month=${later}&language=es`]);
  });

  it('says when nothing is sold from the origin that month', async () => {
    renderApp(`/vuelos/explora?origin=AQP&month=${nextMonth}`);
    expect(await screen.findByText(`No flights are sold from Arequipa in ${monthName(nextMonth, 'en-US')}. Try another month.`, {}, slow)).toBeTruthy();
  });

  it('says when the destinations cannot be loaded and loads them on retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/flights/explore', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', errors: [] }, { status: 503 }) : undefined;
      }),
    );
    const { user } = renderApp(`/vuelos/explora?lang=es&origin=LIM&month=${nextMonth}`);
    expect(await screen.findByText('No se pudieron cargar los destinos.', {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Volver a intentar' }));
    expect(await screen.findByRole('list', { name: /^Vuelos de ida más baratos desde Lima/ }, slow)).toBeTruthy();
  });
});
