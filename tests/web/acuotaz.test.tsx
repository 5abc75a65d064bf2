import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACUOTAZ_URL_PATH } from '../../src/contract/acuotaz.ts';
import { ACUOTAZ_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { mockConfirmationSessionIds as ids, MOCK_ACUOTAZ_PAGE } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

async function openConfirmation(lang: 'es' | 'en') {
  renderApp(`/vuelos/book/confirmation/${ids.acuotaz}?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
}

describe('ACuotaz (125) on the booking confirmation', () => {
  it('frames the order’s ACuotaz page with the amount in soles, and offers it in a new tab instead (es)', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(`/api${ACUOTAZ_URL_PATH}`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ status: 200, data: MOCK_ACUOTAZ_PAGE });
      }),
    );
    await openConfirmation('es');
    const section = await screen.findByRole('region', { name: 'Paga en cuotas con ACuotaz' }, { timeout: 5000 });
    const frame = await within(section).findByTitle('Pago con ACuotaz', {}, { timeout: 5000 });
    expect(frame.getAttribute('src')).toBe(MOCK_ACUOTAZ_PAGE.url);
    expect(within(section).getByText(/Pagas S\/ 2,947\.54 en cuotas con ACuotaz \(tipo de cambio 3\.750 del 2026-11-24\)/)).toBeTruthy();
    // Only the order and its token go to the server: the amount is the server's own.
    expect(asked).toEqual([{ orderNumber: '1002345678', token: ACUOTAZ_PAGE_TOKEN, language: 'es' }]);

    await userEvent.click(within(section).getByRole('button', { name: 'Abrir ACuotaz en otra pestaña' }));
    const link = await within(section).findByRole('link', { name: 'Abrir ACuotaz en una pestaña nueva' });
    expect({ href: link.getAttribute('href'), target: link.getAttribute('target'), rel: link.getAttribute('rel') }).toEqual({ href: MOCK_ACUOTAZ_PAGE.url, target: '_blank', rel: 'noopener noreferrer' });
    expect(within(section).queryByTitle('Pago con ACuotaz')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Pagar en esta página' }));
    expect((await within(section).findByTitle('Pago con ACuotaz')).getAttribute('src')).toBe(MOCK_ACUOTAZ_PAGE.url);
  });

  it('a failure shows the spec’s error and a retry that gets the page (en)', async () => {
    let calls = 0;
    server.use(
      http.post(`/api${ACUOTAZ_URL_PATH}`, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ status: 503, code: 'INTERNAL', message: 'down', errors: [] }, { status: 503 });
        return HttpResponse.json({ status: 200, data: MOCK_ACUOTAZ_PAGE });
      }),
    );
    await openConfirmation('en');
    const section = await screen.findByRole('region', { name: 'Pay in instalments with ACuotaz' }, { timeout: 5000 });
    const alert = await within(section).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Oops! Something went wrong...');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(section).findByTitle('ACuotaz payment', {}, { timeout: 5000 })).getAttribute('src')).toBe(MOCK_ACUOTAZ_PAGE.url);
  });

  it('says so when the order no longer waits for payment (en)', async () => {
    server.use(http.post(`/api${ACUOTAZ_URL_PATH}`, () => HttpResponse.json({ status: 409, code: 'PAYMENT_ORDER_NOT_PENDING', message: 'not pending', errors: [] }, { status: 409 })));
    await openConfirmation('en');
    const section = await screen.findByRole('region', { name: 'Pay in instalments with ACuotaz' }, { timeout: 5000 });
    expect((await within(section).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('This payment order is no longer waiting for payment.');
    expect(within(section).queryByTitle('ACuotaz payment')).toBeNull();
  });
});
