import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const TEXTS = {
  es: {
    section: 'Paga en cuotas con ACuotaz',
    frame: 'Pago con ACuotaz',
    reject: 'Rechazar',
    approve: 'Aprobar las cuotas',
    oops: 'Ops! Algo salió mal...',
    error: 'Ocurrió un error durante tu pago',
    booking: 'Ver tu reserva',
    paid: 'Tu pago fue procesado con éxito',
    approved: 'Tu pago en cuotas fue aprobado.',
    soles: /Pagas S\/ [\d,]+\.\d\d en cuotas con ACuotaz \(tipo de cambio \d\.\d{3} del \d{4}-\d\d-\d\d\)/,
  },
  en: {
    section: 'Pay in instalments with ACuotaz',
    frame: 'ACuotaz payment',
    reject: 'Reject',
    approve: 'Approve the instalments',
    oops: 'Oops! Something went wrong...',
    error: 'An error occurred during your payment',
    booking: 'See your booking',
    paid: 'Your payment was successful',
    approved: 'Your instalment payment was approved.',
    soles: /You pay S\/ [\d,]+\.\d\d in instalments with ACuotaz \(exchange rate \d\.\d{3} of \d{4}-\d\d-\d\d\)/,
  },
} as const;

/** Issue #13: ACuotaz (125) is offered because it can be paid, on its page framed in the booking's payment tab. */
describe.each<Language>(['es', 'en'])('paying with ACuotaz (%s)', (language) => {
  const L = LABELS[language];
  const T = TEXTS[language];
  const dates = language === 'es' ? '2026-12-17/2026-12-24' : '2026-12-18/2026-12-25';

  it('books pending, pays in the framed ACuotaz page: a rejection shows the error and can be retried, an approval pays it', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Acuotaz'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: /^ACuotaz/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode: 125, status: 2 });

    // The payment-frame view: ACuotaz's page inside the tab, in the page's language, quoting soles.
    const section = page.getByRole('region', { name: T.section });
    await section.getByText(T.soles).waitFor();
    const frame = page.frameLocator(`iframe[title="${T.frame}"]`);
    await frame.getByRole('button', { name: T.reject }).click();
    // The whole window goes to the result page, which shows the spec's error; the order is still payable.
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/acuotaz/result/rejected/name/Rosa/amount/[\\d.]+/id/${sessionID}\\?lang=${language}`));
    await page.getByText(T.oops).waitFor();
    await page.getByText(T.error).waitFor();
    expect((await sessionOf(sessionID)).booking?.paymentDetails?.status).toBe(2);

    // Retry from the booking: the frame is there again, and an approval pays the order.
    await page.getByRole('link', { name: T.booking }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await frame.getByRole('button', { name: T.approve }).click();
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/acuotaz/result/success/name/Rosa/amount/[\\d.]+/id/${sessionID}\\?lang=${language}`));
    await page.getByText(T.approved).waitFor();
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });

    // The confirmation reads paid, with no frame left to pay in.
    await page.getByRole('link', { name: T.booking }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await page.getByText(T.paid).first().waitFor();
    expect(await page.locator(`iframe[title="${T.frame}"]`).count()).toBe(0);
    await page.context().close();
  });
});
