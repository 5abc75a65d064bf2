import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const TEXTS = {
  es: { pay: 'Pagar con PayPal', approve: 'Aprobar y pagar', paid: 'Tu pago fue procesado con éxito' },
  en: { pay: 'Pay with PayPal', approve: 'Approve and pay', paid: 'Your payment was successful' },
} as const;

/** Issue #13: PayPal (139) is offered because it can be paid, end to end, on the sandbox's approval page. */
describe.each<Language>(['es', 'en'])('paying with PayPal (%s)', (language) => {
  const L = LABELS[language];
  const T = TEXTS[language];
  const dates = language === 'es' ? '2026-12-23/2026-12-30' : '2026-12-24/2026-12-31';

  it('books pending, approves on PayPal’s page, returns, and sees the payment the server captured', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Paypal'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: 'PayPal', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode: 139, status: 2 });

    await page.getByRole('button', { name: T.pay }).click();
    await page.waitForURL(/\/sandbox\/paypal\/SBX\w+\?token=[\w-]+$/);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await page.getByRole('button', { name: T.approve }).click();
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/paypal/return\\?lang=${language}&terminalId=9132868&id=${sessionID}&token=SBX\\w+&PayerID=`));
    // The page reads the payment from the server once it has captured it.
    await page.getByRole('heading', { name: T.paid }).waitFor();
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });
});
