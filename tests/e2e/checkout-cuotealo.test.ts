import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const TEXTS = {
  es: { pay: 'Pagar con Cuotealo', decline: 'Rechazar', approve: 'Aprobar el pago en cuotas', paid: 'Tu pago fue procesado con éxito' },
  en: { pay: 'Pay with Cuotealo', decline: 'Decline', approve: 'Approve the instalment payment', paid: 'Your payment was successful' },
} as const;

/** Issue #13: Cuotéalo BCP (137) is offered because it can be paid, on the sandbox bank's page. */
describe.each<Language>(['es', 'en'])('paying with Cuotéalo BCP (%s)', (language) => {
  const L = LABELS[language];
  const T = TEXTS[language];
  const dates = language === 'es' ? '2026-12-19/2026-12-26' : '2026-12-20/2026-12-27';

  it('books pending, posts the encrypted form to the bank, a decline leaves it payable, an approval pays it', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Cuotas'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: /^Cuotéalo BCP/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode: 137, status: 2 });

    await page.getByRole('button', { name: T.pay }).click();
    await page.waitForURL(/\/sandbox\/cuotealo$/);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await page.getByRole('button', { name: T.decline }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}\\?lang=${language}&terminalId=9132868`));
    expect((await sessionOf(sessionID)).booking?.paymentDetails?.status).toBe(2);

    await page.getByRole('button', { name: T.pay }).click();
    await page.waitForURL(/\/sandbox\/cuotealo$/);
    await page.getByRole('button', { name: T.approve }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}\\?lang=${language}&terminalId=9132868`));
    await page.getByText(T.paid).first().waitFor();
    expect(await page.getByRole('button', { name: T.pay }).count()).toBe(0);
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });
});
