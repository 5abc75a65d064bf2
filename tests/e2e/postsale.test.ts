import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { encodePostSaleOrderId } from '../../src/contract/postsale.ts';
import { fillCheckoutCard } from './support/checkout-card.ts';
import {
  acceptTerms,
  agencyToken,
  buyInsurance,
  checkoutFromResults,
  expectOneLanguage,
  fillAgencyForm,
  fillOneAdult,
  fillTraveller,
  newPage,
  sessionOf,
  unique,
  useServerAndBrowser,
} from './support/journey.ts';

const world = useServerAndBrowser();

/** The sandbox gateway's approving test card. */
const APPROVED = '4111111111111111';

/** Picks the first free seat (not 7C, which the sandbox takes by booking time) on the way out, and finishes on the way back. */
async function chooseSeat(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Elegir asientos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Selección de asientos' });
  const seat = dialog.getByRole('button', { name: /^Asiento (?!7C,)\d+[A-Z], disponible, US\$ [\d.]+$/ }).first();
  const [, chosen] = /^Asiento (\d+[A-Z]),/.exec((await seat.getAttribute('aria-label')) ?? '') ?? [];
  await seat.click();
  await dialog.getByRole('button', { name: 'Siguiente vuelo' }).click();
  await dialog.getByRole('button', { name: 'Terminar selección de asientos' }).click();
  await page.getByRole('alertdialog', { name: 'Asientos seleccionados' }).getByRole('button', { name: 'Aceptar' }).click();
  return chosen!;
}

/** Chooses the first bag offered on the way out (every one with `all`, more than a small credit line covers), and finishes on the way back. */
async function chooseBag(page: Page, all = false) {
  const bags = page.getByRole('region', { name: 'Equipaje', exact: true });
  const choose = bags.getByRole('button', { name: /^Elegir equipaje US\$ [\d.]+$/ });
  const count = all ? await choose.count() : 1;
  for (let index = 0; index < count; index++) await choose.first().click();
  await bags.getByRole('button', { name: /^Quitar equipaje US\$ [\d.]+$/ }).first().waitFor();
  await bags.getByRole('button', { name: 'Siguiente vuelo' }).click();
  await bags.getByRole('button', { name: 'Terminar selección de equipaje' }).click();
  await page.getByRole('alertdialog', { name: 'Equipaje seleccionado' }).getByRole('button', { name: 'Aceptar' }).click();
}

/** Ticks a react-aria radio or checkbox (its input is visually hidden) as a keyboard user does. */
async function press(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Space');
}

/** Presses Comprar and reads the refusal's words. */
async function refusalOf(page: Page) {
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Advertencia' });
  await dialog.waitFor();
  const text = (await dialog.locator('.dialog__body').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  return text;
}

describe('buying seats and baggage after booking', () => {
  it('a consumer books a LATAM NDC flight, opens the post-sale page from the confirmation, buys a seat and a bag by card, and sees them on the confirmation', async () => {
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-15/2026-12-22/1/0/0?airline=LA&lang=es');
    await fillOneAdult(page, 'es', { first: 'Julia', last: unique('Paredes'), female: true, birth: ['1992', '3', '9'], number: '44567892' }, 'Paredes');
    await page.getByRole('button', { name: 'Comprar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const orderId = (await sessionOf(sessionID)).booking?.orderID?.id ?? '';
    expect(orderId).toMatch(/^ORD-\d{8}-\d+$/);

    // The confirmation's 'Elegir asientos' leads to the post-sale link of the app's own (dashed) order id.
    await page.getByRole('link', { name: 'Elegir asientos' }).click();
    await page.waitForURL(/\/vuelos\/seats\/all\/orderId\/[\w%=+-]+/);
    expect(decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!)).toBe(encodePostSaleOrderId(orderId));
    await page.getByRole('heading', { level: 1, name: 'Compra de asientos y equipaje' }).waitFor();
    const seat = await chooseSeat(page);
    await chooseBag(page);
    const summary = await page.getByRole('region', { name: 'Resumen de compra' }).textContent();
    expect(summary).toContain(`Asiento ${seat}`);
    await fillCheckoutCard(page.getByRole('region', { name: 'Detalles del pago' }), 'es', APPROVED);
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await page.waitForURL(/\/vuelos\/seats\/all\/process\/[0-9a-f-]{36}/);
    await page.getByRole('heading', { level: 1, name: 'Productos adicionales' }).waitFor();
    await expectOneLanguage(page, 'es');

    // The booking's confirmation lists them under 'Productos adicionales'.
    await page.goto(`${world.server.baseUrl}/vuelos/book/confirmation/${sessionID}?lang=es`);
    await page.getByRole('tab', { name: 'Productos adicionales' }).click();
    expect(await page.getByRole('table', { name: 'Asientos' }).textContent()).toContain(seat);
    expect(await page.getByRole('table', { name: 'Equipaje' }).count()).toBe(1);
    await page.context().close();
  });

  it('an agency order short of credit: the business link is told to pay otherwise, the consumer link buys with an authoriser, and the third visit shows the warning', async () => {
    const token = await agencyToken();
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', `/vuelos/b/LIM/CUZ/2026-12-16/2026-12-23/1/0/0?terminalId=2113855&token=${token}&airline=LA&lang=es`);
    await fillTraveller(page, 'es', { region: 'Adulto 1', first: 'Elena', last: unique('Torres'), female: true, birth: ['1975', '8', '8'], number: '43456780' });
    await buyInsurance(page);
    await fillAgencyForm(page);
    await acceptTerms(page, 'es');
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const orderId = (await sessionOf(sessionID)).booking?.orderID?.id ?? '';

    // 1st visit, business channel: the credit line does not cover it, and no authorisation is offered.
    await page.goto(`${world.server.baseUrl}/vuelos/seats/all/orderId/${encodePostSaleOrderId(orderId, 'b')}?terminalId=2113855&lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Compra de asientos y equipaje' }).waitFor();
    await chooseSeat(page);
    await chooseBag(page, true);
    await press(page, page.getByRole('radio', { name: 'Efectivo o línea de crédito' }));
    expect(await page.getByRole('checkbox', { name: 'Emitir con autorización' }).count()).toBe(0);
    expect(await refusalOf(page)).toBe('Su crédito disponible no cubre el total a reservar, por favor seleccione otra forma de pago');

    // 2nd visit, consumer link: the same message asks for the authorisation; with a person chosen it buys.
    await page.goto(`${world.server.baseUrl}/vuelos/seats/all/orderId/${encodePostSaleOrderId(orderId)}?terminalId=2113855&lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Compra de asientos y equipaje' }).waitFor();
    await chooseSeat(page);
    await chooseBag(page, true);
    await press(page, page.getByRole('radio', { name: 'Efectivo o línea de crédito' }));
    expect(await refusalOf(page)).toBe(
      'Su crédito disponible no cubre el total a reservar, por favor seleccione el checkbox para Emitir con autorización y elija una persona del listado para autorizar',
    );
    await press(page, page.getByRole('checkbox', { name: 'Emitir con autorización' }));
    await page.getByRole('button', { name: /Persona que autoriza/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Comprar', exact: true }).click();
    await page.waitForURL(/\/vuelos\/seats\/all\/process\/[0-9a-f-]{36}/);
    await page.getByRole('heading', { level: 1, name: 'Productos adicionales' }).waitFor();

    // 3rd visit: the order has an earlier purchase, so the 'Advertencia' comes first.
    await page.goto(`${world.server.baseUrl}/vuelos/seats/all/orderId/${encodePostSaleOrderId(orderId)}?terminalId=2113855&lang=es`);
    const warning = page.getByRole('dialog', { name: 'Advertencia' });
    expect(await warning.textContent()).toContain('Este orderId tiene intentos previos de compra de ancilliaries, por favor verificar con personal de counter o en el portal de Latam');
    await page.context().close();
  });
});
