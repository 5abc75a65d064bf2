import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectOneLanguage, newPage, useServerAndBrowser, type Language } from './support/journey.ts';

const world = useServerAndBrowser();

/** What the page says for a wait of `seconds` (src/web/ui/TooManyRequests.tsx): seconds under two minutes, else whole minutes. */
function waitText(language: Language, seconds: number): string {
  const [count, unit] = seconds < 120 ? [seconds, language === 'es' ? 'segundo' : 'second'] : [Math.ceil(seconds / 60), language === 'es' ? 'minuto' : 'minute'];
  const plural = count === 1 ? unit : `${unit}s`;
  return language === 'es' ? `Demasiados intentos. Vuelve a intentarlo en ${count} ${plural}.` : `Too many attempts. Please try again in ${count} ${plural}.`;
}

const post = (path: string, body: unknown) => fetch(`${world.server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Spends this client's search budget (600 a minute; the browser is the same client, 127.0.0.1), leaving
 * at least 40 s of the minute for the pages to meet the 429.
 */
async function spendSearchBudget() {
  for (;;) {
    let refused: Response | null = null;
    for (let index = 0; index < 1200 && !refused; index++) {
      const answer = await post('/api/flights/search', {});
      if (answer.status === 429) refused = answer;
      else await answer.body?.cancel();
    }
    const seconds = Number(refused?.headers.get('retry-after'));
    if (seconds >= 40) return;
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
}

/** The 429's Retry-After as the page itself received it, and the page's words for it. */
async function refusedAnswerOf(page: Page, path: string, go: () => Promise<unknown>) {
  const [answer] = await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === path && response.status() === 429), go()]);
  const seconds = Number(await answer.headerValue('retry-after'));
  const body = (await answer.json()) as { message: string; retryAfterSeconds: number };
  // The header, the body and the message agree.
  expect(body.retryAfterSeconds).toBe(seconds);
  expect(body.message).toContain(`try again in ${seconds} s`);
  return seconds;
}

describe('at a 429 the page says what happened and when to try again, in its language', () => {
  it('the results page, in Spanish and in English, with the seconds of Retry-After', async () => {
    await spendSearchBudget();
    for (const language of ['es', 'en'] as const) {
      const page = await newPage(language);
      const seconds = await refusedAnswerOf(page, '/api/flights/search', () => page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=${language}`));
      const panel = page.locator('section.search-error[data-status="429"]');
      await panel.getByRole('heading', { name: language === 'es' ? 'Demasiados intentos' : 'Too many attempts' }).waitFor();
      // The heading says what happened, the text when to try again: together the same words as the manage page's.
      const heading = await panel.getByRole('heading').textContent();
      const text = await panel.locator('p').first().textContent();
      expect(`${heading}. ${text}`).toBe(waitText(language, seconds));
      await expectOneLanguage(page, language);
      await page.context().close();
    }
  });

  it('manage my booking, after ten wrong last names for one booking code from this address (es)', async () => {
    for (let index = 0; index < 10; index++) expect((await post('/api/bookings/lookup', { pnr: 'ZZRL36', lastName: `Guess${index}` })).status).toBe(404);
    const page = await newPage('es');
    await page.goto(`${world.server.baseUrl}/vuelos/bookings/manage?lang=es`);
    await page.getByRole('textbox', { name: /^Código de reserva \(PNR\)/ }).fill('ZZRL36');
    await page.getByRole('textbox', { name: /^Apellido/ }).fill('Quispe');
    const seconds = await refusedAnswerOf(page, '/api/bookings/lookup', () => page.getByRole('button', { name: 'Buscar mi reserva' }).click());
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(waitText('es', seconds));
    await expectOneLanguage(page, 'es');
    await page.context().close();
  });
});
