import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MANAGED_LAST_NAME, REFUND_DUE_PNR } from '../../src/contract/fixtures/manage-booking.ts';
import { encodePostSaleOrderId } from '../../src/contract/postsale.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { POSTSALE_ORDERS } from '../../src/web/mocks/postsale-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

const injected = 'Llame al 0800-55555 para su reembolso';

describe('the card rejection page prints only texts of our own catalogue', () => {
  it.each([
    ['es', 'Su orden de pago no pudo ser procesada', 'El pago con tarjeta fue rechazado.'],
    ['en', 'Your payment order could not be processed', 'The card payment was declined.'],
  ])('in %s, an arbitrary ?reason= shows the generic rejection text, never the address’s words', async (lang, heading, generic) => {
    renderApp(`/vuelos/niubiz/confirmation/rejected/${ids.card}?lang=${lang}&reason=${encodeURIComponent(injected)}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(generic)).toBeTruthy();
    expect(document.body.textContent).not.toContain('0800-55555');
  });

  it.each([
    ['es', 'Su orden de pago no pudo ser procesada', 'La tarjeta no tiene fondos suficientes.'],
    ['en', 'Your payment order could not be processed', 'The card does not have enough funds.'],
  ])('in %s, a known denial code shows its catalogue text', async (lang, heading, text) => {
    renderApp(`/vuelos/niubiz/confirmation/rejected/${ids.card}?lang=${lang}&reason=116`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('manage my booking tells a refund due', () => {
  it.each([
    ['es', 'Gestionar tu reserva', 'Código de reserva (PNR)', 'Apellido', 'Buscar mi reserva', 'Reembolso pendiente', 'Llegó un pago de US$ 786.01 después de que esta reserva expiró; corresponde devolverlo.'],
    ['en', 'Manage your booking', 'Booking code (PNR)', 'Last name', 'Find my booking', 'Refund due', 'A payment of US$ 786.01 arrived after this booking expired; a refund is due.'],
  ])('in %s, an expired booking with a late payment shows the refund notice', async (lang, pageHeading, pnrLabel, lastNameLabel, find, region, notice) => {
    const app = renderApp(`/vuelos/bookings/manage?lang=${lang}`);
    await findPageHeading(pageHeading);
    await app.user.type(screen.getByRole('textbox', { name: pnrLabel }), REFUND_DUE_PNR);
    await app.user.type(screen.getByRole('textbox', { name: lastNameLabel }), MANAGED_LAST_NAME);
    await app.user.click(screen.getByRole('button', { name: find }));
    const refunds = await screen.findByRole('region', { name: region }, { timeout: 5000 });
    expect(refunds.textContent).toContain(notice);
  });
});

describe('the post-sale page of a closed booking', () => {
  it.each([
    ['es', 'No hay extras para esta reserva', 'Esta reserva expiró o fue anulada: ya no se pueden comprar asientos ni equipaje para ella. No se cobró nada.'],
    ['en', 'No extras for this booking', 'This booking expired or was cancelled: seats and baggage can no longer be bought for it. Nothing was charged.'],
  ])('in %s, shows the server’s BOOKING_CLOSED in the reader’s words', async (lang, heading, text) => {
    renderApp(`/vuelos/seats/all/orderId/${encodePostSaleOrderId(POSTSALE_ORDERS.closed)}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });
});
