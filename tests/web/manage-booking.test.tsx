import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MANAGED_LINK_TOKEN } from '../../src/contract/fixtures/manage-booking.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { BROKEN_SERVICE_PNR, RATE_LIMITED_PNR } from '../../src/web/mocks/manage-booking-handlers.ts';
import { lookUp } from './manage-page.tsx';
import { findPageHeading, renderApp } from './render-app.tsx';

describe('manage my booking: the PNR + last name page', () => {
  it('finds the booking by PNR and a traveller’s last name typed without accents, with documents whole and its PagoEfectivo CIP to pay (es)', async () => {
    await lookUp('kxq7tz', 'huaman torres', 'es');
    const references = await screen.findByRole('region', { name: 'Tu reserva' }, { timeout: 5000 });
    expect(within(references).getByText('KXQ7TZ')).toBeTruthy();
    expect(within(references).getByText('ORD-20261122-000123')).toBeTruthy();
    const travellers = screen.getByRole('region', { name: 'Pasajeros' });
    expect(travellers.textContent).toContain('Lucía Quispe Mamani · Adulto · NI 45871236');
    expect(travellers.textContent).toContain('lucia.quispe@correo.pe');
    const payment = screen.getByRole('region', { name: 'Pago' });
    expect(payment.textContent).toContain('Tu pago está pendiente');
    expect(payment.textContent).toContain('1002345678');
    // PagoEfectivo (102) is paid by its CIP, as on the confirmation: the banks take the CIP, not the order number.
    const cip = await within(payment).findByRole('region', { name: 'Paga con PagoEfectivo' }, { timeout: 5000 });
    expect((await within(cip).findByText('25123456', {}, { timeout: 5000 })).tagName).toBe('DD');
    expect(cip.textContent).toContain('US$ 786.01');
    expect(cip.textContent).toContain('(hora de Lima)');
    expect(within(cip).getByRole('link', { name: 'Abrir tu CIP en PagoEfectivo' }).getAttribute('href')).toBe('/sandbox/pagoefectivo/25123456?token=cip-page-token&lang=es');
    expect(within(cip).getByRole('heading', { name: 'BCP' })).toBeTruthy();
    expect(within(payment).getByRole('timer')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Detalle del precio' }).textContent).toContain('US$ 786.01');
    expect(screen.getByRole('region', { name: 'Itinerario' }).textContent).toContain('LIM → CUZ');
  });

  it('says in the reader’s words when no booking has the pair, showing none (en)', async () => {
    await lookUp('KXQ7TZ', 'Nobody', 'en');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('We found no booking with this booking code and last name. Check both and try again.');
    expect(screen.queryByRole('region', { name: 'Your booking' })).toBeNull();
  });

  it('tells too many tries apart (es)', async () => {
    await lookUp(RATE_LIMITED_PNR, 'Quispe Mamani', 'es');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Demasiados intentos. Vuelve a intentarlo en 30 minutos.');
  });

  it('offers a retry when the service fails, never the server’s words (en)', async () => {
    await lookUp(BROKEN_SERVICE_PNR, 'Quispe Mamani', 'en');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('We could not reach your booking just now.');
    expect(alert.textContent).not.toContain('briefly unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('refuses a malformed booking code at the field before any call (en)', async () => {
    await lookUp('AB1', 'Quispe', 'en');
    expect(await screen.findByText('The booking code has 6 letters and digits')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels the unpaid hold after a confirmation (en)', async () => {
    const { user } = await lookUp('KXQ7TZ', 'Quispe Mamani', 'en');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }, { timeout: 5000 }));
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Cancel booking KXQ7TZ?');
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your booking KXQ7TZ is cancelled.');
    expect(screen.getByRole('region', { name: 'Payment' }).textContent).toContain('Your payment order is cancelled');
  });
});

describe('manage my booking: the signed link', () => {
  it('shows the booking with documents, phone and e-mail masked and no cancel (es)', async () => {
    renderApp(`/vuelos/bookings/link/${MANAGED_LINK_TOKEN}?lang=es`);
    await findPageHeading('Tu reserva');
    const travellers = await screen.findByRole('region', { name: 'Pasajeros' }, { timeout: 5000 });
    expect(travellers.textContent).toContain('NI ••••••36');
    expect(travellers.textContent).toContain('l•••@correo.pe');
    expect(travellers.textContent).not.toContain('45871236');
    expect(screen.getByText(/los datos personales se muestran en parte/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anular reserva' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows a pending PagoEfectivo order’s CIP by link too, to pay on PagoEfectivo’s page (en)', async () => {
    renderApp(`/vuelos/bookings/link/${MANAGED_LINK_TOKEN}?lang=en`);
    const cip = await screen.findByRole('region', { name: 'Pay with PagoEfectivo' }, { timeout: 5000 });
    expect((await within(cip).findByText('25123456', {}, { timeout: 5000 })).tagName).toBe('DD');
    expect(cip.textContent).toContain('(Lima time)');
    expect(within(cip).getByRole('link', { name: 'Open your CIP at PagoEfectivo' }).getAttribute('href')).toBe('/sandbox/pagoefectivo/25123456?token=cip-page-token&lang=en');
  });

  it('says a forged link is not valid and leads to the PNR + last name page (en)', async () => {
    const { user, router } = renderApp(`/vuelos/bookings/link/${crypto.randomUUID()}.forged?lang=en`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('This booking link is not valid.');
    await user.click(within(alert).getByRole('link', { name: 'Find my booking' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/bookings/manage'));
    expect(router.history.location.search).toContain('lang=en');
  });

  it('is offered on the booking confirmation page as “Gestionar tu reserva” and opens the booking', async () => {
    const { user, router } = renderApp(`/vuelos/book/confirmation/${ids.cashDeposit}?lang=es`);
    const section = await screen.findByRole('region', { name: 'Gestionar tu reserva' }, { timeout: 5000 });
    await user.click(within(section).getByRole('link', { name: 'Gestionar tu reserva' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/bookings/link/${MANAGED_LINK_TOKEN}`));
    expect(await screen.findByRole('region', { name: 'Pasajeros' }, { timeout: 5000 })).toBeTruthy();
  });

  it('is reached from the header’s “Mi reserva” link', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Mi reserva' }));
    await findPageHeading('Gestionar tu reserva');
    expect(router.history.location.pathname).toBe('/vuelos/bookings/manage');
  });
});
