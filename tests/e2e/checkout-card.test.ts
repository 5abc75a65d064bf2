import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHECKOUT_CARD_FIELDS, fillCheckoutCard } from './support/checkout-card.ts';
import { checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

/** The card method, its region and the decline's words (spec 2 §8), in each language. */
const CARD = {
  es: {
    method: /^Tarjeta de crédito o débito/,
    details: /^Detalles de /,
    rejected: 'Su orden de pago no pudo ser procesada',
    reason: 'La tarjeta fue rechazada por el banco emisor.',
    another: 'Usar otra tarjeta',
  },
  en: {
    method: /^(Credit or debit card|Tarjeta de crédito o débito)/,
    details: /^Details of /,
    rejected: 'Your payment order could not be processed',
    reason: 'The card was declined by the issuing bank.',
    another: 'Use another card',
  },
} as const;

/** The sandbox gateway's test cards (docs/sandbox.md "Cards"). */
const DECLINED = '4000000000000002';
const APPROVED = '4111111111111111';

const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

/** A declined card stops the submit at the card; another card then books (issue 11). */
describe.each<Language>(['es', 'en'])('paying by card at checkout (%s)', (language) => {
  const L = LABELS[language];
  const C = { ...CARD[language], ...CHECKOUT_CARD_FIELDS[language] };
  const dates = language === 'es' ? '2026-12-19/2026-12-27' : '2026-12-20/2026-12-28';

  it('a declined card stays at the card with its message and books nothing; another card books', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Tarjeta'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: C.method }).focus();
    await page.keyboard.press('Space');
    const card = page.getByRole('region', { name: C.details });

    await fillCheckoutCard(card, language, DECLINED);
    const declined = card.getByRole('alert');
    await declined.getByText(C.rejected).waitFor();
    expect(await declined.textContent()).toContain(C.reason);

    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    // Refused at the card: focus on its number, its message stays, no generic notice, and no booking.
    await expect.poll(() => focusedLabel(page)).toMatch(C.number);
    expect(page.url()).toContain(`/checkout/${sessionID}`);
    expect(await declined.textContent()).toContain(C.rejected);
    expect(await page.getByText(L.incomplete).count()).toBe(0);
    expect(await page.getByText(L.required, { exact: true }).count()).toBe(0);
    await page.waitForTimeout(1500);
    expect((await sessionOf(sessionID)).booking ?? null).toBeNull();
    expect(page.url()).toContain(`/checkout/${sessionID}`);

    // Another card: the number and its code are typed again, and the booking goes through.
    await declined.getByRole('button', { name: C.another }).click();
    await expect.poll(() => focusedLabel(page)).toMatch(C.number);
    await card.getByRole('textbox', { name: C.number }).pressSequentially(APPROVED);
    await card.getByRole('textbox', { name: C.cvv }).pressSequentially('123');
    await page.keyboard.press('Tab');
    await expect.poll(() => card.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.payment).toBe(120);
    expect(session.bookForm?.paymentCreditCard).toMatchObject({ brand: 'visa', last4: '1111' });
    await page.getByText(session.booking!.pnr!, { exact: true }).first().waitFor();
    await page.context().close();
  });
});
