import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, newPage, sessionOf, unique, useServerAndBrowser } from './support/journey.ts';
import { fillCheckoutCard } from './support/checkout-card.ts';

useServerAndBrowser();

/** Issue 13: a declined PayMe payment can be paid again from the booking confirmation until the deadline. */
describe('paying a declined PayMe order again', () => {
  it('declined on PayMe’s page, the booking offers PayMe’s page again and paying there pays the order once', async () => {
    const page = await newPage('en');
    const sessionID = await checkoutFromResults(page, 'en', '/vuelos/LIM/CUZ/2026-12-16/1/0/0?lang=en');
    await fillOneAdult(page, 'en', { first: 'Rosa', last: unique('Reintento'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: 'PayMe', exact: true }).focus();
    await page.keyboard.press('Space');
    await fillCheckoutCard(page.getByRole('region', { name: 'Details of PayMe' }), 'en', '4111111111111111');
    await page.getByRole('button', { name: 'Checkout', exact: true }).last().click();
    await page.waitForURL(/\/sandbox\/payme\/\d+\?lang=en&token=[\w%-]+$/);
    await page.getByRole('button', { name: 'Decline the payment' }).click();
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/payme/error\\?lang=en&terminalId=9132868&id=${sessionID}$`));
    await page.getByText('An error occurred during your payment').waitFor();
    expect((await bookingOf(sessionID))?.paymentDetails?.status).toBe(2);

    // Back on the booking, still pending: PayMe's page again, through the waiting page.
    await page.getByRole('link', { name: 'See your booking' }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await page.getByRole('link', { name: "Pay on PayMe's page" }).click();
    await page.waitForURL(/\/sandbox\/payme\/\d+\?lang=en&token=[\w%-]+$/);
    await page.getByRole('button', { name: /^Pay US\$ [\d.]+$/ }).click();
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/payme/success\\?lang=en&terminalId=9132868&id=${sessionID}$`));
    await page.getByRole('heading', { name: 'Your payment was successful' }).waitFor();
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });
});
