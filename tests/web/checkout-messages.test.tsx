import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { insuranceProductsResponseSchema, type BookingFailure } from '../../src/contract/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { BookingErrorDialog } from '../../src/web/features/checkout/errors/BookingErrorDialog.tsx';
import { mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { renderPart } from './checkout-parts.tsx';
import { renderApp, findDrawnCheckout } from './render-app.tsx';
import { server } from './setup.ts';

/**
 * Issue 11 "Messages": each message as the user sees it in Spanish — the phone says what is wrong, the
 * RUC is checked on blur before any submit, a taken seat gives the spec's alert, and 1007 counts its attempts.
 */
beforeEach(() => {
  // No insurance plans: these tests are about the forms' messages.
  server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
});

const { consumer, single, agency } = mockCheckoutSessionIds;

async function openCheckout(path: string) {
  const rendered = renderApp(path);
  await findDrawnCheckout('Adulto 1');
  return rendered;
}

const region = (name: string) => screen.getByRole('region', { name });
const submit = () => screen.queryByRole('button', { name: /^(Comprar|Reservar)$/ });

/** Types a whole value at once (pasting): these tests are about messages, not keystrokes. */
async function enter(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('phone messages', () => {
  it('says on blur that the contact phone is too short, never "Ingrese un valor válido"', async () => {
    const { user } = await openCheckout(`/vuelos/checkout/${single}?lang=es`);
    const contact = within(region('Datos de contacto'));
    const phone = contact.getByRole('textbox', { name: /^Teléfono/ });
    await enter(user, phone, '98765');
    await user.tab();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(contact.getByText('El teléfono es demasiado corto')).toBeTruthy();
    expect(contact.queryByText('Ingrese un valor válido')).toBeNull();
    // Nine digits, but no Peruvian number starts 12.
    await enter(user, phone, '123456789');
    expect(await contact.findByText('No es un teléfono válido para el código de país elegido')).toBeTruthy();
  });

  it('checks the contact phone against the chosen country code', async () => {
    const { user } = await openCheckout(`/vuelos/checkout/${single}?lang=es`);
    const contact = within(region('Datos de contacto'));
    const phone = contact.getByRole('textbox', { name: /^Teléfono/ });
    // A Peruvian mobile is fine for Peru; for the United States it is too short.
    await enter(user, phone, '987654321');
    await user.tab();
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    await user.selectOptions(contact.getByRole('combobox', { name: /^Código de país/ }), 'US+1');
    expect(await contact.findByText('El teléfono es demasiado corto')).toBeTruthy();
    await enter(user, phone, '2025550123');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBeNull());
  });

  it('says what is wrong with a passenger phone', async () => {
    const { user } = await openCheckout(`/vuelos/checkout/${consumer}?lang=es`);
    const adult = within(region('Adulto 1'));
    const phone = adult.getByRole('textbox', { name: /^Teléfono/ });
    await enter(user, phone, '1234567890123456');
    await user.tab();
    expect(adult.getByText('El teléfono es demasiado largo')).toBeTruthy();
    expect(adult.queryByText('Ingrese un valor válido')).toBeNull();
  });
});

describe('RUC messages, on blur before any submit (spec 2 §4, §5)', () => {
  it('checks the contact form’s RUC as soon as it is left, while the other fields are still empty', async () => {
    const { user } = await openCheckout(`/vuelos/checkout/${single}?lang=es`);
    const contact = within(region('Datos de contacto'));
    await user.click(contact.getByRole('checkbox', { name: 'Necesito factura' }));
    const ruc = contact.getByRole('textbox', { name: /^RUC/ });

    await user.click(ruc);
    await user.tab();
    expect(contact.getByText('Este campo es requerido')).toBeTruthy();

    await enter(user, ruc, '2051234567');
    expect(await contact.findByText('Ingrese un RUC válido')).toBeTruthy();
    expect(ruc.getAttribute('aria-invalid')).toBe('true');
    // Nothing was submitted: no validation notice.
    expect(screen.queryByText(/Algunos campos están incompletos/)).toBeNull();

    // Eleven digits, but no RUC starts 30; then a real one.
    await enter(user, ruc, '30512345678');
    expect(contact.getByText('Ingrese un RUC válido')).toBeTruthy();
    await enter(user, ruc, '20512345678');
    await waitFor(() => expect(ruc.getAttribute('aria-invalid')).toBeNull());
    expect(submit()).toBeTruthy();
  });

  it('checks the agency form’s RUC on blur too', async () => {
    const { user } = await openCheckout(`/vuelos/b/checkout/${agency}?terminalId=2113855&lang=es`);
    const form = within(region('Datos de la agencia'));
    await user.click(form.getByRole('checkbox', { name: 'Necesito factura' }));
    const ruc = form.getByRole('textbox', { name: /^RUC/ });
    await enter(user, ruc, '123');
    await user.tab();
    expect(form.getByText('Ingrese un RUC válido')).toBeTruthy();
    expect(ruc.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Algunos campos están incompletos/)).toBeNull();
  });
});

describe('a taken seat', () => {
  it('stays out of the tab order, but pressing it gives the spec’s alert', async () => {
    const { user } = await openCheckout(`/vuelos/checkout/${consumer}?lang=es`);
    await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Selección de asientos' });
    const taken = await within(dialog).findByRole('button', { name: 'Asiento 1A, ocupado' });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    expect(taken.getAttribute('tabindex')).toBe('-1');

    await user.click(taken);
    const alert = await screen.findByRole('alertdialog', { name: 'Asiento no disponible' });
    expect(within(alert).getByText('Este asiento ya está asignado, favor de elegir otro !')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Nothing was picked: the first flight still has no seat.
    expect(within(dialog).getByRole('tab', { name: 'LIM - CUZ 0/3' })).toBeTruthy();
  });
});

describe('booking blocked after the attempt limit (1007)', () => {
  const engine = engineFixtures.find((candidate) => candidate.id === '9132868')!;
  const blocked = (attempts: number | undefined): BookingFailure =>
    ({
      statusCode: 1007,
      error: { status: 409, code: 1007, message: 'Reserva bloqueada', errors: [{ value: 'Se alcanzó el límite de intentos.' }], ...(attempts === undefined ? {} : { attempts }) },
    }) as BookingFailure;
  const dialog = (failure: BookingFailure, language: 'es' | 'en' = 'es') =>
    renderPart(
      <BookingErrorDialog failure={failure} engine={engine} agencyView={false} pageUrl="/vuelos/checkout/x" onClose={() => {}} onAcceptFareChange={() => {}} onRetry={() => {}} onSearchOther={() => {}} />,
      { language },
    );

  it('says “1 intento” for one attempt and “3 intentos” for three', () => {
    const one = dialog(blocked(1));
    expect(screen.getByRole('alertdialog', { name: 'Reserva bloqueada' }).textContent).toContain('Tu reserva fue bloqueada tras 1 intento en la misma ruta.');
    one.unmount();
    const three = dialog(blocked(3));
    expect(screen.getByRole('alertdialog').textContent).toContain('Tu reserva fue bloqueada tras 3 intentos en la misma ruta.');
    three.unmount();
  });

  it('counts in English too, and never shows a zero count', () => {
    const one = dialog(blocked(1), 'en');
    expect(screen.getByRole('alertdialog').textContent).toContain('Your booking was blocked after 1 attempt on the same route.');
    one.unmount();
    dialog(blocked(undefined));
    expect(screen.getByRole('alertdialog').textContent).toContain('Tu reserva fue bloqueada tras varios intentos en la misma ruta.');
    expect(screen.getByRole('alertdialog').textContent).not.toMatch(/tras 0/);
  });
});
