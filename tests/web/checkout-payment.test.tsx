import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insuranceProductsResponseSchema } from '../../src/contract/checkout.ts';
import { checkoutPaymentMethods } from '../../src/contract/checkout-policy.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { mockBookRequests, mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { PaymentSectionView } from '../../src/web/features/checkout/payment/PaymentSection.tsx';
import { formatCardNumber, formatExpiry } from '../../src/web/features/checkout/payment/card-form.ts';
import { CardDeclinedError, tokenizeCard } from '../../src/web/features/checkout/payment/tokenize.ts';
import { CardForm, type CardUpdate } from '../../src/web/features/checkout/payment/CardForms.tsx';
import { ApiRequestError } from '../../src/web/lib/api.ts';
import { renderPart } from './checkout-parts.tsx';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const peru = engineFixtures.find((engine) => engine.id === '9132868')!;
const today = '2026-11-21';
const methodsFor = (options: { airline?: string; provider?: number; startDate?: string; total?: number } = {}) =>
  checkoutPaymentMethods(peru.id, peru.paymentMethods, {
    systemProviderCode: options.provider ?? 100,
    validatingAirline: options.airline ?? 'LA',
    startDate: options.startDate ?? '2026-12-18',
    today,
    total: options.total ?? 300,
  });

function renderPayment(overrides: Partial<Parameters<typeof PaymentSectionView>[0]> = {}, language: 'es' | 'en' = 'en') {
  const onSelect = vi.fn<(code: number) => void>();
  const onCardChange = vi.fn<(update: { valid: boolean; stored: unknown }) => void>();
  const view = renderPart(
    <PaymentSectionView
      offer={methodsFor()}
      selectedCode={102}
      onSelect={onSelect}
      onCardChange={onCardChange}
      total={300}
      isAgencyView={false}
      today={Temporal.PlainDate.from(today)}
      {...overrides}
    />,
    { language },
  );
  return { ...view, onSelect, onCardChange };
}

const methodNames = (group = 'Payment method') => within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);

describe('payment method grid', () => {
  it('offers Banco Ripley only for providers 100/102 and never with UX or AR', () => {
    renderPayment({ offer: methodsFor({ airline: 'LA' }) });
    expect(methodNames()).toContain('Banco Ripley');
  });

  it('hides Banco Ripley for an Air Europa (UX) fare', () => {
    renderPayment({ offer: methodsFor({ airline: 'UX' }) });
    expect(methodNames()).not.toContain('Banco Ripley');
    expect(methodNames()).toContain('Tarjeta Oh!');
  });

  it.each(['en', 'es'] as const)('in %s, takes no card at checkout for Interbank where no vault takes it (a real Niubiz alone), and says where it goes', (language) => {
    renderPayment({ selectedCode: 104, cardVault: false }, language);
    expect(screen.queryByRole('textbox', { name: language === 'es' ? /Número de tarjeta/ : /Card number/ })).toBeNull();
    expect(
      screen.getByText(
        language === 'es'
          ? "Después de reservar, paga con 'Realizar pago': ingresarás tu tarjeta en el formulario seguro de Niubiz."
          : "After booking, pay with 'Make payment': you will type your card in Niubiz's secure payment form.",
      ),
    ).toBeTruthy();
  });

  it('asks Interbank for the card at checkout where the sandbox vault takes it', async () => {
    renderPayment({ selectedCode: 104 });
    // The card forms load when a method showing one is chosen.
    expect(await screen.findByRole('textbox', { name: /Card number/ })).toBeTruthy();
  });

  it.each([
    ['en', 'Payment method', 'SafetyPay (online banking / cash)'],
    ['es', 'Forma de pago', 'SafetyPay (banca por internet / efectivo)'],
  ] as const)('names the SafetyPay (105) tile in the page’s language, %s, whatever the terminal configured (issue 37)', (language, group, name) => {
    const offer = methodsFor();
    const configuredInSpanish = { ...offer, methods: offer.methods.map((method) => (method.onlineCode === 105 ? { ...method, name: 'SafetyPay (banca por internet / efectivo)' } : method)) };
    expect(configuredInSpanish.methods.some((method) => method.onlineCode === 105)).toBe(true);
    renderPayment({ offer: configuredInSpanish }, language);
    expect(methodNames(group).filter((text) => text?.startsWith('SafetyPay'))).toEqual([name]);
  });

  it('hides the bank transfer when the trip starts in less than 3 days', () => {
    renderPayment({ offer: methodsFor({ startDate: '2026-11-23' }) });
    expect(methodNames()).not.toContain('Bank transfer');
  });

  it('keeps the bank transfer 3 days ahead, shows the default method first and sends the chosen code', async () => {
    const { user, onSelect } = renderPayment({ offer: methodsFor({ startDate: '2026-11-24' }) });
    expect(methodNames()).toContain('Bank transfer');
    expect(methodNames()[0]).toBe('PagoEfectivo');
    await user.click(screen.getByRole('radio', { name: 'Tarjeta Oh!' }));
    expect(onSelect).toHaveBeenCalledWith(122);
  });

  it('above US$ 500 offers no split payment (Divídelo has no flow that pays it) and no Yape for cash', () => {
    renderPayment({ offer: methodsFor({ total: 800 }), selectedCode: 103, total: 800 });
    expect(screen.queryByText(/split the payment/i)).toBeNull();
    expect(screen.queryByText(/Yape/)).toBeNull();
  });

  it('tells consumers to pay cash within 6 hours (with Yape under US$ 500), but not agencies', () => {
    const { unmount } = renderPayment({ selectedCode: 103 });
    expect(screen.getByText(/within 6 hours/)).toBeTruthy();
    expect(screen.getByText(/Yape/)).toBeTruthy();
    unmount();
    renderPayment({ selectedCode: 103, isAgencyView: true });
    expect(screen.queryByText(/within 6 hours/)).toBeNull();
  });

  it('explains PagoEfectivo in a modal and toggles the channel picture', async () => {
    const { user } = renderPayment({ selectedCode: 102 });
    expect(screen.getByRole('img', { name: /bank's app/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    expect(screen.getByRole('img', { name: /in cash at agents/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'How does it work?' }));
    const dialog = await screen.findByRole('dialog', { name: 'How does PagoEfectivo work?' });
    // The steps, with no frame of a page that does not exist: the CIP is on the booking's page and in its mail.
    expect(within(dialog).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      "Book and get your CIP code on your booking's page and in your booking e-mail.",
      'Pay it online or in cash at any affiliated agent.',
      'We confirm your booking as soon as the payment arrives.',
    ]);
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('shows ACuotaz in soles at the exchange rate of yesterday', () => {
    renderPayment({ selectedCode: 125, total: 200, exchangeRate: { date: '2026-11-20', from: 'USD', to: 'PEN', rate: 3.75 } });
    expect(screen.getByText(/S\/ 750\.00/)).toBeTruthy();
  });
});

type User = ReturnType<typeof renderPart>['user'];

// The card forms load with the first method showing one (PaymentSection's lazy forms); the tests below
// read their fields at once, as a page does once they are in.
beforeAll(async () => {
  for (const selectedCode of [120, 122]) {
    const { unmount } = renderPayment({ selectedCode });
    await screen.findByRole('textbox', { name: /Card number|Número de tarjeta/ });
    unmount();
  }
});

/** Fills every field of the card form (English labels) with `cardNumber`, and leaves the last one. */
async function fillCard(user: User, cardNumber: string, within_: Pick<typeof screen, 'getByRole' | 'findByRole'> = screen) {
  const values: Array<[RegExp, string]> = [
    [/Card number|Número de tarjeta/, cardNumber],
    [/Expiration date|Fecha de vencimiento/, '1230'],
    [/Security code|Código de seguridad/, '123'],
    [/first name|Nombre del titular/i, 'Lucía'],
    [/last name|Apellido del titular/i, 'Quispe'],
    [/^(Email|Correo)/, 'lucia@correo.pe'],
    [/Telephone|Teléfono/, '987654321'],
    [/City|Ciudad/, 'Lima'],
    [/State|Estado|Región/, 'Lima'],
    [/^(Address|Dirección)/, 'Av. Larco 123'],
    [/Document number|Número de documento/, '45678912'],
  ];
  // The card forms load when a method showing one is chosen.
  await within_.findByRole('textbox', { name: values[0]![0] });
  for (const [name, value] of values) await user.type(within_.getByRole('textbox', { name }), value);
  await user.tab();
}

describe("Cuotéalo BCP's minimum (spec 2 §9)", () => {
  it('shows the minimum purchase on the Cuotéalo tile, in English and Spanish', () => {
    const { unmount } = renderPayment();
    expect(screen.getByRole('radio', { name: /Cuotéalo BCP/ }).closest('label')!.textContent).toContain('Minimum purchase US$ 30.00');
    unmount();
    renderPayment({}, 'es');
    expect(screen.getByRole('radio', { name: /Cuotéalo BCP/ }).closest('label')!.textContent).toContain('Compra mínima US$ 30.00');
    expect(screen.getByRole('radio', { name: 'PagoEfectivo' }).closest('label')!.textContent).not.toContain('mínima');
  });

  it('says why a total below it cannot be paid with Cuotéalo, and marks the choice to change', () => {
    renderPayment({ offer: methodsFor({ total: 25 }), total: 25, selectedCode: 137, paymentIssue: 'belowMinimum' }, 'es');
    expect(screen.getByRole('alert').textContent).toBe('Cuotéalo BCP acepta compras desde US$ 30.00. Elija otro medio de pago.');
    expect(screen.getByRole('radiogroup', { name: 'Forma de pago' }).hasAttribute('data-invalid')).toBe(true);
  });
});

describe('a declined card on the checkout page', () => {
  it('stops the submit at the card with its message and sends no booking; another card books (Spanish)', async () => {
    mockBookRequests.length = 0;
    server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
    const { user } = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.single}?lang=es`);
    const adult = within(await screen.findByRole('region', { name: 'Adulto 1' }, { timeout: 20_000 }));
    await user.type(adult.getByRole('textbox', { name: /^Nombre/ }), 'Lucia');
    await user.type(adult.getByRole('textbox', { name: /^Apellido/ }), 'Quispe');
    await user.click(adult.getByRole('radio', { name: 'Femenino' }));
    await user.selectOptions(adult.getByRole('combobox', { name: /^Año/ }), '1990');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Mes/ }), '5');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Día/ }), '14');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Nacionalidad/ }), 'PE');
    await user.selectOptions(adult.getByRole('combobox', { name: /^Tipo de documento/ }), 'NI');
    await user.type(adult.getByRole('textbox', { name: /^Número de documento/ }), '45678912');
    const contact = within(screen.getByRole('region', { name: 'Datos de contacto' }));
    await user.type(contact.getByRole('textbox', { name: /^Nombre/ }), 'Lucia');
    await user.type(contact.getByRole('textbox', { name: /^Apellido/ }), 'Quispe');
    await user.type(contact.getByRole('textbox', { name: /^Correo electrónico/ }), 'lucia@correo.pe');
    await user.type(contact.getByRole('textbox', { name: /^Teléfono/ }), '987654321');
    for (const name of [/políticas de privacidad/, /términos y condiciones/, /regulaciones del vuelo/]) await user.click(screen.getByRole('checkbox', { name }));

    await user.click(screen.getByRole('radio', { name: /Tarjeta de crédito o débito|Credit or debit card/ }));
    const card = within(await screen.findByRole('region', { name: /^Detalles de / }));
    await fillCard(user, '4000000000000002', card);
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toContain('Su orden de pago no pudo ser procesada');
    expect(alert.textContent).toContain('La tarjeta fue rechazada por el banco emisor.');

    await user.click(screen.getByRole('button', { name: 'Comprar' }));
    // Refused at the card: its message stays, focus goes to its number, no generic notice, no booking.
    const number = card.getByRole('textbox', { name: /Número de tarjeta/ });
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(card.getByRole('alert').textContent).toContain('Su orden de pago no pudo ser procesada');
    expect(screen.queryByText(/Algunos campos están incompletos/)).toBeNull();
    expect(screen.queryByText('Este campo es requerido')).toBeNull();
    expect(mockBookRequests).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Usar otra tarjeta' }));
    await user.type(number, '4111111111111111');
    await user.type(card.getByRole('textbox', { name: /Código de seguridad/ }), '123');
    await user.tab();
    await waitFor(() => expect(card.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Comprar' }));
    await waitFor(() => expect(mockBookRequests).toHaveLength(1));
    expect(mockBookRequests[0]!.bookForm).toMatchObject({ payment: 120, paymentCreditCard: { brand: 'visa', last4: '1111' } });
  }, 120_000);
});

describe('card form', () => {
  it('spaces the number by brand and puts the slash in the expiry', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/345', '12/3')).toBe('12/34');
  });

  it('says what is wrong with the number (Luhn), the expiry and the CVV', async () => {
    const { user } = renderPayment({ selectedCode: 120 });
    await user.type(await screen.findByRole('textbox', { name: /Card number/ }), '4111111111111112');
    await user.type(screen.getByRole('textbox', { name: /Expiration date/ }), '1325');
    await user.type(screen.getByRole('textbox', { name: /Security code/ }), '12');
    await user.tab();
    expect(screen.getByText('Enter a valid card number')).toBeTruthy();
    expect(screen.getByText('Enter a valid expiration date (MM/YY)')).toBeTruthy();
    expect(screen.getByText('Enter a valid security code')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Expiration date/ }) as HTMLInputElement).value).toBe('13/25');
  });

  it.each([
    { language: 'en' as const, type: 'Document type', number: /^Document number/, invalid: 'Enter a valid document' },
    { language: 'es' as const, type: 'Tipo de documento', number: /^Número de documento/, invalid: 'Ingrese un documento válido' },
  ])('asks the cardholder’s document: a DNI is digits only, and a card without it is not handed on ($language)', async ({ language, type, number, invalid }) => {
    const { user, onCardChange } = renderPayment({ selectedCode: 120 }, language);
    await fillCard(user, '4111 1111 1111 1111');
    onCardChange.mockClear();
    const document = screen.getByRole('textbox', { name: number });
    await user.clear(document);
    await user.type(document, 'AB12');
    await user.tab();
    expect(screen.getByText(invalid)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(type) })).toBeTruthy();
    expect(onCardChange).not.toHaveBeenCalledWith(expect.objectContaining({ valid: true }));
    await user.clear(document);
    await user.type(document, '45678912');
    await user.tab();
    await waitFor(() => expect(onCardChange).toHaveBeenLastCalledWith(expect.objectContaining({ valid: true })));
  });

  it('refuses an expired card', async () => {
    const { user } = renderPayment({ selectedCode: 120 });
    await user.type(screen.getByRole('textbox', { name: /Expiration date/ }), '1025');
    await user.tab();
    expect(screen.getByText('This card has expired')).toBeTruthy();
  });

  it('asks Amex for 4 digits of CID and Visa for 3', async () => {
    const { user } = renderPayment({ selectedCode: 120 });
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '378282246310005');
    expect(screen.getByText('Card: American Express')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Security code/ }), '123');
    await user.tab();
    expect(screen.getByText('Enter a valid security code')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Security code/ }), '4');
    await user.tab();
    expect(screen.queryByText('Enter a valid security code')).toBeNull();
  });

  it('rejects a card of another bank for Tarjeta Oh once more than 5 digits are typed (Spanish)', async () => {
    const { user } = renderPayment({ selectedCode: 122 }, 'es');
    const number = screen.getByRole('textbox', { name: /Número de tarjeta/ });
    await user.type(number, '411111');
    await user.tab();
    expect(screen.getByText('Su número de tarjeta no es válido para este descuento. Seleccione otra forma de pago')).toBeTruthy();
    await user.clear(number);
    await user.type(number, '5246010000000000');
    await user.tab();
    expect(screen.queryByText(/no es válido para este descuento/)).toBeNull();
  });

  it('sends only a token, the brand and the last four digits once every field is valid', async () => {
    const { user, onCardChange } = renderPayment({ selectedCode: 120 });
    const fill = async (name: RegExp, value: string) => user.type(screen.getByRole('textbox', { name }), value);
    await fill(/Card number/, '4111111111111111');
    await fill(/Expiration date/, '1230');
    await fill(/Security code/, '123');
    await fill(/first name/, 'Lucía');
    await fill(/last name/, 'Quispe');
    await fill(/^Email/, 'lucia@correo.pe');
    await fill(/Telephone/, '987654321');
    await fill(/City/, 'Lima');
    await fill(/State/, 'Lima');
    await fill(/^Address/, 'Av. Larco 123');
    await fill(/^Document number/, '45678912');
    await user.tab();
    // The gateway's vault answers a random token: nothing in it comes from the card.
    const approved = { valid: true, stored: { token: expect.stringMatching(/^tok_sbx_\w{20,}$/), brand: 'visa', last4: '1111' }, declined: null };
    await waitFor(() => expect(onCardChange).toHaveBeenLastCalledWith(approved));
    // The same card is handed to the vault once, however often the form reports it.
    expect(onCardChange.mock.calls.filter(([update]) => update.valid)).toHaveLength(1);
    expect(JSON.stringify(onCardChange.mock.calls)).not.toContain('4111111111111111');
    expect(JSON.stringify(onCardChange.mock.calls)).not.toContain('45678912');
  });

  it('declines the sandbox test cards 4000 0000 0000 0002 (issuer) and 4000 0000 0000 9995 (funds)', async () => {
    const card = (cardNumber: string) => ({ cardNumber, expirationDate: '12/30', securityCode: '123' });
    await expect(tokenizeCard(card('4000000000000002'))).rejects.toMatchObject({ reason: 'issuerDeclined' });
    await expect(tokenizeCard(card('4000000000009995'))).rejects.toMatchObject({ reason: 'insufficientFunds' });
    await expect(tokenizeCard(card('4000000000000002'))).rejects.toBeInstanceOf(CardDeclinedError);
  });

  it('tells the checkout the gateway declined the card, with its reason and never the number', async () => {
    const { user, onCardChange } = renderPayment({ selectedCode: 120 });
    await fillCard(user, '4000000000009995');
    await waitFor(() => expect(onCardChange).toHaveBeenLastCalledWith({ valid: false, stored: null, declined: 'insufficientFunds' }));
    expect(JSON.stringify(onCardChange.mock.calls)).not.toContain('4000000000009995');
  });

  it('shows a declined card at the card: the spec message, the reason and another card (Spanish)', async () => {
    const { user, onCardChange } = renderPayment({ selectedCode: 120, cardDeclined: 'issuerDeclined' }, 'es');
    const alert = within(screen.getByRole('region', { name: /^Detalles de / })).getByRole('alert');
    expect(alert.textContent).toContain('Su orden de pago no pudo ser procesada');
    expect(alert.textContent).toContain('La tarjeta fue rechazada por el banco emisor.');
    const number = screen.getByRole('textbox', { name: /Número de tarjeta/ });
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Esta tarjeta fue rechazada')).toBeTruthy();
    await user.type(number, '4000000000000002');
    await user.click(within(alert).getByRole('button', { name: 'Usar otra tarjeta' }));
    // The number is typed again: cleared, focused, and the checkout forgets the declined card.
    expect((number as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(onCardChange).toHaveBeenLastCalledWith({ valid: false, stored: null, declined: null });
  });

  it('asks Interbank cards for a numeric DNI', async () => {
    const { user } = renderPayment({ selectedCode: 104 });
    await user.type(screen.getByRole('textbox', { name: /Document number/ }), 'AB12');
    await user.tab();
    expect(screen.getByText('Enter a valid document')).toBeTruthy();
  });
});

describe('a card refused for too many tries (429, issue 36)', () => {
  it.each([
    ['es', 'Demasiados intentos. Vuelve a intentarlo en 42 segundos.'],
    ['en', 'Too many attempts. Please try again in 42 seconds.'],
  ] as const)('says so and when to try again (%s), and the same card goes again on the next blur', async (language, words) => {
    const refusal = new ApiRequestError({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests: try again in 42 s.', errors: [], retryAfterSeconds: 42 }, undefined, 42);
    const tokenize = vi.fn<typeof tokenizeCard>().mockRejectedValueOnce(refusal).mockResolvedValue({ token: 'tok_1', brand: 'visa', last4: '1111' } as Awaited<ReturnType<typeof tokenizeCard>>);
    const { user } = renderPart(<CardForm paymentCode={120} onCardChange={vi.fn<(update: CardUpdate) => void>()} tokenize={tokenize} />, { language });
    await fillCard(user, '4111111111111111');
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    await user.click(screen.getByRole('textbox', { name: /Card number|Número de tarjeta/ }));
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(tokenize.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the Scotiabank card on the checkout page (123, spec 2 §7)', () => {
  it.each([
    { language: 'es', refusal: 'ORIGIN_OUTSIDE_PERU', text: 'Con la tarjeta Scotiabank no se puede reservar este viaje: solo reserva viajes que comienzan en el Perú. Elija otra forma de pago.', card: /Número de tarjeta/, buy: 'Comprar' },
    { language: 'en', refusal: 'DEPARTURE_TOO_SOON', text: 'The Scotiabank card cannot book this trip: it books only flights leaving 48 hours or more from now. Choose another payment method.', card: /Card number/, buy: 'Checkout' },
  ] as const)('in $language, asks the bank on choosing the card and, refused, says why instead of taking a card', async ({ language, refusal, text, card, buy }) => {
    const asked: string[] = [];
    server.use(
      http.get('/api/checkout/scotiabank', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('sessionID') ?? '');
        return HttpResponse.json({ status: 200, data: { reservable: false, refusal } });
      }),
    );
    const { user } = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.single}?lang=${language}`);
    await user.click(await screen.findByRole('radio', { name: 'Scotiabank' }, { timeout: 20_000 }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(asked).toEqual([mockCheckoutSessionIds.single]);
    expect(screen.queryByRole('textbox', { name: card })).toBeNull();
    expect(screen.getByRole('button', { name: buy })).toHaveProperty('disabled', true);
  });

  it('offers to ask again when the bank does not answer, then takes the card it accepts', async () => {
    let calls = 0;
    server.use(
      http.get('/api/checkout/scotiabank', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ status: 503, code: 'UNAVAILABLE', message: 'down', errors: [] }, { status: 503 }) : HttpResponse.json({ status: 200, data: { reservable: true, refusal: null } });
      }),
    );
    const { user } = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.single}?lang=en`);
    await user.click(await screen.findByRole('radio', { name: 'Scotiabank' }, { timeout: 20_000 }));
    expect(await screen.findByText('Scotiabank did not answer whether your card can book this trip. Try again or choose another payment method.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
