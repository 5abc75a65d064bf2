import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { insuranceProductsResponseSchema } from '../../src/contract/checkout.ts';
import { insuranceProducts } from '../../src/contract/fixtures/checkout.ts';
import { mockBookRequests, mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp, findDrawnCheckout } from './render-app.tsx';
import { server } from './setup.ts';

type User = ReturnType<typeof renderApp>['user'];

const { consumer, agency, single, pair } = mockCheckoutSessionIds;
const checkoutPath = (id: string, query = 'lang=es') => `/vuelos/checkout/${id}?${query}`;

beforeEach(() => {
  mockBookRequests.length = 0;
  // No insurance plans: these tests are about the forms and the booking, not the insurance question.
  server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
});

const region = (name: string) => screen.getByRole('region', { name });

interface PassengerValues {
  first: string;
  last: string;
  gender: 'Masculino' | 'Femenino';
  birth: [year: string, month: string, day: string];
  number: string;
  adult?: string;
}

async function fillPassenger(user: User, section: HTMLElement, values: PassengerValues) {
  const inside = within(section);
  await user.type(inside.getByRole('textbox', { name: /^Nombre/ }), values.first);
  await user.type(inside.getByRole('textbox', { name: /^Apellido/ }), values.last);
  await user.click(inside.getByRole('radio', { name: values.gender }));
  await user.selectOptions(inside.getByRole('combobox', { name: /^Año/ }), values.birth[0]);
  await user.selectOptions(inside.getByRole('combobox', { name: /^Mes/ }), values.birth[1]);
  await user.selectOptions(inside.getByRole('combobox', { name: /^Día/ }), values.birth[2]);
  await user.selectOptions(inside.getByRole('combobox', { name: /^Nacionalidad/ }), 'PE');
  await user.selectOptions(inside.getByRole('combobox', { name: /^Tipo de documento/ }), 'NI');
  await user.type(inside.getByRole('textbox', { name: /^Número de documento/ }), values.number);
  if (values.adult) await user.selectOptions(inside.getByRole('combobox', { name: /^Viaja con/ }), values.adult);
}

const lead = (last = 'Quispe'): PassengerValues => ({ first: 'Lucia', last, gender: 'Femenino', birth: ['1990', '5', '14'], number: '45678912' });

/** Two adults, a child and an infant, valid for the Lima–Cusco fixture (last arrival 2026-12-26). */
async function fillTravellers(user: User) {
  await fillPassenger(user, region('Adulto 1'), lead());
  await fillPassenger(user, region('Adulto 2'), { first: 'Jorge', last: 'Quispe', gender: 'Masculino', birth: ['1988', '3', '2'], number: '41234567' });
  await fillPassenger(user, region('Niño 1'), { first: 'Mateo', last: 'Quispe', gender: 'Masculino', birth: ['2018', '7', '20'], number: '78123456' });
  await fillPassenger(user, region('Infante 1'), { first: 'Sofia', last: 'Quispe', gender: 'Femenino', birth: ['2026', '1', '10'], number: '91234567', adult: '1' });
}

async function fillContact(user: User) {
  const contact = within(region('Datos de contacto'));
  await user.type(contact.getByRole('textbox', { name: /^Nombre/ }), 'Lucia');
  await user.type(contact.getByRole('textbox', { name: /^Apellido/ }), 'Quispe');
  await user.type(contact.getByRole('textbox', { name: /^Correo electrónico/ }), 'lucia@correo.pe');
  await user.type(contact.getByRole('textbox', { name: /^Teléfono/ }), '987654321');
}

async function acceptTerms(user: User) {
  await user.click(screen.getByRole('checkbox', { name: /políticas de privacidad/ }));
  await user.click(screen.getByRole('checkbox', { name: /términos y condiciones/ }));
  await user.click(screen.getByRole('checkbox', { name: /regulaciones del vuelo/ }));
}

async function openCheckout(...entries: [string, ...string[]]) {
  const rendered = renderApp(...entries);
  await findDrawnCheckout();
  return rendered;
}

/** One adult with the given last name (the mock's scenario), contact and terms, ready to submit. */
async function readyToBook(lastName: string) {
  const rendered = await openCheckout(checkoutPath(single, 'lang=es'));
  await fillPassenger(rendered.user, region('Adulto 1'), lead(lastName));
  await fillContact(rendered.user);
  await acceptTerms(rendered.user);
  return rendered;
}

const submit = () => screen.getByRole('button', { name: /^(Comprar|Reservar)$/ });

describe('checkout page', () => {
  it('orders the passenger forms adults, children, infants under the step indicator, with the baggage panel open', async () => {
    await openCheckout(checkoutPath(consumer));
    expect(await findPageHeading('Completa tus datos')).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 4)).toEqual(['Adulto 1', 'Adulto 2', 'Niño 1', 'Infante 1']);
    expect(screen.getByRole('button', { name: 'Equipaje incluido' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('Equipaje de mano: 1 pieza 10 Kg')).toHaveLength(2);
    // The banner, once to assistive technology (the phone-only box repeats it, hidden from them).
    expect(screen.getByText(/Obtén un descuento de US\$ 10\.00 pagando con/, { ignore: '[aria-hidden="true"]' })).toBeTruthy();
  });

  it('puts the discount code before the buy button in keyboard order (issue 37), in Spanish and English', async () => {
    for (const [query, code, buy] of [['lang=es', 'Código de descuento', 'Comprar'], ['lang=en', 'Discount code', 'Checkout']] as const) {
      await openCheckout(checkoutPath(consumer, query));
      const field = await screen.findByRole('textbox', { name: code }, { timeout: 5000 });
      const button = screen.getAllByRole('button', { name: buy }).at(-1)!;
      expect(field.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      cleanup();
    }
  });

  it('shows the validation messages in Spanish in the order of the submit checks, travellers first with a scroll to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = await openCheckout(checkoutPath(consumer));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Algunos campos están incompletos');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    const firstName = within(region('Adulto 1')).getByRole('textbox', { name: /^Nombre/ });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    // Focus lands on the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    // Names, gender, birthdate, nationality, document type and number.
    expect(within(region('Adulto 1')).getAllByText('Este campo es requerido')).toHaveLength(7);
    // Adults are 12 or older on the last arrival (2026-12-26): years newest first, from 2014.
    const years = within(within(region('Adulto 2')).getByRole('combobox', { name: /^Año/ })).getAllByRole('option');
    expect(years.slice(1, 3).map((option) => option.textContent)).toEqual(['2014', '2013']);
    // December 2014 is the edge year: only months up to the arrival month, days up to the 26th.
    await user.selectOptions(within(region('Adulto 2')).getByRole('combobox', { name: /^Año/ }), '2014');
    await user.selectOptions(within(region('Adulto 2')).getByRole('combobox', { name: /^Mes/ }), '12');
    expect(within(within(region('Adulto 2')).getByRole('combobox', { name: /^Día/ })).getAllByRole('option')).toHaveLength(27);

    await fillTravellers(user);
    scrollTo.mockClear();
    await user.click(submit());
    // Travellers pass; the contact form is next, and focus moves to its first field to fix.
    expect(within(region('Datos de contacto')).getAllByText('Este campo es requerido').length).toBeGreaterThan(0);
    expect(scrollTo).not.toHaveBeenCalled();
    await waitFor(() => expect(region('Datos de contacto').contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    await fillContact(user);
    await user.click(submit());
    expect(screen.getByText('Acepta las regulaciones del vuelo y las condiciones de la reserva para continuar.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /regulaciones del vuelo/ }));
    await user.click(submit());
    expect(screen.getByText('Acepta las políticas de privacidad para continuar.')).toBeTruthy();
    expect(mockBookRequests).toHaveLength(0);
    scrollTo.mockRestore();
  }, 60_000);

  it('offers CE only to Peru profiles and DL only to US profiles, and choosing a type clears the number', async () => {
    const { user } = await openCheckout(checkoutPath(consumer));
    const adult = within(region('Adulto 1'));
    const types = () => within(adult.getByRole('combobox', { name: /^Tipo de documento/ })).getAllByRole('option').map((option) => option.textContent);
    expect(types()).toEqual(['Seleccionar', 'DNI', 'Pasaporte', 'Carné de extranjería']);
    await user.selectOptions(adult.getByRole('combobox', { name: /^Tipo de documento/ }), 'NI');
    await user.type(adult.getByRole('textbox', { name: /^Número de documento/ }), 'AB12');
    await user.tab();
    expect(adult.getByText('Ingrese un documento válido')).toBeTruthy();
    await user.selectOptions(adult.getByRole('combobox', { name: /^Tipo de documento/ }), 'PP');
    expect((adult.getByRole('textbox', { name: /^Número de documento/ }) as HTMLInputElement).value).toBe('');
  });

  it('names the national id "Documento de identidad" and offers a driver licence on a US terminal', async () => {
    await openCheckout(checkoutPath(consumer, 'lang=es&terminalId=9132869'));
    const select = within(region('Adulto 1')).getByRole('combobox', { name: /^Tipo de documento/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Seleccionar',
      'Documento de identidad',
      'Pasaporte',
      'Licencia de conducir',
    ]);
  });

  it('assigns each infant to one of the adults, offered as Adulto 1 … N', async () => {
    const { user } = await openCheckout(checkoutPath(consumer));
    const infant = within(region('Infante 1'));
    const travelsWith = infant.getByRole('combobox', { name: /^Viaja con/ });
    expect(within(travelsWith).getAllByRole('option').map((option) => option.textContent)).toEqual(['Seleccionar', 'Adulto 1', 'Adulto 2']);
    await user.click(submit());
    expect(travelsWith.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(travelsWith, '2');
    expect(travelsWith.getAttribute('aria-invalid')).toBeNull();
    expect(within(region('Adulto 1')).queryByRole('combobox', { name: /^Viaja con/ })).toBeNull();
  });

  it('keeps a half-chosen birthdate in the form while insurance plans listen for the ages', async () => {
    server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: insuranceProducts }))));
    const { user } = await openCheckout(checkoutPath(consumer));
    const adult = within(region('Adulto 1'));
    await user.selectOptions(adult.getByRole('combobox', { name: /^Año/ }), '1990');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Día/ }), '31');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Mes/ }), '2');
    // 31 February does not exist: the day is cleared, the form stays.
    expect((adult.getByRole('combobox', { name: /^Día/ }) as HTMLSelectElement).value).toBe('');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Día/ }), '28');
    expect((adult.getByRole('combobox', { name: /^Mes/ }) as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('region', { name: 'Adulto 1' })).toBeTruthy();
  });

  it("copies the first passenger's name, e-mail and phone into the contact form", async () => {
    const { user } = await openCheckout(checkoutPath(consumer));
    const adult = within(region('Adulto 1'));
    await user.type(adult.getByRole('textbox', { name: /^Nombre/ }), 'Lucia');
    await user.type(adult.getByRole('textbox', { name: /^Apellido/ }), 'Quispe');
    await user.type(adult.getByRole('textbox', { name: /^Correo electrónico/ }), 'lucia@correo.pe');
    await user.type(adult.getByRole('textbox', { name: /^Teléfono/ }), '987654321');
    const contact = within(region('Datos de contacto'));
    await user.click(contact.getByRole('checkbox', { name: 'Usar los datos del primer pasajero' }));
    expect((contact.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Lucia');
    expect((contact.getByRole('textbox', { name: /^Apellido/ }) as HTMLInputElement).value).toBe('Quispe');
    expect((contact.getByRole('textbox', { name: /^Correo electrónico/ }) as HTMLInputElement).value).toBe('lucia@correo.pe');
    expect((contact.getByRole('textbox', { name: /^Teléfono/ }) as HTMLInputElement).value).toBe('987654321');
    expect((contact.getByRole('combobox', { name: /^Código de país/ }) as HTMLSelectElement).value).toBe('PE+51');
  });

  it('shows an agency in B2B the agency form instead of the contact form, the account id and the personal-data box', async () => {
    await openCheckout(`/vuelos/b/checkout/${agency}?terminalId=2113855&lang=es`);
    expect(region('Datos de la agencia')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Datos de contacto' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /ID de cuenta/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /tratamiento de mis datos personales/ })).toBeTruthy();
    expect(submit().textContent).toBe('Reservar');
  });

  it('requires the account id once its box is ticked', async () => {
    const { user } = await openCheckout(`/vuelos/b/checkout/${agency}?terminalId=2113855&lang=es`);
    await user.click(screen.getByRole('checkbox', { name: /ID de cuenta/ }));
    await user.click(submit());
    const accountId = within(region('Otros datos')).getByRole('textbox', { name: /^ID de cuenta/ });
    expect(accountId.getAttribute('aria-invalid')).toBe('true');
    await user.type(accountId, 'ACC-2026');
    expect(accountId.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('booking', () => {
  it('books and goes to the confirmation of the session', async () => {
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(router.history.location.search).toContain('terminalId=9132868');
    expect(mockBookRequests).toHaveLength(1);
    const [request] = mockBookRequests;
    expect(request?.bookForm.passengers[0]).toMatchObject({ firstName: 'Lucia', lastName: 'Quispe', documentType: 'NI', birthdate: { year: 1990, month: 5, day: 14 } });
    expect(request?.bookForm.contact).toMatchObject({ email: 'lucia@correo.pe', countryCode: 'PE+51' });
    expect(request?.repricing).toBe(false);
  });

  it('sends provider 119 bookings to the payment process page', async () => {
    const { user, router } = await readyToBook('Payme');
    await user.click(submit());
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/payment/process/${single}`));
  });

  it('sends one request for a double click', async () => {
    const { user, router } = await readyToBook('Quispe');
    await user.dblClick(submit());
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(mockBookRequests).toHaveLength(1);
  });

  it('explains a duplicate booking (1000) with the mailbox, and closing it goes back (spec 2 §2, §4)', async () => {
    const { user, router } = await readyToBook('Duplicate');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Reserva duplicada' });
    expect(dialog.textContent).toContain('Ya existe una reserva con los mismos datos de pasajeros.');
    expect(dialog.textContent).toContain('Reserva Duplicada');
    expect(dialog.textContent).toContain('1000');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    // Arrived by a direct link: back is the home page, in the same language.
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/'));
    expect(router.history.location.search).toContain('lang=es');
  });

  it('returns to the form to try again when an unexpected error (1003) is closed', async () => {
    const { user } = await readyToBook('Unexpected');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: '¡Ha ocurrido algo!' });
    expect(dialog.textContent).toContain('Ocurrió un error inesperado. Por favor, inténtalo nuevamente.');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((within(region('Adulto 1')).getByRole('textbox', { name: /^Apellido/ }) as HTMLInputElement).value).toBe('Unexpected');
  });

  it('shows a fare change (1002) with totals and the per-passenger table, and accepting rebooks with repricing', async () => {
    const { user, router } = await readyToBook('Farechange');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'La tarifa de tu vuelo cambió' });
    expect(dialog.textContent).toContain('US$ 641.69');
    expect(dialog.textContent).toContain('US$ 719.57');
    expect(dialog.textContent).toContain('+US$ 77.88');
    const perPassenger = within(dialog).getByRole('table', { name: 'Precio por pasajero' });
    expect(within(perPassenger).getByRole('rowheader', { name: '2 × Adulto' })).toBeTruthy();
    expect(within(perPassenger).getByText('US$ 245.58')).toBeTruthy();
    const flights = within(dialog).getByRole('table', { name: 'Tus vuelos' });
    expect(within(flights).getAllByText('Standard')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Buscar otros vuelos' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar cambio de tarifa y continuar' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(mockBookRequests.map((request) => request.repricing)).toEqual([false, true]);
    expect(mockBookRequests[0]?.idempotencyKey).not.toBe(mockBookRequests[1]?.idempotencyKey);
  });

  it('closes the fare change with Escape or "Volver al formulario" back to the filled form, nothing booked (issue 37)', async () => {
    const { user } = await readyToBook('Farechange');
    for (const close of [() => user.keyboard('{Escape}'), () => user.click(screen.getByRole('button', { name: 'Volver al formulario' }))]) {
      await user.click(submit());
      await screen.findByRole('alertdialog', { name: 'La tarifa de tu vuelo cambió' });
      await close();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect((within(region('Adulto 1')).getByRole('textbox', { name: /^Apellido/ }) as HTMLInputElement).value).toBe('Farechange');
    }
    expect(mockBookRequests.map((request) => request.repricing)).toEqual([false, false]);
  });

  it('offers a retry after provider intermittence (1303) and books on it', async () => {
    const { user, router } = await readyToBook('Intermittent');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: '¡Ha ocurrido algo!' });
    expect(dialog.textContent).toContain('1303');
    expect(within(dialog).getByRole('button', { name: 'Buscar otros vuelos' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(mockBookRequests.map((request) => request.repricing)).toEqual([false, false]);
  });

  it('goes back to the results of the same search from the provider-error dialog', async () => {
    const { user, router } = await readyToBook('Intermittent');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: '¡Ha ocurrido algo!' });
    await user.click(within(dialog).getByRole('button', { name: 'Buscar otros vuelos' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/LIM/CUZ/2026-12-18/2026-12-26/1/0/0'));
    expect(router.history.location.search).toContain('terminalId=9132868');
    expect(router.history.location.search).toContain('lang=es');
    expect(mockBookRequests).toHaveLength(1);
  });

  it('stops two passengers with the same names for the listed profiles and asks for one more surname', async () => {
    const { user } = await openCheckout(checkoutPath(pair));
    await fillPassenger(user, region('Adulto 1'), lead());
    await fillPassenger(user, region('Adulto 2'), { ...lead(), first: 'Lu cia', birth: ['1991', '6', '1'], number: '45678913' });
    await fillContact(user);
    await acceptTerms(user);
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Uno o más pasajeros tienen nombre y apellidos iguales' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(mockBookRequests).toHaveLength(0);
  });

  it('titles any other code as a warning in the reader’s words, and closing it goes back', async () => {
    const { user, router } = await readyToBook('Warning');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Advertencia: No se pudo completar la reserva' });
    expect(dialog.textContent).toContain('No se pudo completar la reserva. Vuelve a intentarlo más tarde o busca otros vuelos.');
    expect(dialog.textContent).toContain('1500');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/'));
  });

  /** The book call fails once with `failure` (recording the idempotency key it carried), then the mock books. */
  function failBookingOnce(failure: 'network' | 'timeout') {
    const keys: string[] = [];
    server.use(
      http.post(
        '/api/flights/book',
        async ({ request }) => {
          keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
          if (failure === 'network') return HttpResponse.error();
          return HttpResponse.json({ status: 504, code: 504, message: 'Provider timeout', errors: [] }, { status: 504 });
        },
        { once: true },
      ),
    );
    return keys;
  }

  it.each([
    ['a dropped connection', 'network', 'Se perdió la conexión antes de confirmar tu reserva.'],
    ['a provider timeout (504)', 'timeout', 'La aerolínea no respondió a tiempo.'],
  ] as const)('after %s, "Volver a intentar" sends the same attempt (same idempotency key) and books once', { timeout: 60_000 }, async (_, failure, message) => {
    const failedKeys = failBookingOnce(failure);
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Tu reserva aún no está confirmada' });
    expect(dialog.textContent).toContain(message);
    expect(dialog.textContent).not.toMatch(/Failed to fetch|Provider timeout/);
    expect(within(dialog).getByRole('button', { name: 'Buscar otros vuelos' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(mockBookRequests).toHaveLength(1);
    expect(mockBookRequests[0]?.idempotencyKey).toBe(failedKeys[0]);
  });

  it('sends the same attempt again while the server answers 409 in progress (Retry-After), and shows the booking it then answers', { timeout: 60_000 }, async () => {
    const keys: string[] = [];
    server.use(
      http.post('/api/flights/book', async ({ request }) => {
        keys.push(((await request.clone().json()) as { idempotencyKey: string }).idempotencyKey);
        if (keys.length > 2) return undefined;
        return HttpResponse.json({ status: 409, code: 'BOOKING_IN_PROGRESS', message: 'Being booked', errors: [] }, { status: 409, headers: { 'Retry-After': '0' } });
      }),
    );
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(mockBookRequests).toHaveLength(1);
    expect(mockBookRequests[0]?.idempotencyKey).toBe(keys[0]);
  });

  it('says at a 429 on the booking that there were too many attempts and when to retry (Retry-After), then the same attempt books (issue 36)', { timeout: 60_000 }, async () => {
    const keys: string[] = [];
    server.use(
      http.post(
        '/api/flights/book',
        async ({ request }) => {
          keys.push(((await request.clone().json()) as { idempotencyKey: string }).idempotencyKey);
          return HttpResponse.json({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests: try again in 42 s.', errors: [], retryAfterSeconds: 42 }, { status: 429, headers: { 'Retry-After': '42' } });
        },
        { once: true },
      ),
    );
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Demasiados intentos' });
    expect(dialog.textContent).toContain('Vuelve a intentarlo en 42 segundos.');
    await user.click(within(dialog).getByRole('button', { name: 'Volver a intentar' }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(mockBookRequests.map((request) => request.idempotencyKey)).toEqual(keys);
  });

  it('searches other flights from a booking that got no answer', { timeout: 60_000 }, async () => {
    failBookingOnce('network');
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Tu reserva aún no está confirmada' });
    await user.click(within(dialog).getByRole('button', { name: 'Buscar otros vuelos' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/LIM/CUZ/2026-12-18/2026-12-26/1/0/0'));
  });

  it('shows the session-expired dialog when the session expired before the booking was sent (410)', { timeout: 60_000 }, async () => {
    server.use(
      http.post('/api/flights/book', () => HttpResponse.json({ status: 410, code: 'SESSION_EXPIRED', message: 'The session expired.', errors: [] }, { status: 410 }), { once: true }),
    );
    const { user } = await readyToBook('Quispe');
    await user.click(submit());
    expect(await screen.findByRole('alertdialog', { name: 'Tu sesión ha expirado' })).toBeTruthy();
  });

  it('asks before leaving while the booking is in flight, and not otherwise', { timeout: 60_000 }, async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post('/api/flights/book', async () => {
        await held;
        return undefined;
      }, { once: true }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    // A blocked navigation never settles: not awaited.
    void router.navigate({ to: '/' });
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Tu reserva se está procesando y aún puede completarse. ¿Quieres salir de esta página?'));
    expect(router.history.location.pathname).toBe(`/vuelos/checkout/${single}`);
    answer();
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${single}`));
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockRestore();
  });

  it('leaves while the booking is in flight when the traveller confirms', { timeout: 60_000 }, async () => {
    server.use(http.post('/api/flights/book', () => new Promise<never>(() => {}), { once: true }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = await readyToBook('Quispe');
    await user.click(submit());
    void router.navigate({ to: '/' });
    await waitFor(() => expect(router.history.location.pathname).toBe('/vuelos/'));
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockRestore();
  });
});

describe('checkout session', () => {
  it('shows the session-expired dialog on 410 and goes back when closed', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es', `/vuelos/checkout/${mockSessionIds.expired}?lang=es`);
    const dialog = await screen.findByRole('alertdialog', { name: 'Tu sesión ha expirado' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('30 minutos sin actividad');
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }, { timeout: 5000 })).toBeTruthy();
    expect(router.history.location.pathname).toBe('/vuelos/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats an unknown session (404) as expired', async () => {
    renderApp('/vuelos/b/checkout/00000000-0000-4000-8000-000000000000?terminalId=2113855&lang=en');
    expect(await screen.findByRole('alertdialog', { name: 'Your session has expired' })).toBeTruthy();
  });

  it('does not ask the API about an id that cannot be a session', async () => {
    renderApp('/vuelos/checkout/not-a-session?lang=en');
    expect(await screen.findByRole('alertdialog', { name: 'Your session has expired' })).toBeTruthy();
  });
});
