import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutMachine, loadPhoneCountry } from '../../machines/checkout.machine.ts';
import { replayTrace, type Trace } from '../../src/web/lib/trace-recorder.ts';
import { TRACE_GLOBAL, TRACE_OPT_IN_KEY } from '../../src/web/lib/trace.ts';
import { fillCheckoutCard } from './support/checkout-card.ts';
import {
  acceptTerms,
  agencyToken,
  fillAgencyForm,
  applyCoupon,
  bookingOf,
  buyInsurance,
  declineInsurance,
  checkoutFromResults,
  expectOneLanguage,
  fillContactAndTerms,
  fillOneAdult,
  fillTraveller,
  LABELS,
  newPage,
  sessionOf,
  unique,
  useServerAndBrowser,
} from './support/journey.ts';

useServerAndBrowser();

/** The built app records machine traces in a tab that opted in before the page loads. */
async function recordTraces(page: Page) {
  await page.context().addInitScript((key) => window.sessionStorage.setItem(key, 'on'), TRACE_OPT_IN_KEY);
}

/** The page's one recorded checkout trace, also saved as test-results/traces/<name>.json for inspection. */
async function recordedCheckoutTrace(page: Page, name: string): Promise<Trace> {
  const traces = await page.evaluate((global) => (window as unknown as Record<string, { traces(): unknown[] } | undefined>)[global]?.traces() ?? [], TRACE_GLOBAL);
  const checkoutTraces = (traces as Trace[]).filter((trace) => trace.machineId === checkoutMachine.id);
  const folder = new URL('../../test-results/traces/', import.meta.url);
  mkdirSync(folder, { recursive: true });
  writeFileSync(new URL(`${name}.json`, folder), JSON.stringify(checkoutTraces, null, 2));
  expect(checkoutTraces, 'the page recorded no checkout trace').toHaveLength(1);
  expect(checkoutTraces[0]!.steps.length, 'the checkout trace is empty').toBeGreaterThan(0);
  return checkoutTraces[0]!;
}

describe('checking out in the browser', () => {
  it('a consumer in Spanish fills two adults, a child and an infant, buys insurance, applies a coupon, pays cash and reaches the confirmation with a PNR', async () => {
    const page = await newPage('es');
    await recordTraces(page);
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?lang=es');
    // Submitting empty shows the spec's messages.
    await page.getByRole('button', { name: 'Comprar', exact: true }).last().click();
    expect(await page.getByRole('alert').first().textContent()).toContain(LABELS.es.incomplete);
    expect(await page.getByText(LABELS.es.required).count()).toBeGreaterThan(4);

    const last = unique('Huaman');
    await fillTraveller(page, 'es', { region: 'Adulto 1', first: 'Rosa', last, female: true, birth: ['1985', '4', '12'], number: '40123456' });
    await fillTraveller(page, 'es', { region: 'Adulto 2', first: 'Pedro', last, female: false, birth: ['1983', '9', '3'], number: '40987654' });
    await fillTraveller(page, 'es', { region: 'Niño 1', first: 'Ana', last, female: true, birth: ['2017', '6', '21'], number: '79123456' });
    await fillTraveller(page, 'es', { region: 'Infante 1', first: 'Luis', last, female: false, birth: ['2026', '2', '15'], number: '92123456', adult: '1' });
    await buyInsurance(page);
    await applyCoupon(page, 'BIENVENIDA10');
    await fillContactAndTerms(page, 'es', 'Rosa', last);
    await expectOneLanguage(page, 'es');
    await page.getByRole('button', { name: 'Comprar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    // The confirmation page shows that PNR and, for the cash deposit, the payment order with its number.
    const references = page.getByRole('region', { name: 'Tu reserva' });
    await references.getByText(booking!.pnr!, { exact: true }).waitFor();
    const order = page.getByRole('region', { name: 'Orden de pago' });
    expect(await order.textContent()).toContain(booking!.paymentDetails!.orderNumber);
    await expectOneLanguage(page, 'es');
    const stored = await sessionOf(sessionID);
    expect(stored.bookForm?.passengers.map((passenger) => passenger.type)).toEqual(['ADT', 'ADT', 'CHD', 'INF']);
    expect(stored.bookForm?.insurance?.isSelect).toBe(true);
    expect(stored.bookForm?.coupon?.promotionalCode).toBe('BIENVENIDA10');

    // The router reaches the confirmation in the same document, so the checkout's recording is still there.
    const trace = await recordedCheckoutTrace(page, 'e2e-consumer-checkout');
    // As on the page, where focus in the contact form loaded it: the phone's country check answers at once.
    await loadPhoneCountry();
    const replay = replayTrace(checkoutMachine, trace);
    expect(trace.steps.at(-1)?.value, 'the live checkout ended booked').toBe('booked');
    expect(replay.snapshot.value).toBe('booked');
    expect(replay.steps.filter((step) => step.missingActor || !step.accepted || !step.step.accepted)).toEqual([]);
    expect(replay.steps.map(({ value }) => value)).toEqual(trace.steps.map(({ value }) => value));
    const recorded = JSON.stringify(trace);
    expect([last, '40123456', '40987654', '79123456', '92123456', 'viajero@correo.pe', '987654321'].filter((value) => recorded.includes(value))).toEqual([]);
    await page.context().close();
  });

  it('a consumer in English books one adult and reaches the confirmation', async () => {
    const page = await newPage('en');
    const sessionID = await checkoutFromResults(page, 'en', '/vuelos/LIM/CUZ/2026-12-11/2026-12-18/1/0/0?lang=en');
    await fillOneAdult(page, 'en', { first: 'Mary', last: unique('Smith'), female: true, birth: ['1979', '11', '30'], number: '41239876' }, 'Smith');
    await expectOneLanguage(page, 'en');
    await page.getByRole('button', { name: 'Checkout', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const pnr = (await bookingOf(sessionID))?.pnr;
    expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.getByRole('region', { name: 'Your booking' }).getByText(pnr!, { exact: true }).waitFor();
    expect((await sessionOf(sessionID)).bookForm?.passengers[0]?.documentNumber).toBe('41239876');
    expect(await page.locator('body').innerText()).toContain('41239876');
    // Another browser given the confirmation address sees nothing of the booking: the session id is no key
    // (issue 36); it is sent to PNR + last name, which opens the booking with a grant.
    const stranger = await newPage('en');
    await stranger.goto(page.url());
    await stranger.getByRole('heading', { name: 'This booking opens in the browser that made it' }).waitFor();
    const strangerText = await stranger.locator('body').innerText();
    expect([pnr!, 'Mary', '41239876', '••••••76'].filter((value) => strangerText.includes(value))).toEqual([]);
    expect(await stranger.getByRole('link', { name: 'Find my booking' }).getAttribute('href')).toMatch(/\/bookings\/manage/);
    await stranger.context().close();
    expect(await page.getByRole('tab', { name: 'Flight detail' }).count()).toBe(1);
    await expectOneLanguage(page, 'en');
    await page.context().close();
  });

  it('a consumer pays with PayMe: the waiting page posts the order to PayMe’s page, paying there returns to the success page once', async () => {
    const page = await newPage('en');
    const sessionID = await checkoutFromResults(page, 'en', '/vuelos/LIM/CUZ/2026-12-12/1/0/0?lang=en');
    await fillOneAdult(page, 'en', { first: 'Rosa', last: unique('Huaman'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Huaman');
    await page.getByRole('radio', { name: 'PayMe', exact: true }).focus();
    await page.keyboard.press('Space');
    await fillCheckoutCard(page.getByRole('region', { name: 'Details of PayMe' }), 'en', '4111111111111111');
    await page.getByRole('button', { name: 'Checkout', exact: true }).last().click();
    // The waiting page posts by itself; the sandbox's PayMe page then shows the order.
    await page.waitForURL(/\/sandbox\/payme\/\d+\?lang=en&token=[\w%-]+$/);
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 && booking.paymentDetails).toMatchObject({ providerCode: 119, url: '/sandbox/payme', status: 2 });
    await page.getByText('•••• 1111').waitFor();
    await page.getByRole('button', { name: /^Pay US\$ [\d.]+$/ }).click();
    await page.waitForURL(new RegExp(`/vuelos/payment/notify/payme/success\\?lang=en&terminalId=9132868&id=${sessionID}$`));
    // The page reads the payment from the server: it reached the booking.
    await page.getByRole('heading', { name: 'Your payment was successful' }).waitFor();
    const paid = await sessionOf(sessionID);
    expect(paid.paymentWasProcessed).toBe(true);
    expect(paid.booking?.paymentDetails?.status).toBe(3);
    await page.context().close();
  });

  it('a consumer on 9132868 picks a seat on a LATAM NDC offer and the booking keeps it', async () => {
    const page = await newPage('es');
    // LATAM only: its NDC offer (provider 107) is the cheapest, so the first card; seats are sold with it.
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-14/2026-12-21/1/0/0?airline=LA&lang=es');
    await page.getByRole('button', { name: 'Elegir asientos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Selección de asientos' });
    await dialog.getByRole('tab', { name: /^LIM - CUZ 0\/1$/ }).waitFor();
    // Any free seat but 7C (the sandbox's seat that is taken by the time of booking).
    const seat = dialog.getByRole('button', { name: /^Asiento (?!7C,)\d+[A-Z], disponible, US\$ [\d.]+$/ }).first();
    const [, chosen, price] = /^Asiento (\d+[A-Z]), disponible, US\$ ([\d.]+)$/.exec((await seat.getAttribute('aria-label')) ?? '') ?? [];
    await seat.click();
    await dialog.getByRole('tab', { name: /^LIM - CUZ 1\/1$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Siguiente vuelo' }).click();
    await dialog.getByRole('button', { name: 'Terminar selección de asientos' }).click();
    const success = page.getByRole('alertdialog', { name: 'Asientos seleccionados' });
    await success.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText(`Asiento ${chosen}: US$ ${Number(price).toFixed(2)}`, { exact: false }).waitFor();

    await fillOneAdult(page, 'es', { first: 'Julia', last: unique('Paredes'), female: true, birth: ['1992', '3', '9'], number: '44567891' }, 'Paredes');
    await page.getByRole('button', { name: 'Comprar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.recommendation?.pos.systemProviderCode).toBe(107);
    expect(session.seats?.selected.map((booked) => [booked.indexSegment, `${booked.row}${booked.column}`, booked.price])).toEqual([[0, chosen, Number(price)]]);
    await page.context().close();
  });

  it('a fare change (last name FARECHANGE) shows the new fare, and accepting it books', async () => {
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=es');
    await fillOneAdult(page, 'es', { first: 'Carmen', last: 'FARECHANGE', female: true, birth: ['1990', '1', '20'], number: '42345678' }, 'Rojas');
    await page.getByRole('button', { name: 'Comprar', exact: true }).last().click();
    const dialog = page.getByRole('alertdialog', { name: 'La tarifa de tu vuelo cambió' });
    await dialog.waitFor();
    expect(await dialog.getByRole('table', { name: 'Precio por pasajero' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Aceptar cambio de tarifa y continuar' }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect((await bookingOf(sessionID))?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.context().close();
  });

  it('an agent meets a fare change, goes back to the form to raise the extra charge, accepts the new fare and is charged the dialog\'s new total (issue 37)', async () => {
    const token = await agencyToken();
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', `/vuelos/b/LIM/CUZ/2026-12-14/2026-12-21/1/0/0?terminalId=2113855&token=${token}&lang=es`);
    await fillTraveller(page, 'es', { region: 'Adulto 1', first: 'Elena', last: 'FARECHANGE', female: true, birth: ['1975', '8', '8'], number: '43456789' });
    await declineInsurance(page);
    await fillAgencyForm(page);
    await acceptTerms(page, 'es');
    const charge = async (amount: string) => {
      await page.getByRole('textbox', { name: 'Cargo extra (US$)' }).fill(amount);
      await page.getByRole('button', { name: 'Aplicar', exact: true }).first().click();
    };
    await page.getByRole('button', { name: 'Agregar cargo extra' }).click();
    await charge('15');
    const dialog = page.getByRole('alertdialog', { name: 'La tarifa de tu vuelo cambió' });
    /** The dialog's totals, as numbers: what the booking had cost and what it costs now. */
    const dialogTotals = async () => {
      await dialog.waitFor();
      const amount = async (term: string) => Number(((await dialog.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '').replace(/[^\d.]/g, ''));
      return { old: await amount('Total anterior'), new: await amount('Total nuevo') };
    };
    const pageTotal = async () => Number(((await page.locator('dt:visible', { hasText: /^Total a pagar$/ }).first().locator('xpath=following-sibling::dd[1]').textContent()) ?? '').replace(/[^\d.]/g, ''));
    await expect.poll(pageTotal).toBeGreaterThan(0);
    const withFifteen = await pageTotal();
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    const first = await dialogTotals();
    // The dialog's old total is the one the page showed, markup included.
    expect(first.old).toBe(withFifteen);
    expect(first.new).toBeGreaterThan(first.old);
    // Escape goes back to the form with nothing lost: the agent raises the extra charge by 10.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('region', { name: 'Adulto 1', exact: true }).getByRole('textbox', { name: /^Apellido/ }).inputValue()).toBe('FARECHANGE');
    await charge('25');
    await expect.poll(pageTotal).toBeCloseTo(withFifteen + 10, 2);
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    const second = await dialogTotals();
    expect(second.old).toBeCloseTo(first.old + 10, 2);
    expect(second.new).toBeCloseTo(first.new + 10, 2);
    await dialog.getByRole('button', { name: 'Aceptar cambio de tarifa y continuar' }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const booking = await bookingOf(sessionID);
    expect(booking?.statusCode === 1 ? booking.paymentDetails?.totalAmount : null).toBe(second.new);
    await page.context().close();
  });

  it('an agency with a token books in B2B with a custom markup', async () => {
    const token = await agencyToken();
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', `/vuelos/b/LIM/CUZ/2026-12-13/2026-12-20/1/0/0?terminalId=2113855&token=${token}&lang=es`);
    expect(page.url()).toContain('/vuelos/b/checkout/');
    await fillTraveller(page, 'es', { region: 'Adulto 1', first: 'Elena', last: unique('Torres'), female: true, birth: ['1975', '8', '8'], number: '43456789' });
    await buyInsurance(page);
    await fillAgencyForm(page);
    await acceptTerms(page, 'es');
    await page.getByRole('button', { name: 'Agregar cargo extra' }).click();
    await page.getByRole('textbox', { name: 'Cargo extra (US$)' }).fill('15');
    await page.getByRole('button', { name: 'Aplicar', exact: true }).first().click();
    await page.getByText('Cargo extra', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.agencyInformation?.email).toBe('ventas@andes.example');
    await page.context().close();
  });
});
