import type { Locator } from 'playwright-core';
import type { Language } from './journey.ts';

/** The checkout's card form (spec 2 §6): its field labels in each language. */
export const CHECKOUT_CARD_FIELDS = {
  es: {
    number: /^Número de tarjeta/,
    expiry: /^Fecha de vencimiento/,
    cvv: /^Código de seguridad/,
    first: /^Nombre del titular/,
    last: /^Apellido del titular/,
    email: /^Correo electrónico/,
    phone: /^Teléfono/,
    city: /^Ciudad/,
    state: /^Estado o región/,
    address: /^Dirección/,
    document: /^Número de documento/,
  },
  en: {
    number: /^Card number/,
    expiry: /^Expiration date/,
    cvv: /^Security code/,
    first: /^Cardholder first name/,
    last: /^Cardholder last name/,
    email: /^Email/,
    phone: /^Telephone/,
    city: /^City/,
    state: /^State or region/,
    address: /^Address/,
    document: /^Document number/,
  },
} as const;

/** Types a card into the checkout's card form (its region), one key at a time as a person does, then leaves it. */
export async function fillCheckoutCard(card: Locator, language: Language, cardNumber: string): Promise<void> {
  const C = CHECKOUT_CARD_FIELDS[language];
  for (const [name, value] of [
    [C.number, cardNumber],
    [C.expiry, '1230'],
    [C.cvv, '123'],
    [C.first, 'Rosa'],
    [C.last, 'Huaman'],
    [C.email, 'rosa@correo.pe'],
    [C.phone, '987654321'],
    [C.city, 'Lima'],
    [C.state, 'Lima'],
    [C.address, 'Av. Arequipa 1500'],
    [C.document, '45678912'],
  ] as const) {
    await card.getByRole('textbox', { name }).pressSequentially(value);
  }
  await card.page().keyboard.press('Tab');
}
