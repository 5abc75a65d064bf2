import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exploreMonths } from '../../src/contract/explore.ts';
import { todayInLima } from '../../src/web/lib/dates.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

/**
 * axe over the rendered document. jsdom does no layout, so colour contrast is left to the browser
 * (e2e) run; every structural rule (names, roles, landmarks, headings, lang) is checked here.
 */
async function violations() {
  const results = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility of the frames', () => {
  it.each([
    ['home in Spanish', '/vuelos/?lang=es', 'Encuentra tu próximo vuelo'],
    ['agency home', '/vuelos/?terminalId=2113855', 'Find your next flight'],
    ['results', '/vuelos/LIM/CUZ/2027-03-03/2027-03-09/2/1/0?cabinType=Y', 'Flights from Lima to Cusco'],
    ['not-found page', '/vuelos/esto/no/existe?lang=es', 'No encontramos esta página'],
    ['unavailable channel', '/vuelos/?terminalId=5550000', 'This sales channel is not available'],
    ['unfinished seat booking', '/vuelos/seats/all/process/error/0?lang=es', 'Reserva inconclusa'],
  ])('%s has no axe violations', async (_name, path, heading) => {
    renderApp(path);
    await findPageHeading(heading);
    expect(await violations()).toEqual([]);
  });

  it('the session-expired dialog has no axe violations', async () => {
    renderApp(`/vuelos/checkout/${mockSessionIds.expired}?lang=es`);
    // The checkout route's code is loaded on its first visit: slower than a second on a busy machine.
    await screen.findByRole('alertdialog', { name: 'Tu sesión ha expirado' }, { timeout: 5000 });
    expect(await violations()).toEqual([]);
  });

  it('Explora with its destinations has no axe violations', async () => {
    renderApp(`/vuelos/explora?lang=es&origin=LIM&month=${exploreMonths(todayInLima())[1]}`);
    await screen.findByRole('list', { name: /^Vuelos de ida más baratos desde Lima/ }, { timeout: 5000 });
    expect(await violations()).toEqual([]);
  });
});
