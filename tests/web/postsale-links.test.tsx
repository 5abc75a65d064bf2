import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { foundBooking } from '../../src/contract/fixtures/manage-booking.ts';
import { encodePostSaleOrderId } from '../../src/contract/postsale.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

describe('reaching the post-sale page from manage my booking', () => {
  it("offers 'Elegir asientos' and 'Agregar equipaje' for the booking's order, and they open its post-sale page (es)", async () => {
    const { user } = renderApp('/vuelos/bookings/manage?lang=es');
    await findPageHeading('Gestionar tu reserva');
    await user.type(screen.getByRole('textbox', { name: 'Código de reserva (PNR)' }), foundBooking.pnr);
    await user.type(screen.getByRole('textbox', { name: 'Apellido' }), foundBooking.travellers[0]!.lastName);
    await user.click(screen.getByRole('button', { name: 'Buscar mi reserva' }));
    const extras = await screen.findByRole('region', { name: 'Asientos y equipaje' }, { timeout: 5000 });
    expect(extras.textContent).toContain('Aún no se compraron asientos ni equipaje después de la reserva.');
    const seats = within(extras).getByRole('link', { name: 'Elegir asientos' });
    const param = encodeURIComponent(encodePostSaleOrderId(foundBooking.orderId));
    expect(seats.getAttribute('href')).toContain(`/vuelos/seats/all/orderId/${param}`);
    expect(within(extras).getByRole('link', { name: 'Agregar equipaje' }).getAttribute('href')).toBe(seats.getAttribute('href'));
    await user.click(seats);
    // The fixture booking's order is not one the mock post-sale API sells for: the page says it could not load it.
    await findPageHeading('Compra de asientos y equipaje');
    expect(await screen.findByText(`Orden ${foundBooking.orderId}`, {}, { timeout: 5000 })).toBeTruthy();
  });
});
