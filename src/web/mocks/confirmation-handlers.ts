/**
 * Sessions after booking as stories and UI tests see them: the confirmation fixtures (cash deposit
 * above and below US$ 500, card pending and paid, book without payment, with seats and bags, a
 * failed booking), each answered through the contract's session schema.
 */
import { http, HttpResponse } from 'msw';
import { confirmationSession, confirmationSessionIds, confirmationSessionNames } from '../../contract/fixtures/confirmation.ts';
import { getSessionResponseSchema } from '../../contract/session.ts';
import { BANK_TRANSFER_ACCOUNTS_PATH, transferAccountsResponseSchema } from '../../contract/bank-transfer.ts';
import { transferAccounts } from '../../contract/fixtures/bank-transfer.ts';
import { CUOTEALO_FORM_PATH, cuotealoFormResponseSchema } from '../../contract/cuotealo.ts';
import { paymentOrderResponseSchema } from '../../contract/postsale.ts';
import { pendingPaymentOrder } from '../../contract/fixtures/postsale.ts';
import { ACUOTAZ_URL_PATH, acuotazUrlResponseSchema, type AcuotazPage } from '../../contract/acuotaz.ts';

export const mockConfirmationSessionIds = confirmationSessionIds;

export const confirmationHandlers = [
  http.get('/api/sessions', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    const name = confirmationSessionNames.find((candidate) => confirmationSessionIds[candidate] === id);
    // Other ids fall through to the checkout and general session handlers.
    if (!name) return undefined;
    return HttpResponse.json(getSessionResponseSchema.parse({ status: 200, personalData: 'full', data: confirmationSession(name, new Date()) }));
  }),
];

/** The bank-transfer accounts (provider 130), answered through the contract's schema. */
export const bankTransferHandlers = [
  http.get(`/api${BANK_TRANSFER_ACCOUNTS_PATH}`, () => HttpResponse.json(transferAccountsResponseSchema.parse({ status: 200, data: { accounts: transferAccounts } }))),
];

/** Cuotéalo's encrypted form (provider 137): an opaque sealed order, answered through the contract's schema. */
export const MOCK_CUOTEALO_FORM_DATA = 'sealed-order-1002345678';
export const cuotealoHandlers = [
  // The fixtures' orders wait for payment; tests answer other statuses themselves.
  http.get('/api/engines/orderNumber/:orderNumber', ({ params }) =>
    HttpResponse.json(paymentOrderResponseSchema.parse({ status: 200, data: { ...pendingPaymentOrder, number: String(params.orderNumber), provider: { id: 137, currency: 'USD' } } })),
  ),
  http.post(`/api${CUOTEALO_FORM_PATH}`, () => HttpResponse.json(cuotealoFormResponseSchema.parse({ status: 200, data: { action: '/sandbox/cuotealo', data: MOCK_CUOTEALO_FORM_DATA } }))),
];

/** ACuotaz's page of the fixture order (provider 125) and its soles, answered through the contract's schema. */
export const MOCK_ACUOTAZ_PAGE: AcuotazPage = { url: '/sandbox/acuotaz/1002345678?lang=en&token=story', amount: 2947.54, currency: 'PEN', exchangeRate: 3.75, rateDate: '2026-11-24' };
export const acuotazHandlers = [http.post(`/api${ACUOTAZ_URL_PATH}`, () => HttpResponse.json(acuotazUrlResponseSchema.parse({ status: 200, data: MOCK_ACUOTAZ_PAGE })))];
