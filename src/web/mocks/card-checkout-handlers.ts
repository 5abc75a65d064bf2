/**
 * The card checkout (104, 123) as stories and UI tests see it, answered through the contract's schemas:
 * the session, the hosted fields' tokenisation by the sandbox's test cards (approve, debit, decline,
 * insufficient funds, challenge, an acquirer that does not answer), the challenge, the authorisation and
 * the notification. Once a card is approved the fixture card booking reads paid (Visa ending 1111).
 */
import { http, HttpResponse } from 'msw';
import cardValidator from 'card-validator';
import { cardLast4 } from '../../contract/checkout.ts';
import { apiErrorSchema } from '../../contract/common.ts';
import { approvedAuthorization, cardCheckoutHostedSession, cardCheckoutSession, deniedAuthorization, unreachableAuthorization } from '../../contract/fixtures/card-checkout.ts';
import { confirmationSession, confirmationSessionIds } from '../../contract/fixtures/confirmation.ts';
import {
  cardTypeOf,
  NIUBIZ_AUTHORIZATION_PATH,
  NIUBIZ_NOTIFY_PATH,
  NIUBIZ_SANDBOX_CHALLENGE_PATH,
  NIUBIZ_SANDBOX_TOKENIZE_PATH,
  NIUBIZ_TEST_CARDS,
  NIUBIZ_TOKEN_PATH,
  niubizAuthorizationRequestSchema,
  niubizAuthorizationResponseSchema,
  niubizChallengeResponseSchema,
  niubizNotifyResponseSchema,
  niubizTokenizeRequestSchema,
  niubizTokenizeResponseSchema,
  niubizTokenRequestSchema,
  niubizTokenResponseSchema,
  type NiubizAuthorization,
} from '../../contract/niubiz.ts';
import { getSessionResponseSchema } from '../../contract/session.ts';

const state = { paid: false, hosted: false };
/** A new test's card order is unpaid again, through the sandbox's card form. */
export const resetCardCheckoutMock = () => {
  state.paid = false;
  state.hosted = false;
};
/** The server as where Niubiz's real API is configured: its sessions open Niubiz's checkout.js form. */
export const useHostedCardCheckout = () => {
  state.hosted = true;
};

const failure = (status: number, code: string, message: string) => HttpResponse.json(apiErrorSchema.parse({ status, code, message, errors: [] }), { status });

const answers: Record<string, NiubizAuthorization> = {
  decline: deniedAuthorization,
  funds: { ...deniedAuthorization, message: 'Fondos insuficientes', data: deniedAuthorization.data && { ...deniedAuthorization.data, actionCode: '116', actionDescription: 'Fondos insuficientes' } },
  unreachable: unreachableAuthorization,
};

const outcomeOf = (digits: string) =>
  ({ [NIUBIZ_TEST_CARDS.decline]: 'decline', [NIUBIZ_TEST_CARDS.insufficientFunds]: 'funds', [NIUBIZ_TEST_CARDS.unreachable]: 'unreachable', [NIUBIZ_TEST_CARDS.challenge]: 'challenge' })[digits] ?? 'approve';

export const cardCheckoutHandlers = [
  http.get('/api/sessions', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    if (id !== confirmationSessionIds.cardCheckout || !state.paid) return undefined;
    const paid = { ...confirmationSession('paidCardCheckout', new Date()), sessionID: id };
    return HttpResponse.json(getSessionResponseSchema.parse({ status: 200, personalData: 'full', data: paid }));
  }),
  http.post(`/api${NIUBIZ_TOKEN_PATH}`, async ({ request }) => {
    const body = niubizTokenRequestSchema.parse(await request.json());
    if (state.paid) return failure(409, 'PAYMENT_ORDER_NOT_PENDING', 'Not waiting for payment');
    const session = state.hosted ? cardCheckoutHostedSession : cardCheckoutSession;
    return HttpResponse.json(niubizTokenResponseSchema.parse({ status: 200, data: { ...session, orderNumber: body.purchaseNumber, purchaseNumber: `${body.purchaseNumber}001`, expirationTime: Date.now() + 20 * 60_000 } }));
  }),
  http.post(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, async ({ request }) => {
    const body = niubizTokenizeRequestSchema.parse(await request.json());
    const digits = body.cardNumber.replace(/\D/g, '');
    const check = cardValidator.number(digits);
    if (!check.isValid) return failure(400, 'CARD_INVALID', 'Error procesando el pago datos de la tarjeta no son válidos');
    const outcome = outcomeOf(digits);
    const card = { brand: check.card?.type ?? 'card', last4: cardLast4(digits), cardType: cardTypeOf(digits) };
    const data = outcome === 'challenge' ? { ...card, transactionToken: null, challengeId: 'challenge' } : { ...card, transactionToken: `tok:${outcome}`, challengeId: null };
    return HttpResponse.json(niubizTokenizeResponseSchema.parse({ status: 200, data }));
  }),
  http.post(`/api${NIUBIZ_SANDBOX_CHALLENGE_PATH}`, () => HttpResponse.json(niubizChallengeResponseSchema.parse({ status: 200, data: { transactionToken: 'tok:approve' } }))),
  http.post(`/api${NIUBIZ_AUTHORIZATION_PATH}`, async ({ request }) => {
    const body = niubizAuthorizationRequestSchema.parse(await request.json());
    const outcome = body.transactionToken.replace('tok:', '');
    const answer = answers[outcome] ?? approvedAuthorization;
    if (answer.status === '1') state.paid = true;
    return HttpResponse.json(niubizAuthorizationResponseSchema.parse({ status: 200, data: answer }));
  }),
  http.post(`/api${NIUBIZ_NOTIFY_PATH}`, () => HttpResponse.json(niubizNotifyResponseSchema.parse({ status: 200, data: { payment: state.paid ? 'paid' : 'pending' } }))),
];
