import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout.machine.ts';
import { draftFitsParty, storedDraftOf, storedDraftOfSession, type StoredCheckoutDraft } from '../../machines/checkout-draft.ts';
import { couponMachine } from '../../machines/coupon.machine.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import type { BookingResult } from '../../src/contract/checkout.ts';
import { agencyForm, bookingResult, contactForm, insuranceProducts } from '../../src/contract/fixtures/checkout.ts';
import { adultPassenger, allTerms, appliedCoupon, checkoutInputs, checkoutSession, pending, sessionID } from './plans.ts';

const card = { token: 'tok_sandbox_00aa11bb22cc33dd', brand: 'visa', last4: '4242' };
const welcomeCoupon = { ...appliedCoupon, promotionalCode: 'BIENVENIDA10', paymentType: 122 };

/** What a traveller leaves behind before reloading: one adult, contact, terms, card payment, plan 2, a coupon, an extra charge. */
const typed: StoredCheckoutDraft = {
  version: 1,
  sessionID,
  passengers: [{ ...adultPassenger, type: 'ADT' } as StoredCheckoutDraft['passengers'][number]],
  contact: contactForm,
  agency: {},
  additional: { enabled: true, accountId: 'ACC-7' },
  terms: { ...allTerms, authorizePersonalData: false },
  paymentCode: 122,
  insuranceChoice: 'product2',
  couponCode: 'BIENVENIDA10',
  customFee: 15,
};

interface Harness {
  saved: Array<StoredCheckoutDraft | null>;
  forgotten: number;
  couponCodes: string[];
}

/** The checkout with its calls answered at once: the session, plans, coupon checks and the booking. */
function startCheckout(checkoutInput: CheckoutInput, { adults = 1, book = pending<BookingResult, never>() as never } = {}) {
  const harness: Harness = { saved: [], forgotten: 0, couponCodes: [] };
  const machine = checkoutMachine.provide({
    actors: {
      loadSession: fromPromise(async () => checkoutSession(adults)) as never,
      book,
      insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: fromPromise(async () => insuranceProducts) } }),
      coupon: couponMachine.provide({
        actors: {
          applyCoupon: fromPromise(async ({ input }: { input: { code: string; paymentCode: number | null } }) => {
            harness.couponCodes.push(input.code);
            return { ...welcomeCoupon, promotionalCode: input.code, paymentType: input.paymentCode ?? 0 };
          }) as never,
        },
      }),
    },
    actions: {
      saveDraft: (_, draft) => void harness.saved.push(draft),
      forgetDraft: () => void (harness.forgotten += 1),
    },
  });
  const actor = createActor(machine, { input: checkoutInput }).start();
  return { actor, harness };
}

type Snapshot = SnapshotFrom<typeof checkoutMachine>;
const settled = (snapshot: Snapshot) =>
  snapshot.matches('sessionExpired') ||
  (snapshot.matches('editing') &&
    (snapshot.children.insurance?.getSnapshot() as SnapshotFrom<typeof insuranceMachine> | undefined)?.matches('loading') === false &&
    (snapshot.children.coupon?.getSnapshot() as SnapshotFrom<typeof couponMachine> | undefined)?.matches('applying') === false);

describe('the checkout draft kept for a reload', () => {
  it('is stored field by field: never the card, the coupon only by an applied code, the extra charge by its amount', () => {
    const stored = storedDraftOf(sessionID, {
      passengers: typed.passengers as never,
      contact: contactForm,
      agency: {},
      additional: typed.additional,
      terms: typed.terms,
      paymentCode: 122,
      insurance: { choice: 'none' },
      coupon: welcomeCoupon,
      fees: [{ description: 'PAX', amount: 20 }, { description: 'CUSTOM', amount: 15 }],
      // Extra parts of the machine's draft are not kept, whatever they hold.
      ...({ card: { valid: true, stored: card, cardNumber: '4111111111111111', securityCode: '123' } } as object),
    });
    const written = JSON.stringify(stored);
    for (const secret of [card.token, card.last4, '4111111111111111', 'securityCode', 'card']) expect(written).not.toContain(secret);
    expect(stored).toMatchObject({ couponCode: 'BIENVENIDA10', customFee: 15, insuranceChoice: 'none', paymentCode: 122 });
    expect(storedDraftOf(sessionID, { ...typed, insurance: { choice: null }, coupon: { ...welcomeCoupon, apply: false }, fees: [] } as never)?.couponCode).toBeNull();
  });

  it('is used only for its own session and its own party', () => {
    expect(storedDraftOfSession(typed, sessionID)).toEqual(typed);
    expect(storedDraftOfSession(typed, 'another-session')).toBeNull();
    expect(storedDraftOfSession({ ...typed, passengers: [{ type: 'XYZ' }] }, sessionID)).toBeNull();
    expect(storedDraftOfSession('{"not":"a draft"}', sessionID)).toBeNull();
    expect(draftFitsParty(typed, { adults: 1, children: 0, infants: 0 })).toBe(true);
    expect(draftFitsParty(typed, { adults: 2, children: 0, infants: 0 })).toBe(false);
    expect(draftFitsParty(typed, { adults: 0, children: 1, infants: 0 })).toBe(false);
  });

  it('comes back after a reload: travellers, contact, additional, terms, payment, insurance (priced again), coupon (checked again), extra charge', async () => {
    const { actor, harness } = startCheckout({ ...checkoutInputs.consumer, storedDraft: JSON.parse(JSON.stringify(typed)) });
    const snapshot = await waitFor(actor, settled);
    const { draft } = snapshot.context;
    expect(snapshot.value).toBe('editing');
    expect(draft.passengers).toEqual(typed.passengers);
    expect(draft.contact).toMatchObject(contactForm);
    expect(draft.additional).toEqual({ enabled: true, accountId: 'ACC-7' });
    expect(draft.terms).toMatchObject(allTerms);
    expect(draft.paymentCode).toBe(122);
    expect(draft.fees).toContainEqual({ description: 'CUSTOM', amount: 15 });
    // The card is typed again.
    expect(draft.card).toMatchObject({ valid: false, stored: null });
    // The insurance child answers with the restored plan, priced from the plans just loaded.
    expect(draft.insurance).toMatchObject({ offered: true, choice: 'product2' });
    expect(draft.insurance.selection).toMatchObject({ productId: insuranceProducts[1]!.productId, priceTotal: insuranceProducts[1]!.priceTotal, isSelect: true });
    // The coupon is checked again with the restored payment, not trusted from storage.
    expect(harness.couponCodes).toEqual(['BIENVENIDA10']);
    expect(draft.coupon).toMatchObject({ promotionalCode: 'BIENVENIDA10', apply: true, paymentType: 122 });
    actor.stop();
  });

  it('gives an agency its form, account id and extra charge back', async () => {
    const agencyDraft = { ...typed, contact: {}, agency: agencyForm, paymentCode: null, insuranceChoice: null, couponCode: null, customFee: 12.5 };
    const { actor } = startCheckout({ ...checkoutInputs.agency, storedDraft: agencyDraft });
    const snapshot = await waitFor(actor, settled);
    expect(snapshot.context.draft.agency).toMatchObject(agencyForm);
    expect(snapshot.context.draft.additional).toEqual({ enabled: true, accountId: 'ACC-7' });
    expect(snapshot.context.draft.fees.filter((fee) => fee.description === 'CUSTOM')).toEqual([{ description: 'CUSTOM', amount: 12.5 }]);
    expect(snapshot.context.draft.paymentCode).not.toBeNull();
    actor.stop();
  });

  it('is ignored when it belongs to another party or session: the form starts empty', async () => {
    for (const [storedDraft, adults] of [
      [typed, 2],
      [{ ...typed, sessionID: '00000000-0000-4000-8000-000000000000' }, 1],
      [{ ...typed, version: 2 }, 1],
    ] as const) {
      const { actor, harness } = startCheckout({ ...checkoutInputs.consumer, storedDraft }, { adults });
      const snapshot = await waitFor(actor, settled);
      expect(snapshot.context.restored).toBeNull();
      expect(snapshot.context.draft.passengers.every((passenger) => passenger.firstName === undefined)).toBe(true);
      expect(snapshot.context.draft.passengers).toHaveLength(adults);
      expect(snapshot.context.draft.terms.generalAcceptance).toBe(false);
      expect(snapshot.context.draft.insurance.choice).toBeNull();
      expect(harness.couponCodes).toEqual([]);
      actor.stop();
    }
  });

  it('gives no plan back when a restored traveller is over 70', async () => {
    const over70 = { ...typed, passengers: [{ ...typed.passengers[0]!, birthdate: { year: 1950, month: 1, day: 1 } }] };
    const { actor } = startCheckout({ ...checkoutInputs.consumer, storedDraft: over70 });
    const snapshot = await waitFor(actor, settled);
    expect((snapshot.children.insurance!.getSnapshot() as SnapshotFrom<typeof insuranceMachine>).value).toBe('rejected');
    expect(snapshot.context.draft.insurance).toMatchObject({ offered: false, choice: null, selection: { isRejected: true, isSelect: false } });
    actor.stop();
  });

  it('is saved after every change the traveller makes, without the card, and forgotten once booked', async () => {
    const book = fromPromise(async () => bookingResult as BookingResult);
    const { actor, harness } = startCheckout(checkoutInputs.consumer, { book: book as never });
    await waitFor(actor, settled);
    const before = harness.saved.length;
    actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger as never });
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'terms.change', changes: allTerms });
    actor.send({ type: 'payment.select', code: 102 });
    actor.send({ type: 'card.update', valid: true, stored: card } as never);
    (actor.getSnapshot().children.insurance as { send: (event: unknown) => void }).send({ type: 'insurance.choose', choice: 'none' });
    const saves = harness.saved.slice(before);
    expect(saves.length).toBeGreaterThanOrEqual(5);
    const last = saves.at(-1)!;
    expect(last).toMatchObject({ sessionID, paymentCode: 102, insuranceChoice: 'none', terms: allTerms, contact: contactForm });
    expect(last.passengers[0]).toMatchObject({ firstName: adultPassenger.firstName, documentNumber: adultPassenger.documentNumber });
    expect(JSON.stringify(saves)).not.toContain(card.token);
    expect(JSON.stringify(saves)).not.toContain(card.last4);
    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('booked');
    expect(harness.forgotten).toBe(1);
  });

  it('a restored coupon that the server now refuses is not applied', async () => {
    const refusing = vi.fn<() => Promise<typeof welcomeCoupon>>(async () => ({ ...welcomeCoupon, apply: false }));
    const machine = checkoutMachine.provide({
      actors: {
        loadSession: fromPromise(async () => checkoutSession(1)) as never,
        book: pending(),
        insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: fromPromise(async () => insuranceProducts) } }),
        coupon: couponMachine.provide({ actors: { applyCoupon: fromPromise(refusing) as never } }),
      },
    });
    const actor = createActor(machine, { input: { ...checkoutInputs.consumer, storedDraft: typed } }).start();
    const snapshot = await waitFor(actor, settled);
    expect(refusing).toHaveBeenCalledTimes(1);
    expect(snapshot.context.draft.coupon).toBeNull();
    actor.stop();
  });
});
