import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

describe('checkout session', () => {
  it('loads a live session and says how long the selection is kept', async () => {
    renderApp(`/vuelos/checkout/${mockSessionIds.live}?lang=es`);
    await findPageHeading('Completa tus datos');
    expect(await screen.findByText(/Tu selección se conserva hasta el .+ \(hora de Lima\)\./)).toBeTruthy();
    expect(screen.getByText(mockSessionIds.live)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the session-expired dialog on 410 and goes back when closed', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es', `/vuelos/checkout/${mockSessionIds.expired}?lang=es`);
    const dialog = await screen.findByRole('alertdialog', { name: 'Tu sesión ha expirado' });
    expect(dialog.textContent).toContain('30 minutos sin actividad');
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await findPageHeading('Encuentra tu próximo vuelo')).toBeTruthy();
    expect(router.history.location.pathname).toBe('/vuelos/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats an unknown session (404) and a malformed id as expired too', async () => {
    renderApp('/vuelos/b/checkout/00000000-0000-4000-8000-000000000000?terminalId=2113855&lang=en');
    expect(await screen.findByRole('alertdialog', { name: 'Your session has expired' })).toBeTruthy();
  });

  it('does not ask the API about an id that cannot be a session', async () => {
    renderApp('/vuelos/checkout/not-a-session?lang=en');
    expect(await screen.findByRole('alertdialog', { name: 'Your session has expired' })).toBeTruthy();
  });
});
