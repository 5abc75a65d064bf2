import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredCheckoutDraft } from '../../machines/checkout-draft.ts';
import { adultPassenger, bookingResult, contactForm } from '../../src/contract/fixtures/checkout.ts';
import { keepDraft, readStoredDraft } from '../../src/web/features/checkout/draft-storage.ts';
import { checkoutSession, mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { mockConfirmationSessionIds } from '../../src/web/mocks/confirmation-handlers.ts';
import { renderApp, findDrawnCheckout } from './render-app.tsx';
import { server } from './setup.ts';

const { single } = mockCheckoutSessionIds;

/** What the tab kept before the reload: one adult, contact with invoice, terms, the card method, plan 2 and a coupon. */
const typed: StoredCheckoutDraft = {
  version: 1,
  sessionID: single,
  passengers: [{ ...adultPassenger, type: 'ADT' } as StoredCheckoutDraft['passengers'][number]],
  contact: contactForm,
  agency: {},
  additional: { enabled: false, accountId: '' },
  terms: { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true, authorizePersonalData: false },
  paymentCode: 120,
  insuranceChoice: 'product2',
  couponCode: 'BIENVENIDA10',
  customFee: 0,
};

const valueOf = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).value;

afterEach(() => window.sessionStorage.clear());

describe('reloading the checkout', () => {
  it('puts back what the traveller typed (Spanish): traveller, contact, terms, payment method, insurance plan and coupon; the card stays empty', async () => {
    keepDraft(single, typed);
    const { user } = renderApp(`/vuelos/checkout/${single}?lang=es`);
    const adult = within(await findDrawnCheckout('Adulto 1', 15000));
    expect(valueOf(adult.getByRole('textbox', { name: /^Nombre/ }))).toBe('Lucía');
    expect(valueOf(adult.getByRole('textbox', { name: /^Apellido/ }))).toBe('Quispe Mamani');
    expect((adult.getByRole('radio', { name: 'Femenino' }) as HTMLInputElement).checked).toBe(true);
    expect([/^Año/, /^Mes/, /^Día/].map((name) => valueOf(adult.getByRole('combobox', { name })))).toEqual(['1988', '4', '12']);
    expect(valueOf(adult.getByRole('combobox', { name: /^Nacionalidad/ }))).toBe('PE');
    expect(valueOf(adult.getByRole('combobox', { name: /^Tipo de documento/ }))).toBe('NI');
    expect(valueOf(adult.getByRole('textbox', { name: /^Número de documento/ }))).toBe('45871236');

    const contact = within(screen.getByRole('region', { name: 'Datos de contacto' }));
    expect(valueOf(contact.getByRole('textbox', { name: /^Correo electrónico/ }))).toBe('lucia.quispe@correo.pe');
    expect(valueOf(contact.getByRole('textbox', { name: /^Teléfono/ }))).toBe('987654321');
    expect(valueOf(contact.getByRole('textbox', { name: /^RUC/ }))).toBe('20512345678');

    for (const name of [/políticas de privacidad/, /términos y condiciones/, /regulaciones del vuelo/]) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    }

    // The insurance answer and the coupon come back once the plans load and the code is checked again.
    const plans = await screen.findByRole('radiogroup', { name: /seguro/i }, { timeout: 5000 });
    await waitFor(() => expect((within(plans).getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true));
    expect(await screen.findByText(/Código BIENVENIDA10 aplicado/, {}, { timeout: 5000 })).toBeTruthy();

    // The card method stays chosen, with its fields empty: card data is typed again (the card form loads with it).
    expect((screen.getByRole('radio', { name: /^Tarjeta de crédito o débito/ }) as HTMLInputElement).checked).toBe(true);
    await screen.findByRole('textbox', { name: /Número de tarjeta/ }, { timeout: 5000 });
    for (const name of [/Número de tarjeta/, /Fecha de vencimiento|Vencimiento/, /Código de seguridad|CVV/]) {
      expect(valueOf(screen.getByRole('textbox', { name }))).toBe('');
    }

    // Typing again keeps the newest draft, never the card.
    await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4111111111111111');
    await user.clear(adult.getByRole('textbox', { name: /^Nombre/ }));
    await user.type(adult.getByRole('textbox', { name: /^Nombre/ }), 'Lucila');
    await waitFor(() => expect((readStoredDraft(single) as StoredCheckoutDraft).passengers[0]?.firstName).toBe('Lucila'));
    const stored = JSON.stringify(readStoredDraft(single));
    expect(stored).not.toContain('4111');
    expect(stored).toContain('"insuranceChoice":"product2"');
  }, 60_000);

  it('ignores a draft typed for a different party and starts empty (English)', async () => {
    keepDraft(single, { ...typed, passengers: [...typed.passengers, { type: 'ADT', firstName: 'Otro' }] });
    renderApp(`/vuelos/checkout/${single}?lang=en`);
    const adult = within(await findDrawnCheckout('Adult 1', 15000));
    expect(valueOf(adult.getByRole('textbox', { name: /^First name/ }))).toBe('');
    expect((screen.getByRole('checkbox', { name: /privacy policies/ }) as HTMLInputElement).checked).toBe(false);
  }, 30_000);

  it('opens a booked checkout (Back, reload, an old tab) on its booking’s confirmation, replacing the checkout in the history', async () => {
    const booked = mockConfirmationSessionIds.card;
    const { router } = renderApp('/vuelos/', `/vuelos/checkout/${booked}?lang=es`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/book/confirmation/${booked}`), { timeout: 15000 });
    expect(await screen.findAllByText('KXQ7TZ', {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Adulto 1' })).toBeNull();
    router.history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('reloading the checkout while it books (issue 37)', () => {
  /** The session as the server answers a reload during the submit: still booking `busyReads` times, then `after`. */
  function answerBookingInProgress(busyReads: number, after: 'booked' | 'notBooked') {
    let reads = 0;
    server.use(
      http.get('/api/sessions', ({ request }) => {
        if (new URL(request.url).searchParams.get('id') !== single) return undefined;
        reads += 1;
        const session = checkoutSession(single);
        if (reads <= busyReads) return HttpResponse.json({ status: 200, personalData: 'full', data: { ...session, bookingInProgress: true } });
        return HttpResponse.json({ status: 200, personalData: 'full', data: after === 'booked' ? { ...session, booking: bookingResult } : session });
      }),
    );
  }

  it('says the booking is in progress, then goes to the booking the server made (English)', async () => {
    answerBookingInProgress(2, 'booked');
    const { router } = renderApp(`/vuelos/checkout/${single}?lang=en`);
    expect((await screen.findByRole('status', {}, { timeout: 15000 })).textContent).toContain('Your booking is in progress');
    expect(screen.queryByRole('region', { name: 'Adult 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/book/confirmation/${single}`), { timeout: 10_000 });
  }, 30_000);

  it('en español, si el intento terminó sin reserva, vuelve al formulario con lo escrito y lo dice', async () => {
    keepDraft(single, typed);
    answerBookingInProgress(1, 'notBooked');
    renderApp(`/vuelos/checkout/${single}?lang=es`);
    expect((await screen.findByRole('status', {}, { timeout: 15000 })).textContent).toContain('Tu reserva está en proceso');
    expect(await screen.findByText('Tu reserva no se completó. Revisa tus datos y vuelve a reservar.', {}, { timeout: 10_000 })).toBeTruthy();
    const adult = within(await findDrawnCheckout('Adulto 1'));
    expect(valueOf(adult.getByRole('textbox', { name: /^Nombre/ }))).toBe('Lucía');
  }, 30_000);
});
