import { describe, expect, it } from 'vitest';
import { bookingOf, checkoutFromResults, expectOneLanguage, fillOneAdult, LABELS, newPage, unique, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

describe('manage my booking in the browser', () => {
  it('a traveller books in Spanish, opens the booking from the confirmation’s link (personal data masked), then finds it in English by PNR + last name (whole)', async () => {
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=es');
    const last = unique('Cahuana');
    await fillOneAdult(page, 'es', { first: 'Rosa', last, female: true, birth: ['1985', '4', '12'], number: '40123456' }, last);
    await page.getByRole('button', { name: LABELS.es.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const pnr = (await bookingOf(sessionID))?.pnr;
    expect(pnr).toMatch(/^[A-Z0-9]{6}$/);

    // The confirmation's own link to the booking.
    const manage = page.getByRole('region', { name: 'Gestionar tu reserva' });
    await manage.getByRole('link', { name: 'Gestionar tu reserva' }).click();
    await page.waitForURL(/\/vuelos\/bookings\/link\/[0-9a-f-]{36}\.[\w-]+\?lang=es/);
    await page.getByRole('region', { name: 'Tu reserva' }).getByText(pnr!, { exact: true }).waitFor();
    const maskedTravellers = await page.getByRole('region', { name: 'Pasajeros' }).textContent();
    expect(maskedTravellers).toContain(`Rosa ${last}`);
    expect(maskedTravellers).toContain('••••••56');
    expect(maskedTravellers).not.toContain('40123456');
    expect(await page.getByRole('region', { name: 'Pago', exact: true }).textContent()).toContain('Tu pago está pendiente');
    await expectOneLanguage(page, 'es');
    const link = page.url();

    // The confirmation e-mail, in the development mailbox: Spanish, with the calendar file and a link that opens the booking.
    await page.goto(`${world.server.baseUrl}/dev/mailbox`);
    await page.getByRole('link', { name: `Tu reserva ${pnr} está confirmada` }).click();
    await page.getByText(pnr!).first().waitFor();
    await page.getByRole('link', { name: 'Gestionar tu reserva' }).click();
    await page.getByRole('region', { name: 'Tu reserva' }).getByText(pnr!, { exact: true }).waitFor();
    const mails = await (await fetch(`${world.server.baseUrl}/dev/mailbox`)).text();
    const calendar = new RegExp(`href="(/dev/mailbox/[0-9a-f-]{36}/itinerary\\.ics)"`).exec(mails.slice(mails.indexOf(pnr!)))?.[1];
    const ics = await (await fetch(`${world.server.baseUrl}${calendar}`)).text();
    // A round trip LIM–CUZ–LIM: one event per flight.
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    await page.context().close();

    // Another browser, another language: the header's link, then PNR + the last name in lower case.
    const english = await newPage('en');
    await english.goto(`${world.server.baseUrl}/vuelos/?lang=en`);
    await english.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage booking' }).click();
    await english.getByRole('heading', { level: 1, name: 'Manage your booking' }).waitFor();
    await english.getByRole('textbox', { name: /^Booking code \(PNR\)/ }).fill(pnr!);
    await english.getByRole('textbox', { name: /^Booking code \(PNR\)/ }).fill(pnr!.toLowerCase());
    await english.getByRole('textbox', { name: /^Last name/ }).fill(last.toLowerCase());
    await english.getByRole('button', { name: 'Find my booking' }).click();
    await english.getByRole('region', { name: 'Your booking' }).getByText(pnr!, { exact: true }).waitFor();
    expect(await english.getByRole('region', { name: 'Travellers' }).textContent()).toContain('NI 40123456');
    expect(await english.getByRole('region', { name: 'Itinerary' }).textContent()).toContain('LIM → CUZ');
    await expectOneLanguage(english, 'en');

    // This browser never held the session's key: the grant of the PNR + last name check opens the booking's extras.
    await english.getByRole('link', { name: 'Choose seats' }).first().click();
    await english.waitForURL(/\/vuelos\/seats\/all\/orderId\//);
    await english.getByRole('heading', { name: 'Payment method' }).waitFor();
    const extrasUrl = english.url();
    // A stranger with the same address (an order id is no key) gets the page's failure, not the order.
    const stranger = await newPage('en');
    const refusals: number[] = [];
    stranger.on('response', (response) => {
      if (response.url().includes('/api/ancillaries/orderId')) refusals.push(response.status());
    });
    await stranger.goto(extrasUrl);
    await stranger.getByRole('alert').waitFor();
    expect(refusals[0]).toBe(401);
    expect(await stranger.getByRole('heading', { name: 'Payment method' }).count()).toBe(0);
    await stranger.context().close();
    await english.goBack();
    await english.getByRole('heading', { level: 1, name: 'Manage your booking' }).waitFor();
    await english.getByRole('textbox', { name: /^Booking code \(PNR\)/ }).fill(pnr!);

    // A wrong last name is told without saying which part was wrong.
    await english.getByRole('textbox', { name: /^Last name/ }).fill('Nobody');
    await english.getByRole('button', { name: 'Find my booking' }).click();
    expect(await english.getByRole('alert').textContent()).toBe('We found no booking with this booking code and last name. Check both and try again.');

    // The link still opens the booking in a fresh tab.
    await english.goto(link.replace('lang=es', 'lang=en'));
    await english.getByRole('region', { name: 'Your booking' }).getByText(pnr!, { exact: true }).waitFor();
    await english.context().close();
  });
});

describe('the confirmation e-mail', () => {
  it('is written in the language the traveller booked in (English)', async () => {
    const page = await newPage('en');
    const sessionID = await checkoutFromResults(page, 'en', '/vuelos/LIM/CUZ/2026-12-12/1/0/0?lang=en');
    const last = unique('Mamani');
    await fillOneAdult(page, 'en', { first: 'Luis', last, female: false, birth: ['1979', '8', '3'], number: '41234567' }, last);
    await page.getByRole('button', { name: LABELS.en.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const pnr = (await bookingOf(sessionID))?.pnr;
    await page.goto(`${world.server.baseUrl}/dev/mailbox`);
    await page.getByRole('link', { name: `Your booking ${pnr} is confirmed` }).click();
    expect(await page.locator('body').textContent()).toContain('Manage your booking');
    await page.context().close();
  });
});
