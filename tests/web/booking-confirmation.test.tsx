import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

const confirmationPath = (id: string, lang: 'es' | 'en' = 'es') => `/vuelos/book/confirmation/${id}?lang=${lang}`;

/** The page once the session has loaded and the booking references show. */
async function openConfirmation(id: string, lang: 'es' | 'en' = 'es') {
  const app = renderApp(confirmationPath(id, lang));
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
  return app;
}

/** The 'Tu reserva' card with the PNR and order id, once the booking has loaded. */
const findReferences = () => screen.findByRole('region', { name: 'Tu reserva' }, { timeout: 5000 });

const tabNames = () => within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);

describe('booking confirmation', () => {
  it('shows the PNR and order id, the success notice and the payment order of a cash deposit of US$ 786.01 without Yape', async () => {
    await openConfirmation(ids.cashDeposit);
    const references = await findReferences();
    expect(within(references).getByText('KXQ7TZ')).toBeTruthy();
    expect(within(references).getByText('ORD-20261122-000123')).toBeTruthy();
    expect(screen.getByText('Tu reserva se realizó con éxito. También enviamos los detalles a tu correo electrónico.')).toBeTruthy();
    expect(tabNames()).toEqual(['Información de pago', 'Detalle de vuelo']);

    const order = screen.getByRole('region', { name: 'Orden de pago' });
    expect(order.textContent).toContain('1002345678');
    expect(order.textContent).toContain('US$ 786.01');
    // The ticketing time limit in Lima, in the page's language.
    expect(order.textContent).toContain('22 nov 2026, 15:14');
    for (const bank of ['BCP', 'BBVA', 'Interbank', 'Scotiabank']) expect(within(order).getByRole('heading', { name: bank })).toBeTruthy();
    expect(order.textContent).toContain('Agente BCP');
    expect(within(order).queryByRole('heading', { name: 'Yape' })).toBeNull();
  });

  it('offers Yape with its S/ 2,000 daily limit when the order is below US$ 500', async () => {
    await openConfirmation(ids.smallCashDeposit);
    const order = await screen.findByRole('region', { name: 'Orden de pago' }, { timeout: 5000 });
    expect(order.textContent).toContain('US$ 412.50');
    const yape = within(order).getByRole('region', { name: 'Yape' });
    expect(yape.textContent).toContain('S/ 2,000');
    expect(yape.textContent).toContain('1002345678');
  });

  it('gives a booking without payment (103) its payment tab too, opened first (issue 37)', async () => {
    await openConfirmation(ids.withoutPayment);
    await findReferences();
    expect(tabNames()).toEqual(['Información de pago', 'Detalle de vuelo']);
    expect(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Reserva sin pago' })).toBeTruthy();
  });

  it('shows the card order’s status instead of bank instructions', async () => {
    await openConfirmation(ids.card, 'en');
    const payment = await screen.findByRole('region', { name: 'Payment with Credit or debit card' }, { timeout: 5000 });
    expect(payment.textContent).toContain('Your payment is pending. Pay before Nov 22, 2026, 3:14 PM (Lima time)');
    expect(within(payment).queryByRole('heading', { name: 'BCP' })).toBeNull();
  });

  it('tells a paid card order in green words', async () => {
    await openConfirmation(ids.paidCard);
    const payment = await screen.findByRole('region', { name: 'Pago con Tarjeta de crédito o débito' }, { timeout: 5000 });
    expect(payment.textContent).toContain('Tu pago fue procesado con éxito');
  });

  it('lists the seats and bags under Productos adicionales when some were chosen', async () => {
    const { user } = await openConfirmation(ids.withExtras);
    await findReferences();
    expect(tabNames()).toEqual(['Información de pago', 'Detalle de vuelo', 'Productos adicionales']);
    await user.click(screen.getByRole('tab', { name: 'Productos adicionales' }));
    const seats = screen.getByRole('table', { name: 'Asientos' });
    expect(within(seats).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'PasajeroVueloAsientoPrecio',
      'Lucía Quispe MamaniLIM-CUZ5AUS$ 6.00',
      'Mateo Huamán QuispeLIM-CUZ5BUS$ 6.00',
      'Carlos Huamán TorresCUZ-LIM8CUS$ 6.00',
    ]);
    const bags = screen.getByRole('table', { name: 'Equipaje' });
    // Named by its airline code in the page's language (0C3), not by the supplier's text.
    expect(bags.textContent).toContain('Primera maleta adicional');
    expect(bags.textContent).not.toMatch(/Checked bag|Carry-on bag|additional baggage/);
    expect(bags.textContent).toContain('US$ 30.00');
  });

  it('copies the booking code and the order id and says so', async () => {
    const { user } = await openConfirmation(ids.cashDeposit);
    await user.click(await screen.findByRole('button', { name: 'Copiar código de reserva' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByText('Código de reserva copiado')).toBeTruthy());
    expect(await navigator.clipboard.readText()).toBe('KXQ7TZ');
    await user.click(screen.getByRole('button', { name: 'Copiar ID de orden' }));
    await waitFor(() => expect(screen.getByText('ID de orden copiado')).toBeTruthy());
    expect(await navigator.clipboard.readText()).toBe('ORD-20261122-000123');
  });

  it('closes the success notice', async () => {
    const { user } = await openConfirmation(ids.cashDeposit);
    await user.click(await screen.findByRole('button', { name: 'Cerrar el aviso' }, { timeout: 5000 }));
    expect(screen.queryByText(/Tu reserva se realizó con éxito/)).toBeNull();
    expect(within(await findReferences()).getByText('KXQ7TZ')).toBeTruthy();
  });

  it.each([
    ['a failed booking', ids.failedBooking],
    ['a session without a booking', mockSessionIds.live],
  ])('shows the UPS banner for %s, without references or tabs', async (_, id) => {
    await openConfirmation(id);
    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner.textContent).toContain('UPS! Ocurrio un error durante la reserva');
    expect(banner.textContent).toContain(id);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('KXQ7TZ')).toBeNull();
  });

  it('says when no session has the id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await openConfirmation(unknown);
    expect(await screen.findByRole('heading', { name: 'No pudimos encontrar esta reserva' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(unknown)).toBeTruthy();
  });

  it('says when the session expired', async () => {
    await openConfirmation(mockSessionIds.expired);
    expect(await screen.findByRole('heading', { name: 'Tu sesión de reserva ha expirado' }, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['es', 'Esta reserva se abre en el navegador con el que se hizo', 'Buscar mi reserva'],
    ['en', 'This booking opens in the browser that made it', 'Find my booking'],
  ] as const)('sends another browser’s visitor (403) to PNR + last name (%s), showing nothing of the booking', async (lang, heading, link) => {
    await openConfirmation(mockSessionIds.otherBrowsers, lang);
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toMatch(/\/bookings\/manage/);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it.each([
    ['es', 'Demasiados intentos', 'Vuelve a intentarlo en 42 segundos.'],
    ['en', 'Too many attempts', 'Please try again in 42 seconds.'],
  ] as const)('says at a 429 that there were too many attempts and when to try again (%s, issue 36)', async (lang, heading, text) => {
    await openConfirmation(mockSessionIds.rateLimited, lang);
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: lang === 'es' ? 'Volver a intentar' : 'Try again' })).toBeTruthy();
  });
});
