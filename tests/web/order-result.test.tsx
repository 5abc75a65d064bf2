import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_DENIAL_DESCRIPTION, SEAT_FAILURE_REASON, SEAT_WARNING_REASON } from '../../src/contract/fixtures/confirmation.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('card payment success page (/niubiz/confirmation/success/:id)', () => {
  it.each([
    ['es', 'Tu pago fue procesado con éxito', 'Ver tu reserva'],
    ['en', 'Your payment was successful', 'See your booking'],
  ])('in %s, says the payment succeeded only for a paid booking, linking to it', async (lang, heading, bookingLink) => {
    renderApp(`/vuelos/niubiz/confirmation/success/${ids.paidCard}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByRole('link', { name: bookingLink }).getAttribute('href')).toContain(`/vuelos/book/confirmation/${ids.paidCard}`);
  });

  it.each([
    ['es', 'Estamos confirmando tu pago', 'Aún no hemos recibido la confirmación de este pago. Tu reserva muestra el estado de su pago.'],
    ['en', 'Your payment is being confirmed', 'We have not received the confirmation of this payment yet. Your booking shows its payment status.'],
  ])('in %s, says a booked but unpaid order is still being confirmed', async (lang, heading, text) => {
    renderApp(`/vuelos/niubiz/confirmation/success/${ids.card}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /successful|éxito/ })).toBeNull();
  });

  it.each([
    ['an unknown id', unknownId, 'en', 'We could not find this booking'],
    ['a session without a booking', mockSessionIds.live, 'en', 'We could not find this booking'],
    ['a malformed id', 'ORD1', 'es', 'No pudimos encontrar esta reserva'],
  ])('shows the not-found state for %s', async (_case, id, lang, heading) => {
    renderApp(`/vuelos/niubiz/confirmation/success/${id}?lang=${lang}`);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /successful|éxito/ })).toBeNull();
  });

  it('shows the expired state with the way to find the booking', async () => {
    renderApp(`/vuelos/niubiz/confirmation/success/${mockSessionIds.expired}?lang=en`);
    expect(await screen.findByRole('heading', { name: 'Your booking session has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find my booking' }).getAttribute('href')).toContain('/vuelos/bookings/manage');
  });
});

describe('instalment payment success page (/payment/notify/acuotaz/result/success/…/id/:id)', () => {
  const successPage = (id: string, lang: string) => `/vuelos/payment/notify/acuotaz/result/success/name/Ana/amount/1/id/${id}?lang=${lang}`;

  it.each([
    ['es', 'Tu pago fue procesado con éxito', 'Tu pago en cuotas fue aprobado.'],
    ['en', 'Your payment was successful', 'Your instalment payment was approved.'],
  ])('in %s, says the instalments were approved only for a paid booking, not repeating the address’s amount', async (lang, heading, text) => {
    renderApp(successPage(ids.paidCard, lang));
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('says an unpaid booking is still being confirmed', async () => {
    renderApp(successPage(ids.card, 'en'));
    expect(await findPageHeading('Your payment is being confirmed')).toBeTruthy();
  });

  it('shows the not-found state for an unknown id', async () => {
    renderApp(successPage(unknownId, 'en'));
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeTruthy();
  });
});

describe('PayMe payment success page (/payment/notify/payme/success?id=)', () => {
  it.each([
    ['es', 'Tu pago fue procesado con éxito', 'Recibimos tu pago. Recibirás la confirmación de tu reserva por correo electrónico.'],
    ['en', 'Your payment was successful', 'Your payment was received. You will receive the confirmation of your booking by e-mail.'],
  ])('in %s, says the payment was received only for a paid booking', async (lang, heading, text) => {
    renderApp(`/vuelos/payment/notify/payme/success?id=${ids.paidCard}&lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ['no session id', ''],
    ['an unknown id', `id=${unknownId}&`],
  ])('shows the not-found state for %s', async (_case, idParameter) => {
    renderApp(`/vuelos/payment/notify/payme/success?${idParameter}lang=en`);
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeTruthy();
  });
});

describe('seat booking result pages (/seats/all/process/…/:id)', () => {
  it.each([
    ['es', 'Productos adicionales', 'Tus asientos y equipaje fueron reservados.'],
    ['en', 'Additional products', 'Your seats and baggage were booked.'],
  ])('in %s, says seats and bags were booked when the server stored that answer', async (lang, heading, text) => {
    renderApp(`/vuelos/seats/all/process/${ids.seatsBooked}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ['an unknown id', unknownId],
    ['a booking without a seat answer', ids.cashDeposit],
    ['a session whose answer was a failure', ids.seatsFailed],
  ])('shows the not-found state on the success page for %s', async (_case, id) => {
    renderApp(`/vuelos/seats/all/process/${id}?lang=en`);
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeTruthy();
    expect(screen.queryByText('Your seats and baggage were booked.')).toBeNull();
  });

  it.each([
    ['es', 'Advertencia'],
    ['en', 'Warning'],
  ])('in %s, shows the stored warning with its reason', async (lang, heading) => {
    renderApp(`/vuelos/seats/all/process/warning/${ids.seatsWarning}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(SEAT_WARNING_REASON)).toBeTruthy();
  });

  it.each([
    ['es', 'Reserva inconclusa'],
    ['en', 'Booking not completed'],
  ])('in %s, shows the stored failure’s first reason, read in the contract’s shape', async (lang, heading) => {
    renderApp(`/vuelos/seats/all/process/error/${ids.seatsFailed}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(SEAT_FAILURE_REASON)).toBeTruthy();
  });

  it.each([
    ['es', 'Reserva inconclusa', 'El pago con tarjeta fue rechazado.'],
    ['en', 'Booking not completed', 'The card payment was declined.'],
  ])('in %s, words a declined card in the page’s language, never the acquirer’s Spanish description (issue 37)', async (lang, heading, denial) => {
    renderApp(`/vuelos/seats/all/process/error/${ids.seatsCardDeclined}?lang=${lang}`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(screen.getByText(denial)).toBeTruthy();
    expect(screen.queryByText(CARD_DENIAL_DESCRIPTION)).toBeNull();
  });

  it('shows the not-found state on the warning page for a session whose answer was a success', async () => {
    renderApp(`/vuelos/seats/all/process/warning/${ids.seatsBooked}?lang=es`);
    expect(await screen.findByRole('heading', { name: 'No pudimos encontrar esta reserva' })).toBeTruthy();
  });
});
