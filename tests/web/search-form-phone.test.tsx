import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findPageHeading, renderApp } from './render-app.tsx';

// A 375 px window from before the form's module loads: it decides then whether to wait for the wide fields.
await vi.hoisted(async () => (await import('./window-width.ts')).useWindowWidth(375));

describe('the search form on a phone (375 px)', () => {
  it('draws the fields a phone hides only when asked for, then keeps them through the toggle', async () => {
    const { user } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const form = screen.getByRole('form', { name: 'Búsqueda de vuelos' });
    expect(within(form).getByRole('button', { name: /Pasajeros/ })).toBeTruthy();
    // Not merely hidden: the airports, dates and airline are not drawn (nor their code loaded) before the toggle.
    expect(within(form).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(form).queryAllByRole('spinbutton')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Más opciones de búsqueda' }));
    const origin = await within(form).findByRole('combobox', { name: /Origen/ }, { timeout: 5000 });
    await user.type(origin, 'Lim');
    await user.click(await screen.findByRole('option', { name: /Lima/ }));
    expect(within(form).getAllByRole('spinbutton').length).toBeGreaterThan(0);

    // Folded and shown again, the field keeps the airport chosen.
    await user.click(within(form).getByRole('button', { name: 'Menos opciones de búsqueda' }));
    await user.click(within(form).getByRole('button', { name: 'Más opciones de búsqueda' }));
    expect((within(form).getByRole('combobox', { name: /Origen/ }) as HTMLInputElement).value).toMatch(/Lima/);
  });
});
