import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, unique, useServerAndBrowser } from './support/journey.ts';
import { personalDataIn, startServer } from './support/server.ts';

const world = useServerAndBrowser();

/**
 * The same server's data seen later (issue 12): the server starts again on it with its clock moved
 * ahead (CLOCK_OFFSET_MINUTES), as a traveller meets it half an hour and days after booking.
 */
async function restartLater(minutes: number) {
  const before = world.server;
  await before.kill();
  expect(personalDataIn(before.output())).toEqual([]);
  world.server = await startServer({ dataDir: before.dataDir, env: { CLOCK_OFFSET_MINUTES: String(minutes) } });
}

describe('a booking after its checkout session ended', () => {
  it('stays reachable by PNR + last name and by the e-mailed link after 30 minutes, and reads "expirada" once its cash deadline passed', async () => {
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=es');
    const last = unique('Huaman');
    await fillOneAdult(page, 'es', { first: 'Rosa', last, female: true, birth: ['1985', '4', '12'], number: '40123456' }, last);
    await page.getByRole('button', { name: LABELS.es.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const pnr = (await bookingOf(sessionID))!.pnr!;
    // The confirmation's payment tab (its PagoEfectivo CIP panel is a region of its own).
    await page.getByRole('tabpanel').getByText(/^Tu pago está pendiente/).waitFor();
    const confirmationPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.context().close();

    // 31 minutes later: the checkout session has ended, the booking has not.
    await restartLater(31);
    const later = await newPage('es');
    await later.goto(`${world.server.baseUrl}${confirmationPath}`);
    // A new browser holds no key of the checkout session (issue 36): the page sends it to PNR + last name.
    await later.getByRole('heading', { name: 'Esta reserva se abre en el navegador con el que se hizo' }).waitFor();
    await later.getByRole('link', { name: 'Buscar mi reserva' }).click();
    await later.getByRole('textbox', { name: /^Código de reserva \(PNR\)/ }).fill(pnr);
    await later.getByRole('textbox', { name: /^Apellido/ }).fill(last);
    await later.getByRole('button', { name: 'Buscar mi reserva' }).click();
    await later.getByRole('region', { name: 'Tu reserva' }).getByText(pnr, { exact: true }).waitFor();
    expect(await later.getByRole('region', { name: 'Pago', exact: true }).textContent()).toContain('Tu pago está pendiente');

    // The confirmation e-mail's link (sent by the first process, to its address: the path is what the mail carries).
    await later.goto(`${world.server.baseUrl}/dev/mailbox`);
    await later.getByRole('link', { name: `Tu reserva ${pnr} está confirmada` }).click();
    const mailed = await later.getByRole('link', { name: 'Gestionar tu reserva' }).getAttribute('href');
    const link = new URL(mailed!);
    expect(link.pathname).toMatch(/^\/vuelos\/bookings\/link\/[0-9a-f-]{36}\.[\w-]+$/);
    await later.goto(`${world.server.baseUrl}${link.pathname}${link.search}`);
    await later.getByRole('region', { name: 'Tu reserva' }).getByText(pnr, { exact: true }).waitFor();
    await later.context().close();

    // Three days later the cash order's deadline has passed: the order expired by itself (the job at start).
    await restartLater(3 * 24 * 60);
    const days = await newPage('es');
    const payment = days.getByRole('region', { name: 'Pago', exact: true });
    await expect
      .poll(async () => {
        await days.goto(`${world.server.baseUrl}${link.pathname}${link.search}`);
        await days.getByRole('region', { name: 'Tu reserva' }).getByText(pnr, { exact: true }).waitFor();
        return payment.textContent();
      }, { timeout: 20_000 })
      .toContain('Su orden de pago está expirada');
    await days.context().close();
  });
});
