import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BANK_TRANSFER_ACCOUNTS_PATH, transferAccountsResponseSchema } from '../../src/contract/bank-transfer.ts';
import { transferAccounts } from '../../src/contract/fixtures/bank-transfer.ts';
import { BANK_TRANSFER_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { server } from './setup.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

async function openConfirmation(id: string, lang: 'es' | 'en') {
  const app = renderApp(`/vuelos/book/confirmation/${id}?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
  return app;
}

describe('bank transfer (130) on the booking confirmation', () => {
  it('shows the accounts to pay into per currency, the order code to quote, the amount and the deadline (en)', async () => {
    await openConfirmation(ids.bankTransfer, 'en');
    const transfer = await screen.findByRole('region', { name: 'Pay by bank transfer' }, { timeout: 5000 });
    expect(transfer.textContent).toContain('Transfer US$ 786.01 to one of these accounts before Nov 22, 2026, 3:14 PM (Lima time), and write the order code 1002345678');
    const dollars = await within(transfer).findByRole('region', { name: 'Accounts in US dollars' });
    expect(within(dollars).getAllByText('Vuelos Sandbox S.A.C.')).toHaveLength(2);
    expect(within(dollars).getByText('193-0000001-1-90')).toBeTruthy();
    expect(within(dollars).getByText('011-100-000100000001-77')).toBeTruthy();
    expect(within(transfer).getByRole('region', { name: 'Accounts in soles' }).textContent).toContain('193-0000002-0-45');
    const sandbox = within(transfer).getByRole('link', { name: 'Sandbox: confirm the transfer at the test bank' });
    expect(sandbox.getAttribute('href')).toBe(`/sandbox/bank-transfer/1002345678?lang=en&token=${BANK_TRANSFER_PAGE_TOKEN}`);
    expect(screen.getByText('Your payment is pending. Pay before Nov 22, 2026, 3:14 PM (Lima time) or the booking will be cancelled.')).toBeTruthy();
  });

  it('in Spanish, and offers a retry when the accounts cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(`/api${BANK_TRANSFER_ACCOUNTS_PATH}`, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ status: 500, code: 'INTERNAL', message: 'down', errors: [] }, { status: 500 });
        return HttpResponse.json(transferAccountsResponseSchema.parse({ status: 200, data: { accounts: transferAccounts } }));
      }),
    );
    await openConfirmation(ids.bankTransfer, 'es');
    const transfer = await screen.findByRole('region', { name: 'Paga por transferencia bancaria' }, { timeout: 5000 });
    const alert = await within(transfer).findByRole('alert');
    expect(alert.textContent).toContain('No se pudieron cargar las cuentas bancarias.');
    within(alert).getByRole('button', { name: 'Volver a intentar' }).click();
    expect((await within(transfer).findByRole('region', { name: 'Cuentas en dólares' })).textContent).toContain('193-0000001-1-90');
    expect(calls).toBe(2);
  });

  it('a paid transfer order shows it paid, without accounts', async () => {
    await openConfirmation(ids.paidBankTransfer, 'en');
    expect(await screen.findByText('Your payment was successful', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull();
  });
});
