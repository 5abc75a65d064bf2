import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const TEXTS = {
  es: {
    method: 'Transferencia bancaria',
    section: 'Paga por transferencia bancaria',
    dollars: 'Cuentas en dólares',
    sandbox: 'Sandbox: confirma la transferencia en el banco de prueba',
    confirm: 'Confirmar que llegó la transferencia',
    paid: 'Tu pago fue procesado con éxito',
  },
  en: {
    method: 'Bank transfer',
    section: 'Pay by bank transfer',
    dollars: 'Accounts in US dollars',
    sandbox: 'Sandbox: confirm the transfer at the test bank',
    confirm: 'Confirm the transfer was received',
    paid: 'Your payment was successful',
  },
} as const;

/** Issue #13: bank transfer (130) is offered because it can be paid: the accounts on the booking, the sandbox bank's confirmation. */
describe.each<Language>(['es', 'en'])('paying by bank transfer (%s)', (language) => {
  const L = LABELS[language];
  const T = TEXTS[language];
  const dates = language === 'es' ? '2026-12-21/2026-12-28' : '2026-12-22/2026-12-29';

  it('books pending, shows the accounts and the order code, and reads paid once the sandbox bank confirms the transfer', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Transfer'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: T.method, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode: 130, status: 2 });
    const orderNumber = booking?.statusCode === 1 ? (booking.paymentDetails?.orderNumber ?? '') : '';

    const transfer = page.getByRole('region', { name: T.section });
    await transfer.getByRole('region', { name: T.dollars }).waitFor();
    expect(await transfer.textContent()).toContain(orderNumber);
    expect(await transfer.textContent()).toContain('193-0000001-1-90');

    await transfer.getByRole('link', { name: T.sandbox }).click();
    await page.waitForURL(new RegExp(`/sandbox/bank-transfer/${orderNumber}\\?lang=${language}&token=`));
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await page.getByRole('button', { name: T.confirm }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}\\?lang=${language}&terminalId=9132868`));
    await page.getByText(T.paid).first().waitFor();
    expect(await page.getByRole('region', { name: T.section }).count()).toBe(0);
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });
});
