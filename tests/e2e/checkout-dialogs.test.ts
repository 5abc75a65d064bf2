import { describe, expect, it } from 'vitest';
import { checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const TEXTS = {
  es: {
    blocked: 'Reserva bloqueada',
    oneAttempt: 'Tu reserva fue bloqueada tras 1 intento en la misma ruta.',
    accept: 'Aceptar',
    chooseSeats: 'Elegir asientos',
    seats: 'Selección de asientos',
    takenSeat: /^Asiento \d+[A-Z], ocupado$/,
    seatTaken: 'Este asiento ya está asignado, favor de elegir otro !',
    transfer: 'Transferencia bancaria',
  },
  en: {
    blocked: 'Booking blocked',
    oneAttempt: 'Your booking was blocked after 1 attempt on the same route.',
    accept: 'Accept',
    chooseSeats: 'Choose seats',
    seats: 'Seat selection',
    takenSeat: /^Seat \d+[A-Z], taken$/,
    seatTaken: 'This seat is already assigned, please choose another one!',
    transfer: 'Bank transfer',
  },
} as const;

/** The dialogs and notices a traveller meets on the way, in each language (spec 2 §8, §9). */
describe.each<Language>(['es', 'en'])('checkout dialogs and notices (%s)', (language) => {
  const L = LABELS[language];
  const T = TEXTS[language];

  it('a booking the airline blocks (1007) counts one attempt in the singular, and closing the dialog goes back', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-20/2026-12-28/1/0/0?lang=${language}`);
    // The sandbox blocks the last name BLOCKED; each language's traveller is another person, so each is a first attempt.
    await fillOneAdult(page, language, { first: language === 'es' ? 'Rosa' : 'Mary', last: 'BLOCKED', female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    const dialog = page.getByRole('alertdialog', { name: T.blocked });
    await dialog.getByText(T.oneAttempt).waitFor();
    await dialog.getByRole('button', { name: T.accept }).click();
    await page.waitForURL((url) => !url.pathname.includes('/checkout/'));
    expect((await sessionOf(sessionID)).booking?.statusCode).not.toBe(1);
    await page.context().close();
  });

  it('a taken seat stays out of the keyboard’s way, and choosing it says it is taken', async () => {
    const page = await newPage(language);
    await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-21/2026-12-29/1/0/0?airline=LA&lang=${language}`);
    await page.getByRole('button', { name: T.chooseSeats }).click();
    const dialog = page.getByRole('dialog', { name: T.seats });
    const taken = dialog.getByRole('button', { name: T.takenSeat }).first();
    expect(await taken.getAttribute('aria-disabled')).toBe('true');
    // A person can press it (the alert says why not); Playwright would wait for an aria-disabled button to enable.
    await taken.click({ force: true });
    await page.getByText(T.seatTaken).waitFor();
    await page.context().close();
  });

  // Issue #13: a method is offered only when something here pays it (server/payments/registry.ts).
  it('the payment grid offers the methods that can be paid and none that cannot', async () => {
    const page = await newPage(language);
    await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-22/2026-12-30/1/0/0?lang=${language}`);
    await page.getByRole('radio', { name: 'PayMe', exact: true }).waitFor();
    for (const payable of ['PagoEfectivo', 'PayPal']) expect(await page.getByRole('radio', { name: payable, exact: true }).count()).toBe(1);
    // Cuotéalo BCP (137), bank transfer (130) and ACuotaz (125) have their sandbox flows now (checkout-cuotealo, checkout-bank-transfer, checkout-acuotaz).
    for (const payable of ['Cuotéalo BCP', T.transfer, 'ACuotaz']) expect({ payable, offered: await page.getByRole('radio', { name: payable }).count() }).toEqual({ payable, offered: 1 });
    await page.context().close();
  });
});
