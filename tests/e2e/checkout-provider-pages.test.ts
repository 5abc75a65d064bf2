import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

const world = useServerAndBrowser();

const TEXTS = {
  es: {
    pagoEfectivo: 'PagoEfectivo',
    safetyPay: 'SafetyPay (banca por internet / efectivo)',
    cipSection: 'Paga con PagoEfectivo',
    cipDetails: 'Tu código CIP',
    openCip: 'Abrir tu CIP en PagoEfectivo',
    payCip: 'Pagar el CIP (sandbox)',
    expireCip: 'Dejar expirar el CIP (sandbox)',
    cipExpired: 'Este código CIP ha expirado: ya no se puede pagar.',
    providerPage: /^Pagar en la página de SafetyPay/,
    pay: /^Pagar US\$/,
    paid: 'Tu pago fue procesado con éxito',
    expired: 'Su orden de pago está expirada',
    bookingMail: (pnr: string) => `Tu reserva ${pnr} está confirmada`,
    mailCip: /Código CIP: (\d{8})/,
    manage: 'Gestionar tu reserva',
    yourBooking: 'Tu reserva',
    payment: 'Pago',
  },
  en: {
    pagoEfectivo: 'PagoEfectivo',
    safetyPay: 'SafetyPay (online banking / cash)',
    cipSection: 'Pay with PagoEfectivo',
    cipDetails: 'Your CIP code',
    openCip: 'Open your CIP at PagoEfectivo',
    payCip: 'Pay the CIP (sandbox)',
    expireCip: 'Let the CIP expire (sandbox)',
    cipExpired: 'This CIP code has expired: it can no longer be paid.',
    providerPage: /^Pay on SafetyPay/,
    pay: /^Pay US\$/,
    paid: 'Your payment was successful',
    expired: 'Your payment order has expired',
    bookingMail: (pnr: string) => `Your booking ${pnr} is confirmed`,
    mailCip: /CIP code: (\d{8})/,
    manage: 'Manage your booking',
    yourBooking: 'Your booking',
    payment: 'Payment',
  },
} as const;

/** From results to a pending booking paid with `method`, on its confirmation; the booking's order number. */
async function bookPending(page: Page, language: Language, dates: string, method: string, providerCode: number, seed: string) {
  const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
  await fillOneAdult(page, language, { first: 'Rosa', last: unique(seed), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
  await page.getByRole('radio', { name: method, exact: true }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: LABELS[language].buy, exact: true }).last().click();
  await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
  const booking = await bookingOf(sessionID);
  expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode, status: 2 });
  return { sessionID, orderNumber: booking?.statusCode === 1 ? (booking.paymentDetails?.orderNumber ?? '') : '' };
}

/** The CIP panel of the payment tab, once the server's CIP is in: its code. */
async function cipOn(page: Page, language: Language) {
  const T = TEXTS[language];
  const details = page.getByRole('region', { name: T.cipSection }).getByRole('definition');
  await page.getByRole('region', { name: T.cipSection }).getByText(T.openCip).waitFor();
  return (await details.first().textContent()) ?? '';
}

/** Issue #13: PagoEfectivo's CIP and SafetyPay's page are paid end to end through the sandbox's provider pages. */
describe.each<Language>(['es', 'en'])('paying on the provider’s page (%s)', (language) => {
  const T = TEXTS[language];
  const day = language === 'es' ? 0 : 1;
  const datesOf = (offset: number) => `2027-01-${String(10 + offset * 2 + day).padStart(2, '0')}/2027-01-${String(20 + offset * 2 + day).padStart(2, '0')}`;

  it('PagoEfectivo: the confirmation shows the CIP with its amount and expiry, its page pays it, and the booking then reads paid', async () => {
    const page = await newPage(language);
    const { sessionID } = await bookPending(page, language, datesOf(0), T.pagoEfectivo, 102, 'Cip');
    const cip = await cipOn(page, language);
    expect(cip).toMatch(/^\d{8}$/);
    const panel = await page.getByRole('region', { name: T.cipSection }).textContent();
    const booking = await bookingOf(sessionID);
    expect(panel).toContain((booking?.statusCode === 1 ? booking.paymentDetails!.totalAmount : 0).toFixed(2));
    expect(panel).toMatch(/Lima/);

    await page.getByRole('link', { name: T.openCip }).click();
    await page.waitForURL(new RegExp(`/sandbox/pagoefectivo/${cip}\\?token=.+&lang=${language}`));
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    expect(await page.locator('main').textContent()).toContain(cip);
    await page.getByRole('button', { name: T.payCip }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}\\?lang=${language}&terminalId=9132868`));
    await page.reload();
    await page.getByText(T.paid).first().waitFor();
    expect(await page.getByRole('region', { name: T.cipSection }).count()).toBe(0);
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });

  it('PagoEfectivo: a CIP left to expire reads expired on the booking and its page can no longer pay it', async () => {
    const page = await newPage(language);
    const { sessionID } = await bookPending(page, language, datesOf(1), T.pagoEfectivo, 102, 'Vencido');
    const cip = await cipOn(page, language);
    await page.getByRole('link', { name: T.openCip }).click();
    await page.waitForURL(new RegExp(`/sandbox/pagoefectivo/${cip}`));
    const cipPage = page.url();
    await page.getByRole('button', { name: T.expireCip }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await page.getByText(T.expired).first().waitFor();
    expect(await page.getByRole('link', { name: T.openCip }).count()).toBe(0);
    await page.goto(cipPage);
    await page.getByText(T.cipExpired).waitFor();
    expect(await page.getByRole('button', { name: T.payCip }).count()).toBe(0);
    expect((await sessionOf(sessionID)).booking?.paymentDetails?.status).toBe(7);
    await page.context().close();
  });

  it('PagoEfectivo from the booking mail: its manage link shows the CIP the mail tells, its page pays it, and manage-booking reloaded reads paid', async () => {
    const page = await newPage(language);
    const { sessionID } = await bookPending(page, language, datesOf(3), T.pagoEfectivo, 102, 'Correo');
    const pnr = (await bookingOf(sessionID))?.pnr ?? '';
    // The booking mail, in the development mailbox: the order's CIP, not its number, and the link to the booking.
    await page.goto(`${world.server.baseUrl}/dev/mailbox`);
    await page.getByRole('link', { name: T.bookingMail(pnr) }).click();
    await page.getByText(pnr).first().waitFor();
    const mailCip = T.mailCip.exec((await page.locator('body').textContent()) ?? '')?.[1];
    expect(mailCip).toMatch(/^\d{8}$/);
    await page.getByRole('link', { name: T.manage }).click();
    await page.waitForURL(new RegExp(`/vuelos/bookings/link/[0-9a-f-]{36}\\.[\\w-]+\\?lang=${language}`));
    const manageLink = page.url();
    await page.getByRole('region', { name: T.yourBooking }).getByText(pnr, { exact: true }).waitFor();
    expect(await cipOn(page, language)).toBe(mailCip);

    await page.getByRole('link', { name: T.openCip }).click();
    await page.waitForURL(new RegExp(`/sandbox/pagoefectivo/${mailCip}\\?token=.+&lang=${language}`));
    await page.getByRole('button', { name: T.payCip }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await page.goto(manageLink);
    await page.getByRole('region', { name: T.yourBooking }).getByText(pnr, { exact: true }).waitFor();
    await page.getByRole('region', { name: T.payment, exact: true }).getByText(T.paid).waitFor();
    expect(await page.getByRole('region', { name: T.cipSection }).count()).toBe(0);
    expect((await sessionOf(sessionID)).booking?.paymentDetails?.status).toBe(3);
    await page.context().close();
  });

  it('SafetyPay: the booking’s payment tab leads to /payment/process, which posts the order to SafetyPay’s page; paying there reads paid', async () => {
    const page = await newPage(language);
    const { sessionID, orderNumber } = await bookPending(page, language, datesOf(2), T.safetyPay, 105, 'Safety');
    await page.getByRole('link', { name: T.providerPage }).click();
    await page.waitForURL(new RegExp(`/sandbox/redirect/105/${orderNumber}\\?lang=${language}&token=`));
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await page.getByRole('button', { name: T.pay }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}\\?lang=${language}&terminalId=9132868`));
    await page.getByText(T.paid).first().waitFor();
    expect(await page.getByRole('link', { name: T.providerPage }).count()).toBe(0);
    const paid = await sessionOf(sessionID);
    expect({ status: paid.booking?.paymentDetails?.status, processed: paid.paymentWasProcessed }).toEqual({ status: 3, processed: true });
    await page.context().close();
  });
});
