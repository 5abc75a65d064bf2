import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorCodes } from '../../src/contract/common.ts';
import { RATE_LIMITED_PNR } from '../../src/web/mocks/manage-booking-handlers.ts';
import { lookUp } from './manage-page.tsx';
import { renderApp } from './render-app.tsx';
import { CouponForm } from '../../src/web/features/checkout/coupon/CouponForm.tsx';
import { renderPart, startCheckout } from './checkout-parts.tsx';
import { server } from './setup.ts';

/**
 * At a 429 every page says what happened and when to try again (issue 36), in its language, with the
 * seconds of the answer's Retry-After (the same the server's message and body say).
 */
// The results page's first render is slow on a loaded machine (a cold import of its chunks).
const slow = { timeout: 20_000 };
const tooMany = (seconds: number) =>
  HttpResponse.json(
    apiErrorSchema.parse({ status: 429, code: errorCodes.rateLimited, message: `Too many requests: try again in ${seconds} s.`, errors: [], retryAfterSeconds: seconds }),
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
const roundTrip = '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/0';

describe('the results page at a 429', () => {
  it.each([
    { lang: 'en', title: 'Too many attempts', text: 'Please try again in 42 seconds.', retry: 'Try again' },
    { lang: 'es', title: 'Demasiados intentos', text: 'Vuelve a intentarlo en 42 segundos.', retry: 'Volver a intentar' },
  ])('says too many searches and when to try again, with the Retry-After seconds ($lang)', async ({ lang, title, text, retry }) => {
    server.use(http.post('/api/flights/search', () => tooMany(42)));
    renderApp(`${roundTrip}?lang=${lang}`);
    const panel = (await screen.findByRole('heading', { name: title }, slow)).closest('section')!;
    expect(panel.getAttribute('data-status')).toBe('429');
    expect(panel.textContent).toContain(text);
    expect(panel.textContent).not.toContain('30');
    expect(within(panel).getByRole('button', { name: retry })).toBeTruthy();
  });

  it('says the same when the search’s new session was refused (en)', async () => {
    server.use(http.post('/api/sessions/save', () => tooMany(600)));
    renderApp(roundTrip);
    const panel = (await screen.findByRole('heading', { name: 'Too many attempts' }, slow)).closest('section')!;
    expect(panel.textContent).toContain('Please try again in 10 minutes.');
  });
});

describe('the price tracker at a 429', () => {
  it('says too many attempts and when to try again, from the Retry-After (en)', async () => {
    server.use(http.post('/api/price-alerts', () => tooMany(1200)));
    const { user } = renderApp('/vuelos/LIM/CUZ/2026-12-12/1/0/0?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Track price' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Track this price' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Track price' }));
    expect((await within(dialog).findByRole('alert', {}, slow)).textContent).toContain('Too many attempts. Please try again in 20 minutes.');
  });
});

describe('the checkout’s discount code at a 429', () => {
  it('says too many attempts and when to try again, not that the code could not be checked (es)', async () => {
    server.use(http.post('/api/engines/coupon', () => tooMany(35)));
    const checkout = await startCheckout();
    const { user } = renderPart(<CouponForm checkout={checkout} discount={0} />, { language: 'es' });
    await user.type(screen.getByRole('textbox', { name: 'Código de descuento' }), 'VERANO25');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Demasiados intentos. Vuelve a intentarlo en 35 segundos.');
  });
});

describe('manage my booking at a 429', () => {
  it.each([
    { lang: 'en' as const, said: 'Too many attempts. Please try again in 30 minutes.' },
    { lang: 'es' as const, said: 'Demasiados intentos. Vuelve a intentarlo en 30 minutos.' },
  ])('says too many tries and when to try again after a refused lookup ($lang)', async ({ lang, said }) => {
    await lookUp(RATE_LIMITED_PNR, 'Quispe Mamani', lang);
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe(said);
  });

  it.each([
    { lang: 'en' as const, cancel: 'Cancel booking', confirm: 'Yes, cancel it', said: 'Too many attempts. Please try again in 42 seconds.', retry: 'Try again' },
    { lang: 'es' as const, cancel: 'Anular reserva', confirm: 'Sí, anularla', said: 'Demasiados intentos. Vuelve a intentarlo en 42 segundos.', retry: 'Volver a intentar' },
  ])('says too many attempts, not “paid or expired”, when the cancel is refused with 429, and keeps the booking ($lang)', async ({ lang, cancel, confirm, said, retry }) => {
    server.use(http.post('/api/bookings/cancel', () => tooMany(42)));
    const { user } = await lookUp('KXQ7TZ', 'Quispe Mamani', lang);
    await user.click(await screen.findByRole('button', { name: cancel }, slow));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: confirm }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe(said);
    expect(document.body.textContent).not.toMatch(/paid already|ya esté pagada|ya está pagada/);
    expect(screen.getByRole('button', { name: retry })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
