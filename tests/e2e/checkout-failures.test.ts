import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutFromResults, fillOneAdult, LABELS, newPage, sessionOf, unique, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

const BOOK = '**/api/flights/book';

/** The idempotency key of every book request the page sends. */
function bookRequestKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/flights/book')) keys.push((request.postDataJSON() as { idempotencyKey: string }).idempotencyKey);
  });
  return keys;
}

/**
 * A booking that meets a failure of the call itself (the connection dropped, the answer lost, a provider
 * timeout) says so in the reader's language and offers to try again, which sends the same attempt.
 */
describe.each<Language>(['es', 'en'])('a booking that gets no answer (%s)', (language) => {
  const L = LABELS[language];
  const W = {
    es: {
      title: 'Tu reserva aún no está confirmada',
      network: 'Se perdió la conexión antes de confirmar tu reserva.',
      timeout: 'La aerolínea no respondió a tiempo.',
      retry: 'Volver a intentar',
      other: 'Buscar otros vuelos',
      foreign: /Failed to fetch|Provider timeout|connection|try again/,
    },
    en: {
      title: 'Your booking is not confirmed yet',
      network: 'The connection was lost before your booking was confirmed.',
      timeout: 'The airline did not answer in time.',
      retry: 'Try again',
      other: 'Search other flights',
      foreign: /Failed to fetch|Provider timeout|reserva|conexión/,
    },
  }[language];

  async function readyToBook(page: Page, dates: string, last: string) {
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/${dates}/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique(last), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe');
    return sessionID;
  }

  async function expectDialog(page: Page, message: string) {
    const dialog = page.getByRole('alertdialog', { name: W.title });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(message);
    expect(text).not.toMatch(W.foreign);
    expect(await dialog.getByRole('button', { name: W.other }).count()).toBe(1);
    return dialog;
  }

  it('a dropped connection offers to try again, and trying again books once with the same idempotency key', async () => {
    const page = await newPage(language);
    const keys = bookRequestKeys(page);
    const sessionID = await readyToBook(page, language === 'es' ? '2026-12-19/2026-12-27' : '2026-12-20/2026-12-28', 'Sinconexion');
    await page.route(BOOK, (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    const dialog = await expectDialog(page, W.network);
    await dialog.getByRole('button', { name: W.retry }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await sessionOf(sessionID)).booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.context().close();
  });

  it('an answer lost after the server booked: trying again shows that same booking, not a second one', async () => {
    const page = await newPage(language);
    const keys = bookRequestKeys(page);
    const sessionID = await readyToBook(page, language === 'es' ? '2026-12-21/2026-12-29' : '2026-12-22/2026-12-30', 'Respuestaperdida');
    let firstPnr: string | undefined;
    await page.route(
      BOOK,
      async (route) => {
        // The request reaches the server and books; its answer never reaches the page.
        const answer = await route.fetch();
        firstPnr = ((await answer.json()) as { data: { pnr?: string } }).data.pnr;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    const dialog = await expectDialog(page, W.network);
    expect(firstPnr).toMatch(/^[A-Z0-9]{6}$/);
    await dialog.getByRole('button', { name: W.retry }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect(keys).toEqual([keys[0], keys[0]]);
    // One booking: the retry was answered with the booking the first request made.
    expect((await sessionOf(sessionID)).booking?.pnr).toBe(firstPnr);
    await page.context().close();
  });

  it('a provider timeout (504) is told in the reader’s language, and trying again books', async () => {
    const page = await newPage(language);
    const keys = bookRequestKeys(page);
    const sessionID = await readyToBook(page, language === 'es' ? '2026-12-23/2026-12-31' : '2026-12-24/2027-01-01', 'Demora');
    await page.route(
      BOOK,
      (route) => route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ status: 504, code: 504, message: 'Provider timeout', errors: [] }) }),
      { times: 1 },
    );
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    const dialog = await expectDialog(page, W.timeout);
    expect(await dialog.textContent()).toContain('504');
    await dialog.getByRole('button', { name: W.retry }).click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect(keys).toEqual([keys[0], keys[0]]);
    expect((await sessionOf(sessionID)).booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.context().close();
  });

  it('Back while the booking is in flight asks first, in the reader’s language, and staying lets it book', async () => {
    const page = await newPage(language);
    const sessionID = await readyToBook(page, language === 'es' ? '2026-12-26/2027-01-02' : '2026-12-27/2027-01-03', 'Esperando');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      BOOK,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.evaluate(() => window.history.back());
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toBe(
      language === 'es'
        ? 'Tu reserva se está procesando y aún puede completarse. ¿Quieres salir de esta página?'
        : 'Your booking is being processed and may still be completed. Do you want to leave this page?',
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/vuelos/checkout/${sessionID}`);
    release();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    expect((await sessionOf(sessionID)).booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.context().close();
  });
});
