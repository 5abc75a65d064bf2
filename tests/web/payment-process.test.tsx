import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYME_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

/** The forms the page submitted, as the provider would receive them: action and fields. */
function spyOnFormPosts() {
  const posts: Array<{ action: string; method: string; fields: Record<string, string> }> = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function submit(this: HTMLFormElement) {
    posts.push({ action: new URL(this.action).pathname, method: this.method, fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>) });
  });
  return posts;
}

afterEach(() => vi.restoreAllMocks());

describe('payment waiting page (/payment/process/:id)', () => {
  it('posts the PayMe order number to the provider’s page once the session loads, and again from the button', async () => {
    const posts = spyOnFormPosts();
    const { user } = renderApp(`/vuelos/payment/process/${ids.payMe}?lang=es`);
    await findPageHeading('Te estamos llevando a la página de pago');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ action: '/sandbox/payme', method: 'post', fields: { paymentOrderNumber: '1002345678', token: PAYME_PAGE_TOKEN, lang: 'es' } });
    expect(screen.getByText('Orden de pago 1002345678')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    await waitFor(() => expect(posts).toHaveLength(2));
  });

  it('sends a booking paid another way to its confirmation, posting nothing', async () => {
    const posts = spyOnFormPosts();
    const { user, router } = renderApp(`/vuelos/payment/process/${ids.cashDeposit}?lang=en&terminalId=9132868`);
    const link = await screen.findByRole('link', { name: 'See your booking' });
    await user.click(link);
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/book/confirmation/${ids.cashDeposit}`));
    expect(router.history.location.search).toContain('terminalId=9132868');
    expect(posts).toEqual([]);
  });

  it('shows the booking error for a failed booking', async () => {
    renderApp(`/vuelos/payment/process/${ids.failedBooking}?lang=es`);
    expect((await screen.findByRole('alert')).textContent).toContain('UPS! Ocurrio un error durante la reserva ...');
  });

  it('says when no session has the id', async () => {
    renderApp('/vuelos/payment/process/00000000-0000-4000-8000-000000000000?lang=en');
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeTruthy();
  });
});
