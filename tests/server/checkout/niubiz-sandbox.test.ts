import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import {
  NIUBIZ_AUTHORIZATION_PATH,
  NIUBIZ_CONNECTION_ERROR,
  NIUBIZ_NOTIFY_PATH,
  NIUBIZ_SANDBOX_CHALLENGE_PATH,
  NIUBIZ_SANDBOX_TOKENIZE_PATH,
  NIUBIZ_TEST_CARDS,
  NIUBIZ_TOKEN_PATH,
  niubizAuthorizationResponseSchema,
  niubizChallengeResponseSchema,
  niubizNotifyResponseSchema,
  niubizTokenizeResponseSchema,
  niubizTokenResponseSchema,
  type NiubizSession,
} from '../../../src/contract/niubiz.ts';
import { getSessionResponseSchema } from '../../../src/contract/session.ts';
import { manageBookingResponseSchema } from '../../../src/contract/manage-booking.ts';
import { cardTokenResponseSchema, SANDBOX_VAULT_PATH } from '../../../src/contract/card-vault.ts';
import { bookings, cardCheckouts, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { niubizSandboxGateway } from '../../../src/server/payments/niubiz-sandbox.ts';
import { startTestApi } from '../../support/server.ts';
import { rowsOf } from '../jobs/support.ts';
import { book, bookingFor, bookPaying, paymentStateOf, sandboxCard, searchOffers, withLeadLastName, type BookForm, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A card-checkout booking (Interbank 104 or Scotiabank 123) with the checkout's card 4111 1111 1111 1111. */
async function bookWithCard(lastName: string, payment: 104 | 123 = 104): Promise<BookingSuccess> {
  const card = await sandboxCard(api);
  // No invoice is offered with a bank's card (spec 2 §5).
  return bookPaying(api, lastName, (bookForm) => ({ ...bookForm, contact: { ...bookForm.contact, invoice: false } as BookForm['contact'], payment, paymentCreditCard: card }));
}

const tokenRequest = (booked: BookingSuccess, extra: Record<string, unknown> = {}) => ({
  purchaseNumber: booked.paymentDetails.orderNumber,
  token: booked.paymentDetails.pageToken ?? '',
  paymentProviderCode: booked.paymentDetails.providerCode,
  email: 'ana.quispe@correo.pe',
  documentId: '45678912',
  ...extra,
});

async function openCheckout(booked: BookingSuccess, extra: Record<string, unknown> = {}): Promise<NiubizSession> {
  const response = await api.json(`/api${NIUBIZ_TOKEN_PATH}`, tokenRequest(booked, extra));
  expect(response.status).toBe(200);
  return niubizTokenResponseSchema.parse(await response.json()).data;
}

/** The hosted fields: the only call with the card; answers the token (or challenge), brand and last four. */
async function tokenize(session: NiubizSession, cardNumber: string) {
  const response = await api.json(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, { sessionKey: session.sessionKey, cardNumber, expirationDate: '12/30', securityCode: '123' });
  expect(response.status).toBe(200);
  return niubizTokenizeResponseSchema.parse(await response.json()).data;
}

async function authorize(session: NiubizSession, transactionToken: string, amount = session.amount) {
  const response = await api.json(`/api${NIUBIZ_AUTHORIZATION_PATH}`, {
    transactionToken,
    amount,
    purchase: session.purchaseNumber,
    name: 'Ana',
    lastName: 'Quispe',
    email: 'ana.quispe@correo.pe',
    paymentProviderCode: 104,
    installments: 0,
  });
  expect(response.status).toBe(200);
  return niubizAuthorizationResponseSchema.parse(await response.json()).data;
}

const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);

async function sessionBooking(booked: BookingSuccess) {
  const [row] = await api.deps.db.select({ sessionId: bookings.sessionId }).from(bookings).where(eq(bookings.paymentOrderNumber, booked.paymentDetails.orderNumber));
  const response = await api.request(`/api/sessions?id=${row!.sessionId}`);
  return getSessionResponseSchema.parse(await response.json()).data.booking as BookingSuccess;
}

describe('the card checkout through the sandbox Niubiz (104, 123)', () => {
  it('books a card order pending, with its page token, and opens a 20-minute session for the order’s own amount', async () => {
    const booked = await bookWithCard('Niubiz');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 104, status: 2 });
    expect(await stateOf(booked)).toMatchObject({ order: 'PP' });
    const before = api.deps.now().getTime();
    // The page's amount is not the one used: the session carries the order's.
    const session = await openCheckout(booked, { amount: 1 });
    expect(session.sessionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(session.amount).toBe(booked.paymentDetails.totalAmount);
    expect(session.purchaseNumber).toBe(`${booked.paymentDetails.orderNumber}001`);
    expect(session.expirationTime - before).toBeGreaterThan(19 * 60_000);
    expect(session.expirationTime - before).toBeLessThanOrEqual(20 * 60_000 + 1000);
    // A second press is a new checkout with its own purchase number.
    expect((await openCheckout(booked)).purchaseNumber).toBe(`${booked.paymentDetails.orderNumber}002`);
  });

  it('books Interbank with the number alone, as its bank-card form types it (expiry and CVV come with the card checkout)', async () => {
    const answer = await api.json(`/api${SANDBOX_VAULT_PATH}`, { cardNumber: '4111111111111111' });
    expect(answer.status).toBe(200);
    const card = cardTokenResponseSchema.parse(await answer.json()).data;
    const [offer] = await searchOffers(api);
    const request = withLeadLastName(await bookingFor(api, offer!), 'Interbank');
    const { status, result } = await book(api, { ...request, bookForm: { ...request.bookForm, contact: { ...request.bookForm.contact, invoice: false }, payment: 104, paymentCreditCard: card } });
    expect(status).toBe(200);
    expect((result as BookingSuccess).paymentDetails).toMatchObject({ providerCode: 104, status: 2 });
  });

  it('offers the card checkout in manage-booking after a PNR + last name check: the order’s token and the checkout card’s last four', async () => {
    const booked = await bookWithCard('Gestion', 123);
    const response = await api.app.request('/api/bookings/lookup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }, body: JSON.stringify({ pnr: booked.pnr, lastName: 'Gestion' }) });
    const view = manageBookingResponseSchema.parse(await response.json()).data;
    expect(view.cardCheckout).toEqual({ orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken, providerCode: 123, amount: booked.paymentDetails.totalAmount, checkoutLast4: '1111' });
    const session = await openCheckout(booked, { token: view.cardCheckout!.token });
    expect(session.amount).toBe(booked.paymentDetails.totalAmount);
  });

  it('refuses a session without the order’s token, for another provider code, or for an order no longer pending', async () => {
    const booked = await bookWithCard('Rechazos', 123);
    expect((await api.json(`/api${NIUBIZ_TOKEN_PATH}`, tokenRequest(booked, { token: 'x'.repeat(43) }))).status).toBe(403);
    expect((await api.json(`/api${NIUBIZ_TOKEN_PATH}`, tokenRequest(booked, { paymentProviderCode: 104 }))).status).toBe(409);
    await api.deps.db.update(paymentOrders).set({ status: 'EPO' }).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
    const expired = await api.json(`/api${NIUBIZ_TOKEN_PATH}`, tokenRequest(booked));
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ code: 'PAYMENT_ORDER_NOT_PENDING' });
  });

  it('approves the approving card: status 1 with the order, amount, brand and masked card; paid once, however often the authorisation and notification are replayed', async () => {
    const booked = await bookWithCard('Aprobada');
    const session = await openCheckout(booked);
    const card = await tokenize(session, NIUBIZ_TEST_CARDS.approve);
    expect(card).toMatchObject({ brand: 'visa', last4: '1111', cardType: 'C', challengeId: null });
    // The amount the page sends is not the amount charged.
    const approved = await authorize(session, card.transactionToken!, 0.5);
    expect(approved.status).toBe('1');
    expect(approved.data).toMatchObject({
      orderNumber: booked.paymentDetails.orderNumber,
      purchaseNumber: session.purchaseNumber,
      amount: booked.paymentDetails.totalAmount,
      cardBrand: 'visa',
      cardMask: '************1111',
      cardType: 'C',
      actionCode: '000',
      installments: 0,
    });
    expect(approved.data?.authorizationCode).toMatch(/^\d{6}$/);
    expect(approved.data?.transactionDate).toMatch(/^\d{12}$/);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    for (let round = 0; round < 10; round++) {
      expect(await authorize(session, card.transactionToken!)).toEqual(approved);
      const notified = await api.json(`/api${NIUBIZ_NOTIFY_PATH}`, { purchaseNumber: session.purchaseNumber, ...approved.data });
      expect(niubizNotifyResponseSchema.parse(await notified.json()).data.payment).toBe('paid');
    }
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    // The pages after payment read the card from the server: brand and last four.
    expect((await sessionBooking(booked)).paymentDetails.card).toMatchObject({ brand: 'visa', last4: '1111', authorizationCode: approved.data?.authorizationCode });
    // Paid: no new checkout.
    expect((await api.json(`/api${NIUBIZ_TOKEN_PATH}`, tokenRequest(booked))).status).toBe(409);
  });

  it('declines with the issuer’s description, and for insufficient funds; the order stays pending and a new checkout pays it', async () => {
    const booked = await bookWithCard('Denegada');
    const first = await openCheckout(booked);
    const declined = await authorize(first, (await tokenize(first, NIUBIZ_TEST_CARDS.decline)).transactionToken!);
    expect(declined).toMatchObject({ status: '2', message: 'Operación denegada. Contactar con entidad emisora de su tarjeta.', data: { actionCode: '190' } });
    // A notification for a declined purchase changes nothing.
    const notified = await api.json(`/api${NIUBIZ_NOTIFY_PATH}`, { purchaseNumber: first.purchaseNumber });
    expect(niubizNotifyResponseSchema.parse(await notified.json()).data.payment).toBe('pending');
    const second = await openCheckout(booked);
    const funds = await authorize(second, (await tokenize(second, NIUBIZ_TEST_CARDS.insufficientFunds)).transactionToken!);
    expect(funds).toMatchObject({ status: '2', message: 'Fondos insuficientes', data: { actionCode: '116' } });
    expect(await stateOf(booked)).toMatchObject({ order: 'PP', statusMails: 0 });
    const third = await openCheckout(booked);
    expect((await authorize(third, (await tokenize(third, NIUBIZ_TEST_CARDS.approveDebit)).transactionToken!)).status).toBe('1');
    expect(await stateOf(booked)).toMatchObject({ order: 'CPO', statusMails: 1 });
  });

  it('asks the challenge card to confirm with the bank first; the confirmed token is approved', async () => {
    const booked = await bookWithCard('Reto');
    const session = await openCheckout(booked);
    const card = await tokenize(session, NIUBIZ_TEST_CARDS.challenge);
    expect(card).toMatchObject({ transactionToken: null, last4: '1111' });
    expect(card.challengeId).toBeTruthy();
    // The challenge itself is no transaction token.
    expect(await authorize(session, card.challengeId!)).toMatchObject({ status: '2', data: { actionCode: '180' } });
    const again = await openCheckout(booked);
    const challenge = (await tokenize(again, NIUBIZ_TEST_CARDS.challenge)).challengeId!;
    const confirmed = await api.json(`/api${NIUBIZ_SANDBOX_CHALLENGE_PATH}`, { challengeId: challenge });
    const { transactionToken } = niubizChallengeResponseSchema.parse(await confirmed.json()).data;
    expect((await authorize(again, transactionToken)).status).toBe('1');
    expect(await stateOf(booked)).toMatchObject({ order: 'CPO' });
  });

  it('answers status 3 when the acquirer cannot be reached, and leaves the checkout open', async () => {
    const booked = await bookWithCard('Caida');
    const session = await openCheckout(booked);
    const token = (await tokenize(session, NIUBIZ_TEST_CARDS.unreachable)).transactionToken!;
    expect(await authorize(session, token)).toEqual({ status: '3', message: NIUBIZ_CONNECTION_ERROR, data: null });
    expect((await api.deps.db.select().from(cardCheckouts).where(eq(cardCheckouts.sessionKey, session.sessionKey)))[0]?.status).toBe('open');
    expect(await stateOf(booked)).toMatchObject({ order: 'PP' });
  });

  it('refuses a token made for another session, an expired session, and bad cards at the hosted fields', async () => {
    const booked = await bookWithCard('Ajena');
    const one = await openCheckout(booked);
    const other = await openCheckout(booked);
    expect(await authorize(other, (await tokenize(one, NIUBIZ_TEST_CARDS.approve)).transactionToken!)).toMatchObject({ status: '2', data: { actionCode: '180' } });
    // A token that names no card leaves the checkout open: its own card still pays.
    expect(await authorize(other, 'not-a-token')).toMatchObject({ status: '2', data: { actionCode: '180' } });
    expect((await authorize(other, (await tokenize(other, NIUBIZ_TEST_CARDS.decline)).transactionToken!)).data?.actionCode).toBe('190');
    const bad = await api.json(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, { sessionKey: one.sessionKey, cardNumber: '4111111111111112', expirationDate: '12/30', securityCode: '123' });
    expect(bad.status).toBe(400);
    const past = await api.json(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, { sessionKey: one.sessionKey, cardNumber: NIUBIZ_TEST_CARDS.approve, expirationDate: '01/20', securityCode: '123' });
    expect(past.status).toBe(400);
    await api.deps.db.update(cardCheckouts).set({ expiresAt: new Date(api.deps.now().getTime() - 1000) }).where(eq(cardCheckouts.sessionKey, one.sessionKey));
    const closed = await api.json(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, { sessionKey: one.sessionKey, cardNumber: NIUBIZ_TEST_CARDS.approve, expirationDate: '12/30', securityCode: '123' });
    expect(closed.status).toBe(409);
  });

  it('takes the configured time to answer an authorisation (SANDBOX_CARD_DELAY_MS)', async () => {
    const slow = niubizSandboxGateway({ ...api.deps, sandboxPaymentSecret: 'secret', sandboxCardDelayMs: 150 });
    const started = Date.now();
    const result = await slow.authorize({ transactionToken: 'x', sessionKey: 'a'.repeat(64), purchaseNumber: '1', amount: 1, currency: 'USD', installments: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(result).toMatchObject({ approved: false, actionCode: '180' });
  });

  it('keeps no card number or CVV: a dump of every row, and the log, after card payments', async () => {
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'info'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    const booked = await bookWithCard('Volcado');
    const session = await openCheckout(booked);
    const response = await api.json(`/api${NIUBIZ_SANDBOX_TOKENIZE_PATH}`, { sessionKey: session.sessionKey, cardNumber: '4111 1111 1111 1111', expirationDate: '12/30', securityCode: '987' });
    const card = niubizTokenizeResponseSchema.parse(await response.json()).data;
    expect((await authorize(session, card.transactionToken!)).status).toBe('1');
    const tables = await rowsOf<{ table_name: string }>(api.deps, sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    let dump = '';
    for (const { table_name } of tables) dump += JSON.stringify(await rowsOf(api.deps, sql`SELECT * FROM ${sql.identifier(table_name)}`));
    expect(dump).toContain('************1111');
    for (const secret of [/4111\s?1111\s?1111\s?1111/, /4000000000\d{6}/, /"987"/, /"(securityCode|cvv|cardNumber)":/i]) expect(dump).not.toMatch(secret);
    const log = JSON.stringify(logged.map((spy) => spy.mock.calls));
    expect(log).not.toMatch(/4111\s?1111\s?1111\s?1111|987/);
    for (const spy of logged) spy.mockRestore();
  });
});
