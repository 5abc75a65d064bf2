import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutFromResults, fillOneAdult, LABELS, newPage, unique, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

/** Every content-policy violation the page meets, from the browser's own event and its console. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportPolicyViolation(text: string): void }).reportPolicyViolation(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  return violations;
}

describe('the running server’s security headers', () => {
  it.each(['/vuelos/?lang=es', '/vuelos/bookings/manage', '/api/health', '/api/sessions?id=nobody'])('%s: no sniffing, origin-only referrers, no framing, HSTS over https', async (path) => {
    const { headers } = await fetch(`${world.server.baseUrl}${path}`);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    // Plain http here: HSTS only once a proxy says the client came over https.
    expect(headers.get('strict-transport-security')).toBeNull();
    const overHttps = await fetch(`${world.server.baseUrl}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers the API with Cache-Control: no-store', async () => {
    for (const path of ['/api/health', '/api/sessions?id=nobody']) expect((await fetch(`${world.server.baseUrl}${path}`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('the built app under its content security policy', () => {
  it('searches, checks out, books and shows the confirmation without a single policy violation', async () => {
    const page = await newPage('es');
    const violations = await watchPolicyViolations(page);
    const home = await page.goto(`${world.server.baseUrl}/vuelos/?lang=es`);
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading').first().waitFor();
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-18/2026-12-26/1/0/0?lang=es');
    await fillOneAdult(page, 'es', { first: 'Rosa', last: unique('Politica'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe');
    await page.getByRole('button', { name: LABELS.es.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    await page.getByRole('region', { name: 'Tu reserva', exact: true }).waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
