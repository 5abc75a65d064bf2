import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CUOTEALO_FORM_PATH } from '../../src/contract/cuotealo.ts';
import { CUOTEALO_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { pendingPaymentOrder } from '../../src/contract/fixtures/postsale.ts';
import { mockConfirmationSessionIds as ids, MOCK_CUOTEALO_FORM_DATA } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

async function openConfirmation(lang: 'es' | 'en') {
  renderApp(`/vuelos/book/confirmation/${ids.cuotealo}?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
}

describe('Cuotéalo BCP (137) on the booking confirmation', () => {
  it('asks the server for the order’s encrypted form and posts it to the bank’s page with "Pagar con Cuotealo"', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(`/api${CUOTEALO_FORM_PATH}`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ status: 200, data: { action: '/sandbox/cuotealo', data: MOCK_CUOTEALO_FORM_DATA } });
      }),
    );
    await openConfirmation('es');
    const section = await screen.findByRole('region', { name: 'Paga en cuotas con Cuotéalo BCP' }, { timeout: 5000 });
    const button = await within(section).findByRole('button', { name: 'Pagar con Cuotealo' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/sandbox/cuotealo');
    expect(new FormData(form).get('data')).toBe(MOCK_CUOTEALO_FORM_DATA);
    // Only the order and its token go to the server: the amount is the server's own.
    expect(asked).toEqual([{ orderNumber: '1002345678', token: CUOTEALO_PAGE_TOKEN, language: 'es' }]);
  });

  it('says so when the order no longer waits for payment (en)', async () => {
    server.use(http.post(`/api${CUOTEALO_FORM_PATH}`, () => HttpResponse.json({ status: 409, code: 'PAYMENT_ORDER_NOT_PENDING', message: 'not pending', errors: [] }, { status: 409 })));
    await openConfirmation('en');
    const section = await screen.findByRole('region', { name: 'Pay in instalments with Cuotéalo BCP' }, { timeout: 5000 });
    expect((await within(section).findByRole('alert')).textContent).toBe('This payment order is no longer waiting for payment.');
    expect(within(section).queryByRole('button', { name: 'Pay with Cuotealo' })).toBeNull();
  });

  it('reads the order first (spec 3 §7) and asks no form for an order paid meanwhile', async () => {
    const formAsked: unknown[] = [];
    const orderReads: Array<string | null> = [];
    server.use(
      http.get('/api/engines/orderNumber/:orderNumber', ({ request }) => {
        orderReads.push(request.headers.get('x-session-key') ?? request.headers.get('x-booking-grant'));
        return HttpResponse.json({ status: 200, data: { ...pendingPaymentOrder, status: 'CPO', provider: { id: 137, currency: 'USD' } } });
      }),
      http.post(`/api${CUOTEALO_FORM_PATH}`, async ({ request }) => {
        formAsked.push(await request.json());
        return HttpResponse.json({ status: 200, data: { action: '/sandbox/cuotealo', data: MOCK_CUOTEALO_FORM_DATA } });
      }),
    );
    await openConfirmation('en');
    const section = await screen.findByRole('region', { name: 'Pay in instalments with Cuotéalo BCP' }, { timeout: 5000 });
    expect((await within(section).findByRole('alert')).textContent).toBe('This payment order is no longer waiting for payment.');
    expect(orderReads).toHaveLength(1);
    expect(formAsked).toEqual([]);
  });
});
