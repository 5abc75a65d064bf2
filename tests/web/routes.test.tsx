import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockConfirmationSessionIds as confirmationIds } from '../../src/web/mocks/confirmation-handlers.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { Temporal } from 'temporal-polyfill';
import { todayInLima } from '../../src/web/lib/dates.ts';

/** The step the three-step indicator marks as current, by its Spanish label. */
function currentStep() {
  const steps = screen.getByRole('navigation', { name: 'Progreso de la reserva' });
  return within(steps)
    .getAllByRole('listitem')
    .find((step) => step.getAttribute('aria-current') === 'step')?.textContent;
}

const session = mockSessionIds.live;

describe('booking flow frames', () => {
  it.each([
    ['one-way results', '/vuelos/LIM/CUZ/2027-03-03/1/0/0', 'Vuelos de Lima a Cusco', '1Selecciona tu vuelo'],
    ['round-trip results', '/vuelos/LIM/MIA/2027-03-03/2027-03-10/2/1/0', 'Vuelos de Lima a Miami', '1Selecciona tu vuelo'],
    ['agency one-way results', '/vuelos/b/LIM/CUZ/2027-03-03/1/0/0?terminalId=2113855', 'Vuelos de Lima a Cusco', '1Selecciona tu vuelo'],
    ['agency round-trip results', '/vuelos/b/LIM/CUZ/2027-03-03/2027-03-09/1/0/0?terminalId=2113855', 'Vuelos de Lima a Cusco', '1Selecciona tu vuelo'],
    ['multi-city results', '/vuelos/LIM,CUZ/CUZ,AQP/2027-03-03,2027-03-08/1/0/0', 'Vuelos para tu viaje multidestino', '1Selecciona tu vuelo'],
    ['checkout', `/vuelos/checkout/${session}`, 'Completa tus datos', '2Completa tus datos'],
    ['agency checkout', `/vuelos/b/checkout/${session}?terminalId=2113855`, 'Completa tus datos', '2Completa tus datos'],
    ['booking confirmation', `/vuelos/book/confirmation/${session}?process=2`, 'Confirmación de reserva', '3Finaliza tu reserva'],
    ['payment waiting page', `/vuelos/payment/process/${session}`, 'Te estamos llevando a la página de pago', '3Finaliza tu reserva'],
  ])('%s renders its heading at the right step', async (_name, path, heading, step) => {
    renderApp(`${path}${path.includes('?') ? '&' : '?'}lang=es`);
    expect(await findPageHeading(heading)).toBeTruthy();
    expect(currentStep()).toBe(step);
  });

  it('summarises the search of a results address in the reader’s language', async () => {
    renderApp('/vuelos/LIM/MIA/2027-03-03/2027-03-10/2/1/1?cabinType=C&airline=la&corporateCode=acme&lang=es');
    const summary = await screen.findByRole('region', { name: 'Tu búsqueda' });
    expect(summary.textContent).toContain('Ida y vuelta');
    await waitFor(() => expect(summary.textContent).toContain('Vuelo de ida Lima (LIM) → Miami (MIA)'));
    expect(summary.textContent).toContain('Vuelo de vuelta Miami (MIA) → Lima (LIM)');
    expect(within(summary).getByText('mié, 3 mar 2027')).toBeTruthy();
    expect(summary.textContent).toContain('2 adultos, 1 niño, 1 infante');
    expect(summary.textContent).toContain('Ejecutiva');
    await waitFor(() => expect(summary.textContent).toContain('AerolíneaLATAM Airlines'));
    expect(summary.textContent).toContain('ACME');
  });

  it('ignores a bad cabin and airline in the query, searching what the path says', async () => {
    renderApp('/vuelos/LIM/CUZ/2027-03-03/1/0/0?cabinType=Z&airline=LATAM');
    const summary = await screen.findByRole('region', { name: 'Your search' });
    expect(summary.textContent).toContain('1 adult');
    expect(summary.textContent).toContain('Any cabin');
    expect(summary.textContent).not.toContain('Airline');
  });

  it.each([
    ['/vuelos/LIM/CUZ/2027-02-31/1/0/0?lang=es', '“2027-02-31” no es una fecha del calendario.'],
    ['/vuelos/L1M/CUZ/2027-03-03/1/0/0?lang=en', '“L1M” is not an airport or city code: codes have three letters, like LIM.'],
    ['/vuelos/LIM/CUZ/2027-03-10/2027-03-03/1/0/0?lang=en', 'Each date must be the same as or later than the one before it.'],
    // Issue 37: a trip from a place to itself said its dates had passed.
    ['/vuelos/LIM/LIM/2027-03-03/2027-03-10/1/0/0?lang=en', 'The trip starts and ends at “LIM”: the origin and the destination must be different places.'],
    ['/vuelos/LIM/LIM/2027-03-03/1/0/0?lang=es', 'El viaje empieza y termina en “LIM”: el origen y el destino deben ser lugares distintos.'],
  ])('says which part of %s describes no trip', async (path, reason) => {
    renderApp(path);
    expect(await findPageHeading(path.includes('lang=es') ? 'No pudimos leer esta búsqueda' : 'We could not read this search')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it.each([
    ['/vuelos/LIM/CUZ/2027-03-03/0/0/0?lang=es', 'Viaja al menos un adulto, y cada número de viajeros es un número entero.', 'Buscar para 1 adulto', '/LIM/CUZ/2027-03-03/1/0/0'],
    ['/vuelos/LIM/CUZ/2027-03-03/10/0/0?lang=en', 'A booking holds at most 9 seated travellers (adults and children).', 'Search for 9 adults', '/LIM/CUZ/2027-03-03/9/0/0'],
    ['/vuelos/LIM/CUZ/2027-03-03/1/0/2?lang=en', "Each infant travels on an adult's lap: no more infants than adults, and at most 4.", 'Search for 1 adult, 1 infant', '/LIM/CUZ/2027-03-03/1/0/1'],
  ])('never searches another party than %s says: it names the rule and offers the nearest party', async (path, rule, offer, correctedPath) => {
    const { user, router } = renderApp(path);
    await screen.findByText(rule, undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: offer }));
    await waitFor(() => expect(router.state.location.pathname).toBe(correctedPath));
  });

  it('offers a stale link’s trip from today, keeping its length, instead of a dead end', async () => {
    const { user, router } = renderApp('/vuelos/LIM/CUZ/2025-01-10/2025-01-17/1/0/0?lang=en');
    expect(await findPageHeading('We could not read this search')).toBeTruthy();
    expect(screen.getByText('The dates of this search have passed.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Search the same trip from / }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/LIM\/CUZ\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}\/1\/0\/0$/));
    const [from, to] = router.state.location.pathname.split('/').slice(3, 5) as [string, string];
    expect(from).toBe(todayInLima());
    expect(Temporal.PlainDate.from(from).until(to).days).toBe(7);
    expect(await screen.findByRole('region', { name: 'Your search' })).toBeTruthy();
  });
});

describe('payment and post-sale pages', () => {
  it.each([
    [`/vuelos/payment/notify/payme/error?id=${confirmationIds.card}`, 'Ops! Algo salió mal...'],
    [`/vuelos/niubiz/confirmation/success/${confirmationIds.paidCard}`, 'Tu pago fue procesado con éxito'],
    [`/vuelos/niubiz/confirmation/rejected/${confirmationIds.card}`, 'Su orden de pago no pudo ser procesada'],
    [`/vuelos/niubiz/confirmation/whatever/${confirmationIds.card}`, 'Su orden de pago no pudo ser procesada'],
    [`/vuelos/payment/notify/acuotaz/result/success/name/Ana/amount/350.5/id/${confirmationIds.paidCard}`, 'Tu pago fue procesado con éxito'],
    [`/vuelos/payment/notify/acuotaz/result/rejected/name/Ana/amount/350.5/id/${confirmationIds.card}`, 'Ops! Algo salió mal...'],
    // A decline's page for a booking the server has seen paid tells the truth: paid.
    [`/vuelos/niubiz/confirmation/rejected/${confirmationIds.paidCard}`, 'Tu pago fue procesado con éxito'],
    [`/vuelos/payment/notify/payme/error?id=${confirmationIds.paidCard}`, 'Tu pago fue procesado con éxito'],
    ['/vuelos/dividelo', 'El pago dividido no está disponible'],
    [`/vuelos/seats/all/orderId/${btoa('QWERTY-b')}`, 'Compra de asientos y equipaje'],
    ['/vuelos/seats/all/orderId/%25%25', 'El enlace de esta orden no es válido'],
    ['/vuelos/baggages/all', 'Tu equipaje'],
    [`/vuelos/seats/all/process/${confirmationIds.seatsBooked}`, 'Productos adicionales'],
    [`/vuelos/seats/all/process/warning/${confirmationIds.seatsWarning}`, 'Advertencia'],
    ['/vuelos/seats/all/process/error/0', 'Reserva inconclusa'],
  ])('%s shows “%s”', async (path, heading) => {
    renderApp(`${path}${path.includes('?') ? '&' : '?'}lang=es`);
    expect(await findPageHeading(heading)).toBeTruthy();
  });

  it.each([
    '/vuelos/payment/notify/payme/error?lang=es',
    '/vuelos/niubiz/confirmation/rejected/ORD1?reason=Fondos%20insuficientes&lang=es',
    '/vuelos/payment/notify/acuotaz/result/rejected/name/Ana/amount/350.5/id/ORD1?lang=es',
  ])('%s names no booking the server has: not found, never a payment outcome', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'No pudimos encontrar esta reserva' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Algo salió mal|no pudo ser procesada/ })).toBeNull();
    expect(screen.queryByText('Fondos insuficientes')).toBeNull();
  });

  it('says what went wrong on the payme error page and links to the booking it names', async () => {
    renderApp(`/vuelos/payment/notify/payme/error?id=${confirmationIds.card}&lang=es`);
    await findPageHeading('Ops! Algo salió mal...');
    expect(screen.getByText('Ocurrió un error durante tu pago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver tu reserva' }).getAttribute('href')).toContain(`/vuelos/book/confirmation/${confirmationIds.card}`);
  });

  it('sends a canceled instalment payment to the booking confirmation of that id', async () => {
    const { router } = renderApp('/vuelos/payment/notify/acuotaz/result/canceled/name/Ana/amount/350/id/ORD77?lang=es');
    expect(await findPageHeading('Confirmación de reserva')).toBeTruthy();
    expect(router.history.location.pathname).toBe('/vuelos/book/confirmation/ORD77');
  });

  it('words the rejection code from the query string in our catalogue on a rejected card payment, never the address’s text', async () => {
    renderApp(`/vuelos/niubiz/confirmation/rejected/${confirmationIds.card}?reason=116&lang=es`);
    await findPageHeading('Su orden de pago no pudo ser procesada');
    expect(screen.getByText('La tarjeta no tiene fondos suficientes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a intentar ahora!' })).toBeTruthy();
  });

  it('reads the post-sale order id: record locator and business channel', async () => {
    renderApp(`/vuelos/seats/all/orderId/${btoa('QWERTY-b')}?lang=es`);
    await findPageHeading('Compra de asientos y equipaje');
    expect(screen.getByText('Código de reserva QWERTY')).toBeTruthy();
    expect(screen.getByText('Compra desde el canal corporativo')).toBeTruthy();
  });

  it('shows the fallback error of an unfinished seat booking and goes back on Accept', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es', '/vuelos/seats/all/process/error/0?lang=es');
    await findPageHeading('Reserva inconclusa');
    expect(screen.getByText('No se pudo emitir las sillas : Error interno en la aplicación react')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await findPageHeading('Encuentra tu próximo vuelo')).toBeTruthy();
    expect(router.history.location.pathname).toBe('/vuelos/');
  });
});
