import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TOKEN, INVALID_ALERT_TOKEN, TRACKING_EMAIL } from '../../src/contract/fixtures/price-alerts.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

const slow = { timeout: 5000 };

describe('track price on the results (issue 21)', () => {
  it('asks for an e-mail, refuses a non-address at the field, and says the confirmation link was sent (es)', async () => {
    const { user } = renderApp('/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=es');
    await user.click(await screen.findByRole('button', { name: 'Seguir precio' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Seguir este precio' });
    const field = within(dialog).getByRole('textbox', { name: 'Correo electrónico' });
    await user.type(field, 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Seguir precio' }));
    expect(within(dialog).getByText('Ingresa un correo electrónico válido.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'ana@example.com{Enter}');
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('Revisa tu correo: enviamos un enlace a ana@example.com.');
    expect(status.textContent).toMatch(/baje US\$ ?14\.32 por debajo de los US\$ ?286\.40 de hoy/);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the address already tracks the search (en)', async () => {
    const { user } = renderApp('/vuelos/LIM/CUZ/2026-12-12/1/0/0?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Track price' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Track this price' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), TRACKING_EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Track price' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(`${TRACKING_EMAIL} already tracks this search.`);
  });
});

describe('the price alert mail links (issue 21)', () => {
  it('confirms the alert (es)', async () => {
    renderApp(`/vuelos/price-alerts/confirm/${ALERT_TOKEN}?lang=es`);
    expect(await findPageHeading('Tu alerta de precio está activa')).toBeTruthy();
    expect(screen.getByText('Revisaremos el precio de LIM → CUZ cada día y te escribiremos cuando baje.')).toBeTruthy();
  });

  it('stops the alert by the unsubscribe link (en)', async () => {
    renderApp(`/vuelos/price-alerts/unsubscribe/${ALERT_TOKEN}?lang=en`);
    expect(await findPageHeading('You stopped this price alert')).toBeTruthy();
    expect(screen.getByText('You will get no more e-mails about LIM → CUZ.')).toBeTruthy();
  });

  it('says a confirm link that is not ours is not valid (en)', async () => {
    renderApp(`/vuelos/price-alerts/confirm/${INVALID_ALERT_TOKEN}?lang=en`);
    expect(await findPageHeading('This price alert link is not valid')).toBeTruthy();
    expect(screen.getByText(/^It may have expired: an alert not confirmed within 3 days is deleted/)).toBeTruthy();
  });

  it('says a malformed unsubscribe link is not valid (es)', async () => {
    renderApp('/vuelos/price-alerts/unsubscribe/corto?lang=es');
    expect(await findPageHeading('Este enlace de alerta de precio no es válido')).toBeTruthy();
    expect(screen.getByText('La alerta ya no existe: no recibirás más correos sobre ella.')).toBeTruthy();
  });
});
