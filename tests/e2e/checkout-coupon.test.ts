import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { discountAmount } from '../../src/contract/checkout.ts';
import { formatMoney, US_DOLLARS } from '../../src/contract/money.ts';
import { applyCoupon, checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

const world = useServerAndBrowser();

/**
 * The coupon box and the booking agree (issue 11): the server checks a code on the offer being booked with
 * the booking's own rule, so what the box shows is what the booking charges, and a code refused for the
 * fare is refused in the box, in the reader's language, without blocking the next code.
 */
const usd = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

const TEXT = {
  es: {
    summary: 'Resumen de precio',
    totalToPay: 'Total a pagar',
    notForFare: 'Este código no aplica para esta tarifa',
    ripleyRefused: 'Este código solo se paga con un medio que este vuelo no acepta (como una tarjeta del Banco Ripley en esta aerolínea)',
    seeFares: 'Ver tarifas',
    accept: 'Aceptar',
    applied: (code: string) => `Código ${code} aplicado: - `,
    couponLine: (code: string) => `Código de descuento ${code}`,
  },
  en: {
    summary: 'Price summary',
    totalToPay: 'Total to pay',
    notForFare: 'This code does not apply to this fare',
    ripleyRefused: 'This code is paid only with a method this flight cannot be paid with (such as a Banco Ripley card on this airline)',
    seeFares: 'See fares',
    accept: 'Accept',
    applied: (code: string) => `Code ${code} applied: - `,
    couponLine: (code: string) => `Discount code ${code}`,
  },
} as const;

/** A line of the price summary, by its label. */
async function summaryLine(page: Page, language: Language, label: string): Promise<string> {
  const summary = page.getByRole('complementary', { name: TEXT[language].summary });
  const line = summary.locator('.pricing__line').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  return (await line.locator('dd').textContent())?.trim() ?? '';
}

/** The discount the coupon box shows, as text ("US$ 14.60"). */
async function shownDiscount(page: Page, language: Language, code: string): Promise<string> {
  const status = page.getByText(TEXT[language].applied(code));
  await status.waitFor();
  return ((await status.textContent()) ?? '').replace(TEXT[language].applied(code), '').trim();
}

/** Books, and answers the stored booking's total next to what the page showed just before. */
async function bookAndCompare(page: Page, language: Language, sessionID: string, code: string) {
  const discount = await shownDiscount(page, language, code);
  expect(await summaryLine(page, language, TEXT[language].couponLine(code))).toBe(`- ${discount}`);
  const total = await summaryLine(page, language, TEXT[language].totalToPay);
  await page.getByRole('button', { name: LABELS[language].buy, exact: true }).last().click();
  await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
  const session = await sessionOf(sessionID);
  expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
  // The server charged the total the page showed, the code's discount included.
  expect(usd(session.booking!.paymentDetails!.totalAmount)).toBe(total);
  expect(session.bookForm?.coupon).toMatchObject({ promotionalCode: code, apply: true });
  return { session, discount };
}

/** From the results, the first LATAM card's fare families: the Standard family, then checkout. */
async function checkoutWithStandardFamily(page: Page, language: Language, path: string): Promise<string> {
  await page.goto(`${world.server.baseUrl}${path}`);
  const card = page.getByRole('list', { name: LABELS[language].flights }).getByRole('article').first();
  await card.waitFor();
  await card.getByRole('button', { name: TEXT[language].seeFares }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Standard, / }).check({ force: true });
  await dialog.getByRole('button', { name: TEXT[language].accept, exact: true }).click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/);
  await page.getByRole('region', { name: `${LABELS[language].adult} 1` }).waitFor();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

describe.each<Language>(['es', 'en'])('the discount code at checkout (%s)', (language) => {
  const T = TEXT[language];

  it('LATAMPLUS is refused on a LATAM Basic fare with the translated message; another code then applies, and the booking charges what the page showed', async () => {
    const page = await newPage(language);
    const day = language === 'es' ? '11' : '12';
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-${day}/2026-12-19/1/0/0?airline=LA&lang=${language}`);
    const offer = await sessionOf(sessionID);
    expect(offer.recommendation?.pos.systemProviderCode, 'the cheapest LATAM offer is LATAM NDC').toBe(107);
    expect(offer.flights?.[0]?.brandedFare?.brandID).toBe('QP');
    await fillOneAdult(page, language, { first: 'Rosa', last: `Rebaja${language}`, female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe');

    const field = page.getByRole('textbox', { name: /descuento|discount code/i });
    await field.fill('latamplus');
    await page.getByRole('button', { name: /^(Aplicar|Apply)$/ }).first().click();
    await page.getByText(T.notForFare).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(T.applied('LATAMPLUS')).count()).toBe(0);
    // No discount line on a refused code.
    expect(await page.getByRole('complementary', { name: T.summary }).getByText(T.couponLine('LATAMPLUS')).count()).toBe(0);

    // Another code right after the refusal is checked and applies (the box is not stuck).
    await applyCoupon(page, 'BIENVENIDA10');
    expect(await page.getByText(T.notForFare).count()).toBe(0);
    const { discount } = await bookAndCompare(page, language, sessionID, 'BIENVENIDA10');
    expect(discount).toBe('US$ 10.00');
    await page.context().close();
  });

  it('RIPLEY on a LATAM NDC offer says why it does not apply, keeps the chosen payment and the buy button, and the booking goes through (issue 37)', async () => {
    const page = await newPage(language);
    const day = language === 'es' ? '15' : '16';
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-${day}/2026-12-23/1/0/0?airline=LA&lang=${language}`);
    expect((await sessionOf(sessionID)).recommendation?.pos.systemProviderCode).toBe(107);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Ripley'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe', 'none');
    // What is checked (the insurance answer, the payment method) stays checked: the code switches nothing.
    const chosen = page.locator('[role="radiogroup"] input[type="radio"]:checked');
    const before = await chosen.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const field = page.getByRole('textbox', { name: /descuento|discount code/i });
    await field.fill('ripley');
    await page.getByRole('button', { name: /^(Aplicar|Apply)$/ }).first().click();
    await page.getByText(T.ripleyRefused).waitFor();
    expect(await chosen.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(before);
    const buy = page.getByRole('button', { name: LABELS[language].buy, exact: true }).last();
    expect(await buy.isEnabled()).toBe(true);
    await buy.click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect((await sessionOf(sessionID)).bookForm?.coupon ?? null).toBeNull();
    await page.context().close();
  });

  it('LATAMPLUS applies on the LATAM Standard family, and the booking takes exactly the discount the page showed', async () => {
    const page = await newPage(language);
    const day = language === 'es' ? '13' : '14';
    const sessionID = await checkoutWithStandardFamily(page, language, `/vuelos/LIM/CUZ/2026-12-${day}/2026-12-20/1/0/0?airline=LA&lang=${language}`);
    const offer = await sessionOf(sessionID);
    expect(offer.recommendation?.pos.systemProviderCode, 'the cheapest LATAM offer is LATAM NDC').toBe(107);
    expect(offer.selectedFare?.code).toBe('SE');
    await fillOneAdult(page, language, { first: 'Pedro', last: `Descuento${language}`, female: false, birth: ['1983', '9', '3'], number: '40987654' }, 'Quispe');
    await applyCoupon(page, 'LATAMPLUS');
    const { session, discount } = await bookAndCompare(page, language, sessionID, 'LATAMPLUS');
    // 8 % of the Standard family's fare, as the server computes it.
    expect(discount).toBe(usd(discountAmount({ amount: 8, percentage: true }, session.selectedFare!.pricing.total)));
    await page.context().close();
  });
});
