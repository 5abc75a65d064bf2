import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { priceAlerts } from '../../src/server/db/schema/index.ts';
import { newPage, useServerAndBrowser } from './support/journey.ts';
import { personalDataIn, startServer } from './support/server.ts';

const world = useServerAndBrowser();

/** How much dearer the test says the trip was when the alert was made (see below). */
const SALE = 100;

/**
 * Price alerts (issue 21) on the real server: track the price of a search, confirm the address by the
 * mailed link, and a day later (the server started again on the same data with its clock moved, as
 * later.test.ts does) the daily job mails the drop, whose unsubscribe link stops the alert.
 *
 * The sandbox's fares only rise as the departure nears (advance purchase and fuller flights), so moving
 * the clock never makes a trip cheaper. While the server is down the test plays a fare sale: it writes
 * the alert's price at creation US$ 100 dearer than the sandbox sold it. The price the job then finds is
 * the sandbox's real price a day later, at least the drop under that baseline.
 */
describe('a price alert', () => {
  it('is made on results, confirmed by the mailed link, mails the drop a day later, and stops by its unsubscribe link (es)', async () => {
    const email = `alerta.${Date.now()}@example.com`;
    const page = await newPage('es');
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=es`);
    await page.getByRole('button', { name: 'Seguir precio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seguir este precio' });
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await dialog.getByRole('button', { name: 'Seguir precio' }).click();
    await dialog.getByRole('status').getByText(`Revisa tu correo: enviamos un enlace a ${email}.`).waitFor();

    // The confirmation mail in the development mailbox; its link confirms.
    await page.goto(`${world.server.baseUrl}/dev/mailbox`);
    await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Confirma tu alerta de precio LIM → CUZ' }).click();
    const confirmLink = new URL((await page.getByRole('link', { name: 'Confirmar mi alerta de precio' }).getAttribute('href'))!);
    expect(confirmLink.pathname).toMatch(/^\/vuelos\/price-alerts\/confirm\/[\w-]{43}$/);
    await page.goto(`${world.server.baseUrl}${confirmLink.pathname}${confirmLink.search}`);
    await page.getByRole('heading', { name: 'Tu alerta de precio está activa' }).waitFor();
    await page.getByText('Revisaremos el precio de LIM → CUZ cada día y te escribiremos cuando baje.').waitFor();
    await page.context().close();

    // Down: the fare sale (the price when the alert was made, US$ 100 dearer).
    const before = world.server;
    await before.kill();
    expect(personalDataIn(before.output())).toEqual([]);
    const database = await openDatabase({ dataDir: before.dataDir });
    const [alert] = await database.db.select().from(priceAlerts).where(eq(priceAlerts.email, email));
    expect(alert!.confirmedAt).not.toBeNull();
    const baseline = alert!.baselineTotal + SALE;
    await database.db.update(priceAlerts).set({ baselineTotal: baseline }).where(eq(priceAlerts.id, alert!.id));
    await database.close();

    // A day (and a minute) later: the job at start prices the trip and mails the drop.
    world.server = await startServer({ dataDir: before.dataDir, env: { CLOCK_OFFSET_MINUTES: String(24 * 60 + 1) } });
    const later = await newPage('es');
    const dropRow = later.getByRole('row').filter({ hasText: email }).filter({ hasText: 'price-alert-drop' });
    // Written by the check job, then sent (to the development mailbox) by the delivery job.
    await expect
      .poll(async () => {
        await later.goto(`${world.server.baseUrl}/dev/mailbox`);
        return (await dropRow.count()) === 1 ? dropRow.textContent() : '';
      }, { timeout: 45_000 })
      .toContain('sent');
    await dropRow.getByRole('link', { name: /^Bajó el precio: LIM → CUZ ahora desde US\$/ }).click();
    const body = await later.locator('body').textContent();
    expect(body).toMatch(new RegExp(`Antes: US\\$ ?${baseline.toFixed(2).replace('.', '\\.')}`));
    const now = Number(body!.match(/Ahora: US\$ ?([\d,.]+)/)![1]!.replace(/,/g, ''));
    expect(now).toBeLessThanOrEqual(baseline - alert!.dropAmount);
    const unsubscribe = new URL((await later.getByRole('link', { name: 'Dejar de seguir este precio' }).getAttribute('href'))!);
    expect(unsubscribe.pathname).toMatch(/^\/vuelos\/price-alerts\/unsubscribe\/[\w-]{43}$/);
    await later.goto(`${world.server.baseUrl}${unsubscribe.pathname}${unsubscribe.search}`);
    await later.getByRole('heading', { name: 'Dejaste de seguir este precio' }).waitFor();
    await later.getByText('No recibirás más correos sobre LIM → CUZ.').waitFor();
    await later.context().close();
    // Two server starts and a job's day: longer than one page's journey.
  }, 180_000);
});
