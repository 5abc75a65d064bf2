import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { foundBooking, grantOfBooking } from '../../src/contract/fixtures/manage-booking.ts';
import { manageBookingResponseSchema, type ManageBookingView } from '../../src/contract/manage-booking.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

/** The manage page in a language, the lookup answered with `booking`. */
async function managed(booking: ManageBookingView, lang: 'es' | 'en') {
  server.use(http.post('/api/bookings/lookup', () => HttpResponse.json(manageBookingResponseSchema.parse({ status: 200, data: booking, grant: grantOfBooking(booking) }))));
  const app = renderApp(`/vuelos/bookings/manage?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Gestionar tu reserva' : 'Manage your booking');
  await app.user.type(screen.getByRole('textbox', { name: lang === 'es' ? 'Código de reserva (PNR)' : 'Booking code (PNR)' }), 'KXQ7TZ');
  await app.user.type(screen.getByRole('textbox', { name: lang === 'es' ? 'Apellido' : 'Last name' }), 'Quispe Mamani');
  await app.user.click(screen.getByRole('button', { name: lang === 'es' ? 'Buscar mi reserva' : 'Find my booking' }));
  return screen.findByRole('region', { name: lang === 'es' ? 'Pago' : 'Payment' }, { timeout: 5000 });
}

const payMeHold: ManageBookingView = {
  ...foundBooking,
  payment: { ...foundBooking.payment, providerCode: 119, providerName: 'PayMe', kind: 'status' },
  payNowSessionId: ids.payMe,
};

/** Issue 13: a declined PayMe or card payment is paid again until the order's deadline; past it the order reads expired. */
describe('paying a declined order again', () => {
  it('offers PayMe’s page again on the booking confirmation while the order is pending (es)', async () => {
    renderApp(`/vuelos/book/confirmation/${ids.payMe}?lang=es`);
    await findPageHeading('Confirmación de reserva');
    const payment = await screen.findByRole('region', { name: 'Pago con PayMe' }, { timeout: 5000 });
    expect(payment.textContent).toContain('Tu pago está pendiente');
    const again = within(payment).getByRole('link', { name: 'Pagar en la página de PayMe' });
    expect(again.getAttribute('href')).toMatch(new RegExp(`^/vuelos/payment/process/${ids.payMe}(\\?|$)`));
  });

  it('offers PayMe’s page again in manage my booking before the deadline (en)', async () => {
    const payment = await managed(payMeHold, 'en');
    expect(payment.textContent).toContain('Your payment is pending');
    expect(within(payment).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(new RegExp(`^/vuelos/payment/process/${ids.payMe}(\\?|$)`));
  });

  it('reads expired, with nothing to pay, once the server no longer takes the unpaid order (es)', async () => {
    const payment = await managed({ ...payMeHold, payNow: false, payNowSessionId: null, cancellable: false }, 'es');
    expect(payment.textContent).toContain('Su orden de pago está expirada');
    expect(payment.textContent).not.toContain('Tu pago está pendiente');
    expect(within(payment).queryByRole('link', { name: 'Pagar ahora' })).toBeNull();
    expect(within(payment).queryByRole('button', { name: 'Realizar pago' })).toBeNull();
  });
});
