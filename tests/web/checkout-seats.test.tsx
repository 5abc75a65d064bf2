import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { insuranceProductsResponseSchema, seatMapResponseSchema } from '../../src/contract/checkout.ts';
import { bookingRequestBody } from '../../src/web/features/checkout/checkout-api.ts';
import { mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { startCheckout } from './checkout-parts.tsx';
import { renderApp, findDrawnCheckout } from './render-app.tsx';
import { server } from './setup.ts';

type User = ReturnType<typeof renderApp>['user'];

beforeEach(() => {
  // No insurance plans: these tests are about seats.
  server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
});

/** The checkout of two adults, a child and an infant on Lima–Cusco (LATAM NDC, terminal 9132868), in Spanish. */
async function openCheckout() {
  const rendered = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.consumer}?lang=es`);
  await findDrawnCheckout('Adulto 1');
  return rendered;
}

const pricingLine = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openSeats(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Selección de asientos' });
  await within(dialog).findByRole('tab', { name: 'LIM - CUZ 0/3' });
  return dialog;
}

const activePassenger = (dialog: HTMLElement) => within(within(dialog).getByRole('radiogroup', { name: 'Pasajeros' })).getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked);

describe('seat picker at checkout', () => {
  it('picks a seat per passenger and flight, refuses a seat already assigned, and adds the confirmed seats to the total', async () => {
    const { user } = await openCheckout();
    const totalBefore = pricingLine('Total a pagar');
    const dialog = await openSeats(user);

    // Adulto 1 is active; a taken seat is marked unavailable (pressing it gives the alert), a free one says its price.
    expect(within(dialog).getByRole('button', { name: 'Asiento 1A, ocupado' }).getAttribute('aria-disabled')).toBe('true');
    expect(activePassenger(dialog)?.getAttribute('value')).toBe('PAX1');
    // The panel names passengers in words, never by the supplier's ids (issue 37).
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Pasajeros' })).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent ?? '').join(' ')).not.toMatch(/PAX\d/);
    // Front rows cost more: marked as the legend explains.
    expect(within(dialog).getByRole('button', { name: 'Asiento 2A, disponible, US$ 8.00' }).getAttribute('data-tier')).toBe('plus');
    expect(within(dialog).getByRole('button', { name: 'Asiento 5D, disponible, US$ 6.00' }).hasAttribute('data-tier')).toBe(false);
    expect(within(dialog).getByText('Más espacio o adelante (precio mayor)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Asiento 5A, disponible, US$ 6.00' }));
    // The next passenger without a seat becomes active.
    expect(await within(dialog).findByRole('tab', { name: 'LIM - CUZ 1/3' })).toBeTruthy();
    expect(activePassenger(dialog)?.getAttribute('value')).toBe('PAX2');

    // Adulto 1's seat, pressed for Adulto 2: the alert, with the spec's message.
    await user.click(within(dialog).getByRole('button', { name: 'Asiento 5A, elegido para Adulto 1' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Asiento no disponible' });
    expect(within(alert).getByText('Este asiento ya está asignado, favor de elegir otro !')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Asiento 5B, disponible, US$ 6.00' }));
    expect(activePassenger(dialog)?.getAttribute('value')).toBe('PAX3');
    await user.click(within(dialog).getByRole('button', { name: 'Asiento 5C, disponible, US$ 6.00' }));
    expect(within(dialog).getByRole('tab', { name: 'LIM - CUZ 3/3' })).toBeTruthy();
    expect(within(dialog).getByText('Asientos de este vuelo: US$ 18.00')).toBeTruthy();

    // The next flight: only the first adult takes a seat, a front-row one.
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente vuelo' }));
    expect((await within(dialog).findByRole('tab', { name: 'CUZ - LIM 0/3' })).getAttribute('aria-selected')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Asiento 1D, disponible, US$ 8.00' }));
    expect(within(dialog).getByText('Total asientos: US$ 26.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Terminar selección de asientos' }));

    const success = await screen.findByRole('alertdialog', { name: 'Asientos seleccionados' });
    await user.click(within(success).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Adulto 1 · CUZ - LIM · Asiento 1D: US$ 8.00')).toBeTruthy();

    // The pricing box charges them.
    expect(pricingLine('Asientos')).toBe('US$ 26.00');
    const amount = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));
    expect(amount(pricingLine('Total a pagar'))).toBeCloseTo(amount(totalBefore) + 26, 2);

    // Reopening shows the confirmed seats; cancelling a new pick keeps them as they were.
    await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));
    const again = await screen.findByRole('dialog', { name: 'Selección de asientos' });
    expect(within(again).getByRole('tab', { name: 'LIM - CUZ 3/3' })).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Asiento 6A, disponible, US$ 6.00' }));
    await user.click(within(again).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pricingLine('Asientos')).toBe('US$ 26.00');
  });

  it('names the passengers from their forms, and moves between seats with the arrow keys', async () => {
    const { user } = await openCheckout();
    const first = within(screen.getByRole('region', { name: 'Adulto 1' }));
    await user.type(first.getByRole('textbox', { name: /^Nombre/ }), 'Lucia');
    await user.type(first.getByRole('textbox', { name: /^Apellido/ }), 'Quispe');
    const dialog = await openSeats(user);
    expect(within(dialog).getByRole('radio', { name: /^Lucia Quispe/ })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /^Adulto 2/ })).toBeTruthy();
    within(dialog).getByRole('button', { name: 'Asiento 2A, disponible, US$ 8.00' }).focus();
    await user.keyboard('{ArrowRight}');
    // 2B is free; 3C is taken, so going down from 2C skips to 4C.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Asiento 2B, disponible, US$ 8.00');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Asiento 4C, disponible, US$ 8.00');
  });

  it('says so when the flights sell no seats', async () => {
    server.use(http.post('/api/flights/seats', () => HttpResponse.json(seatMapResponseSchema.parse({ status: 200, data: { passengers: [], segments: [] } }))));
    const { user } = await openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Selección de asientos' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No se encontraron resultados');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the seat map could not be loaded in the reader’s words (never the server’s), and tries again', async () => {
    server.use(
      http.post('/api/flights/seats', () => HttpResponse.json({ status: 504, code: 504, message: 'El proveedor no respondió a tiempo.', errors: [] }, { status: 504 }), { once: true }),
    );
    const { user } = await openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Selección de asientos' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('No se pudo cargar el mapa de asientos.');
    expect(alert.textContent).not.toContain('El proveedor no respondió a tiempo.');
    await user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    expect(await within(dialog).findByRole('tab', { name: 'LIM - CUZ 0/3' })).toBeTruthy();
  });
});

describe('the book request', () => {
  it('carries the confirmed seats', async () => {
    const actor = await startCheckout();
    const seats = [{ row: 5, column: 'A', indexSegment: 0, passengerSelected: { id: 'PAX1', passengerTypeCode: 'ADT' as const }, offerItemID: 'S0-5A-PAX1', price: 6 }];
    const body = bookingRequestBody({ context: actor.getSnapshot().context, attempt: 1, repricing: false }, { seats });
    expect(body.seats).toEqual(seats);
    expect(bookingRequestBody({ context: actor.getSnapshot().context, attempt: 1, repricing: false }).seats).toEqual([]);
    actor.stop();
  });
});
