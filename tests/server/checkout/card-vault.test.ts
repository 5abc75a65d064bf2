import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { bookings, mailOutbox, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { CARD_DECLINED, SANDBOX_VAULT_PATH } from '../../../src/contract/card-vault.ts';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import { type ApiErrorBody, book, bookingFor, sandboxCard, useLatamNdcOffer, withLeadLastName } from './support.ts';

const world = useLatamNdcOffer();

const tokenize = (cardNumber: string) => world.api.json(`/api${SANDBOX_VAULT_PATH}`, { cardNumber, expirationDate: '12/30', securityCode: '123' });

/** The token the old browser tokenizer computed: an unkeyed digest of number, expiry and CVV length. */
function oldBrowserToken(text: string): string {
  const hash = (seed: number) => {
    let value = seed;
    for (const character of text) {
      value ^= character.codePointAt(0) ?? 0;
      value = Math.imul(value, 0x01000193) >>> 0;
    }
    return value.toString(16).padStart(8, '0');
  };
  return `tok_sandbox_${hash(0x811c9dc5)}${hash(0x050c5d1f)}`;
}

describe('the sandbox card vault', () => {
  it('answers a token with no relation to the card: a search over the middle digits and the expiry, with the true card among them, never finds it', async () => {
    const card = await sandboxCard(world.api, '4111 1111 1111 1111');
    expect(card).toMatchObject({ brand: 'visa', last4: '1111' });
    expect(card.token).toMatch(/^tok_sbx_/);
    // The attacker knows the public BIN (411111) and the last four (1111); they try middle digits and
    // expiry dates, hashing each candidate the ways a token could be derived from a card.
    const candidates: string[] = [];
    for (let middle = 0; middle < 2_000; middle++) {
      const number = `411111${String(middle * 500 + 111_111 - 111_000).padStart(6, '0')}1111`;
      candidates.push(number);
    }
    candidates.push('4111111111111111');
    const derived = new Set<string>();
    for (const number of candidates) {
      for (let month = 1; month <= 12; month++) {
        const expiry = `${String(month).padStart(2, '0')}/30`;
        for (const text of [`${number}|${expiry}|3`, `${number}|${expiry}`, number]) {
          derived.add(oldBrowserToken(text));
          derived.add(`tok_sbx_${createHash('sha256').update(text).digest('base64url')}`);
        }
      }
    }
    expect(derived.has(card.token)).toBe(false);
    expect([...derived].some((token) => card.token.includes(token.slice(8)))).toBe(false);
    // The same card tokenised again gets another token: nothing about the card fixes it.
    expect((await sandboxCard(world.api, '4111 1111 1111 1111')).token).not.toBe(card.token);
  });

  it('declines the test cards with 402 and the reason, refuses what is not a card, and never echoes or logs the number', async () => {
    const logged = vi.spyOn(console, 'error');
    const declined = await tokenize('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const body = apiErrorSchema.parse(await declined.json());
    expect(body).toMatchObject({ code: CARD_DECLINED, errors: [{ code: 'issuerDeclined' }] });
    const funds = apiErrorSchema.parse(await (await tokenize('4000000000009995')).json());
    expect(funds.errors[0]?.code).toBe('insufficientFunds');
    const notACard = await tokenize('4111 1111 1111 1112');
    expect(notACard.status).toBe(400);
    const answers = JSON.stringify([body, funds, await notACard.json()]);
    expect(answers).not.toMatch(/4000\s?0000|4111\s?1111/);
    expect(JSON.stringify(logged.mock.calls)).not.toMatch(/4000\s?0000|4111\s?1111/);
    logged.mockRestore();
  });

  it('is what a booking must pay with: a made-up token, or a real one with another last four, is refused', async () => {
    const forged = withLeadLastName(await bookingFor(world.api, world.offer), 'Falsa');
    const refused = await book(world.api, { ...forged, bookForm: { ...forged.bookForm, payment: 120, paymentCreditCard: fx.storedCard } });
    expect(refused.status).toBe(400);
    expect((refused.body as ApiErrorBody).errors.map((error) => error.path)).toContain('json.bookForm.paymentCreditCard.token');
    const card = await sandboxCard(world.api);
    const relabelled = await book(world.api, { ...forged, bookForm: { ...forged.bookForm, payment: 120, paymentCreditCard: { ...card, last4: '4242' } } });
    expect(relabelled.status).toBe(400);
    const genuine = await book(world.api, { ...forged, bookForm: { ...forged.bookForm, payment: 120, paymentCreditCard: card } });
    expect(genuine.result.statusCode).toBe(1);
  });

  it('charges the card once the booking is made: the order is paid, with one status mail, and a replay charges nothing more', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Cobrada');
    const paid = { ...request, bookForm: { ...request.bookForm, payment: 120, paymentCreditCard: await sandboxCard(world.api) } };
    const booked = (await book(world.api, paid)).result as BookingSuccess;
    expect(booked.statusCode).toBe(1);
    const orderNumber = booked.paymentDetails!.orderNumber;
    const orderStatus = async () => (await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, orderNumber)))[0]?.status;
    expect(await orderStatus()).toBe('CPO');
    const [booking] = await world.api.deps.db.select().from(bookings).where(eq(bookings.paymentOrderNumber, orderNumber));
    const statusMails = async () => world.api.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, booking!.id), eq(mailOutbox.kind, 'payment-status')));
    expect(await statusMails()).toHaveLength(1);
    // The same request again is answered from the first booking: no second charge, no second mail.
    expect((await book(world.api, paid)).result.statusCode).toBe(1);
    expect(await orderStatus()).toBe('CPO');
    expect(await statusMails()).toHaveLength(1);
  });
});
