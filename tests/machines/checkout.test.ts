import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type PromiseActorLogic } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from '../../machines/checkout.machine.ts';
import { firstSubmitProblem, pathAfterBooking, submitBlockedByCard, travellerIssues, touchesUnitedStates, type SubmitSetting } from '../../machines/checkout.rules.ts';
import { insuranceMachine, type InsuranceEvent } from '../../machines/insurance.machine.ts';
import { couponMachine, showsInvalidCoupon, type CouponEvent } from '../../machines/coupon.machine.ts';
import {
  adultPassenger as adultPassengerInput,
  agencyForm,
  bookingResult,
  contactForm,
  fareChangeResult,
  insuranceProducts,
  limCuzFlights,
  limCuzRecommendation,
  limCuzSearchParams,
} from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';
import type { AppliedCoupon } from '../../src/contract/checkout.ts';
import { expectFullCoverage, planMachinePaths, replayPath } from './support/path-plan.ts';

const today = '2026-11-21';
const adultPassenger = { ...adultPassengerInput, type: 'ADT' as const };
const consumer = engineFixtures.find((engine) => engine.id === '9132868')!;
const agency = engineFixtures.find((engine) => engine.id === '2113855')!;
const sessionID = '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10';
const pending = <TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/** A live session for one adult (so one passenger form completes the travellers). */
const session = (adults: number) => ({
  sessionID,
  createdAt: '2026-11-21T15:00:00Z',
  lastActivityAt: '2026-11-21T15:00:00Z',
  expiresAt: '2026-11-21T15:30:00Z',
  searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, passengers: { adults, children: 0, infants: 0 } }),
  flights: limCuzFlights,
  recommendation: limCuzRecommendation,
});

const setting: SubmitSetting = {
  profileCountry: 'PE',
  finalArrival: Temporal.PlainDate.from('2026-12-26'),
  today: Temporal.PlainDate.from(today),
  ndcLatamTouchesUs: false,
  isAgencyView: false,
  paymentValid: true,
  needsPersonalDataAuthorization: false,
  insuranceUnanswered: false,
};
const allTerms = { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true };

describe('checkout rules', () => {
  it('checks payment, travellers, contact and flight rules in that order; agencies skip payment', () => {
    const draft = { passengers: [{ type: 'ADT' as const }], contact: {}, agency: {}, terms: { ...allTerms, generalAcceptance: false } };
    expect(firstSubmitProblem(draft, { ...setting, paymentValid: false })).toEqual({ kind: 'payment' });
    expect(firstSubmitProblem(draft, { ...setting, paymentValid: false, isAgencyView: true })).toEqual({ kind: 'travellers', firstInvalid: 0 });
    const travellersDone = { ...draft, passengers: [adultPassenger] };
    expect(firstSubmitProblem(travellersDone, setting)).toEqual({ kind: 'contact' });
    expect(firstSubmitProblem(travellersDone, { ...setting, isAgencyView: true })).toEqual({ kind: 'agency' });
    expect(firstSubmitProblem({ ...travellersDone, contact: contactForm }, setting)).toEqual({ kind: 'terms', failure: 'checkout.terms.validation_message' });
    expect(firstSubmitProblem({ ...travellersDone, contact: contactForm, terms: allTerms }, setting)).toBeNull();
    const additional = { enabled: true, accountId: ' ' };
    expect(firstSubmitProblem({ ...travellersDone, contact: contactForm, additional }, setting)).toEqual({ kind: 'additional' });
    expect(firstSubmitProblem({ ...travellersDone, contact: contactForm, terms: allTerms, additional: { enabled: true, accountId: 'ACC-1' } }, setting)).toBeNull();
    expect(firstSubmitProblem({ ...travellersDone, agency: agencyForm, terms: allTerms }, { ...setting, isAgencyView: true })).toBeNull();
  });

  it('shows the spec messages under the traveller fields, ages measured at the final arrival', () => {
    const [issues] = travellerIssues([{ type: 'ADT', firstName: 'Ana' }], setting);
    expect(issues).toMatchObject({ lastName: 'Este campo es requerido', documentType: 'Este campo es requerido' });
    const [child] = travellerIssues([{ ...adultPassenger, type: 'CHD', email: undefined, phoneNumber: undefined, acceptsContactInfo: false }], setting);
    expect(child?.birthdate).toBe('Ingrese una fecha válida');
    const [wrongDocument] = travellerIssues([{ ...adultPassenger, documentType: 'DL' }], setting);
    expect(wrongDocument?.documentType).toBe('Ingrese un documento válido');
  });

  it('asks the listed profiles for an insurance answer after the travellers', () => {
    const draft = { passengers: [adultPassenger], contact: contactForm, agency: {}, terms: allTerms };
    expect(firstSubmitProblem(draft, { ...setting, insuranceUnanswered: true })).toEqual({ kind: 'insurance' });
  });

  it('blocks submitting with 121, 122, 123 or 104 until the card is valid', () => {
    expect(submitBlockedByCard(122, false)).toBe(true);
    expect(submitBlockedByCard(122, true)).toBe(false);
    expect(submitBlockedByCard(102, false)).toBe(false);
  });

  it('routes provider 119 to the payment process page and the rest to the confirmation', () => {
    expect(pathAfterBooking(sessionID, 119, '9132868')).toBe(`/vuelos/payment/process/${sessionID}?terminalId=9132868`);
    expect(pathAfterBooking(sessionID, 102, '9132868')).toBe(`/vuelos/book/confirmation/${sessionID}?terminalId=9132868`);
  });

  it('knows a trip touches the US from its airports', () => {
    expect(touchesUnitedStates(limCuzFlights)).toBe(false);
    const toMiami = [{ ...limCuzFlights[0]!, segments: [{ ...limCuzFlights[0]!.segments[0]!, arrivalAirport: { code: 'MIA', description: 'Miami, Miami International Airport, United States' } }] }];
    expect(touchesUnitedStates(toMiami)).toBe(true);
  });
});

describe('checkout machine', () => {
  const consumerInput: CheckoutInput = { sessionID, business: false, today, engine: consumer };
  const checkingInput: CheckoutInput = { sessionID, business: false, today, engine: consumer, duplicateNamesChecked: true };
  const agencyInput: CheckoutInput = { sessionID, business: true, today, engine: agency };
  const failure1303 = { statusCode: 1303, error: { status: 200, code: 1303, message: 'Intermitencia del proveedor', errors: [] } };
  const events = (snapshot: { context: { draft: { passengers: unknown[] } } }): CheckoutEvent[] | object[] => [
    { type: 'xstate.done.actor.loadSession', output: session(snapshot.context.draft.passengers.length === 0 ? 1 : 1) },
    { type: 'xstate.done.actor.loadSession', output: session(2) },
    { type: 'xstate.done.actor.loadSession', output: null },
    { type: 'xstate.error.actor.loadSession', error: new Error('gone') },
    { type: 'passenger.change', index: 0, changes: adultPassenger },
    { type: 'passenger.change', index: 1, changes: adultPassenger },
    { type: 'contact.change', changes: contactForm },
    { type: 'contact.copyFirstPassenger' },
    { type: 'agency.change', changes: agencyForm },
    { type: 'additional.change', enabled: true, accountId: 'ACC-1' },
    { type: 'terms.change', changes: allTerms },
    { type: 'payment.select', code: 122 },
    { type: 'card.update', valid: true, stored: { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' } },
    { type: 'insurance.changed', offered: true, choice: 'none', selection: null },
    { type: 'coupon.changed', coupon: null },
    { type: 'markup.custom', value: '15' },
    { type: 'notice.dismiss' },
    { type: 'checkout.submit' },
    { type: 'xstate.done.actor.book', output: bookingResult },
    { type: 'xstate.done.actor.book', output: fareChangeResult },
    { type: 'xstate.done.actor.book', output: failure1303 },
    { type: 'xstate.error.actor.book', error: new Error('offline') },
    { type: 'dialog.close' },
    { type: 'fareChange.accept' },
    { type: 'booking.retry' },
    { type: 'search.other' },
  ];
  const plan = planMachinePaths(checkoutMachine, {
    inputs: [consumerInput, checkingInput, agencyInput],
    events: events as never,
    contextKey: ({ context }) =>
      JSON.stringify([
        context.draft.passengers.map((passenger) => Boolean(passenger.firstName)),
        Boolean(context.draft.contact.email),
        Boolean(context.draft.agency.email),
        context.draft.terms.generalAcceptance,
        context.draft.paymentCode,
        context.draft.card.valid,
        context.problem?.kind,
        context.failure?.statusCode,
        context.draft.insurance.choice,
      ]),
  });
  const testMachine = checkoutMachine.provide({ actors: { loadSession: pending(), book: pending() } });

  it('reaches every state and takes every transition', () => expectFullCoverage('checkout', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(testMachine, path)) {
      // A booking error is shown exactly while the dialog is open.
      expect(snapshot.context.failure !== null).toBe(snapshot.matches('bookingFailed'));
      expect(snapshot.context.booking !== null).toBe(snapshot.matches('booked'));
    }
  });

  it('books once however often the button is clicked, and reprices after accepting a fare change', () => {
    const book = vi.fn<(input: { attempt: number; repricing: boolean }) => Promise<never>>(() => new Promise(() => {}));
    const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: fromPromise(({ input }) => book(input)) } }), {
      input: consumerInput,
    }).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: session(1) } as never);
    actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'terms.change', changes: allTerms });
    for (let click = 0; click < 3; click++) actor.send({ type: 'checkout.submit' });
    expect(book).toHaveBeenCalledTimes(1);
    actor.send({ type: 'xstate.done.actor.book', output: fareChangeResult } as never);
    expect(actor.getSnapshot().value).toBe('bookingFailed');
    actor.send({ type: 'fareChange.accept' });
    expect(book).toHaveBeenCalledTimes(2);
    expect(book.mock.calls[1]?.[0]).toMatchObject({ attempt: 2, repricing: true });
    actor.stop();
  });

  it('clears the document number when the document type changes', () => {
    const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending() } }), { input: consumerInput }).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: session(1) } as never);
    actor.send({ type: 'passenger.change', index: 0, changes: { documentType: 'NI', documentNumber: '45871236' } });
    actor.send({ type: 'passenger.change', index: 0, changes: { documentType: 'PP' } });
    expect(actor.getSnapshot().context.draft.passengers[0]).toMatchObject({ documentType: 'PP', documentNumber: '' });
    actor.stop();
  });

  it('defaults the payment to 102 for Peruvian consumers and 103 for agencies', () => {
    for (const [input, code] of [[consumerInput, 102], [agencyInput, 103]] as const) {
      const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending() } }), { input }).start();
      actor.send({ type: 'xstate.done.actor.loadSession', output: session(1) } as never);
      expect(actor.getSnapshot().context.draft.paymentCode).toBe(code);
      actor.stop();
    }
  });
});

describe('insurance machine', () => {
  const over70 = { year: 1950, month: 1, day: 1 };
  const events: InsuranceEvent[] | object[] = [
    { type: 'xstate.done.actor.loadInsuranceProducts', output: insuranceProducts },
    { type: 'xstate.done.actor.loadInsuranceProducts', output: [] },
    { type: 'xstate.error.actor.loadInsuranceProducts', error: new Error('down') },
    { type: 'insurance.choose', choice: 'product1' },
    { type: 'insurance.choose', choice: 'none' },
    { type: 'insurance.details', productId: insuranceProducts[0]!.productId },
    { type: 'insurance.ages', birthdates: [over70], finalArrival: '2026-12-26' },
    { type: 'insurance.ages', birthdates: [adultPassenger.birthdate!], finalArrival: '2026-12-26' },
    { type: 'insurance.acknowledge' },
  ];
  // No parent in these tests: the messages to checkout are recorded instead of sent.
  const tellCheckout = vi.fn<() => void>();
  const tested = insuranceMachine.provide({
    actors: { loadInsuranceProducts: pending() },
    actions: { tellCheckout, tellCheckoutNoInsurance: tellCheckout },
  });
  const plan = planMachinePaths(tested, {
    inputs: [{ offered: true, passengersQuantity: 2 }, { offered: false, passengersQuantity: 1 }],
    events: () => events as never,
    contextKey: ({ context }) => `${context.choice}|${context.acknowledged}|${context.detailsProductId}`,
  });

  it('reaches every state and takes every transition', () => expectFullCoverage('insurance', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(tested, path)) {
      // Over 70 nobody is insured; a choice exists only once chosen.
      expect(snapshot.matches('rejected') && snapshot.context.choice !== null).toBe(false);
      expect(snapshot.context.choice !== null).toBe(snapshot.matches('chosen'));
    }
  });
});

describe('coupon machine', () => {
  const accepted: AppliedCoupon = {
    description: 'COUPON',
    amount: 12.5,
    percentage: false,
    perBooking: true,
    apply: true,
    promotionalCode: 'RIPLEY',
    paymentType: 121,
    appliedAt: '2026-11-21T15:00:00Z',
  } as AppliedCoupon;
  const events: CouponEvent[] | object[] = [
    { type: 'coupon.apply', code: ' rip ley ' },
    { type: 'coupon.apply', code: '   ' },
    { type: 'xstate.done.actor.applyCoupon', output: accepted },
    { type: 'xstate.done.actor.applyCoupon', output: { ...accepted, apply: false } },
    { type: 'xstate.error.actor.applyCoupon', error: new Error('down') },
    { type: 'coupon.clear' },
    { type: 'payment.changed', paymentCode: 121 },
  ];
  const tellCheckout = vi.fn<() => void>();
  const tested = couponMachine.provide({ actors: { applyCoupon: pending() }, actions: { tellCheckout, switchPaymentForCoupon: tellCheckout } });
  const plan = planMachinePaths(tested, {
    inputs: [{ paymentCode: 102 }],
    events: () => events as never,
    contextKey: ({ context }) => `${context.code}|${context.paymentCode}|${context.coupon?.apply}`,
  });

  it('reaches every state and takes every transition', () => expectFullCoverage('coupon', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(tested, path)) {
      // Codes are kept without spaces and upper-cased.
      expect(snapshot.context.code).toBe(snapshot.context.code.replace(/\s/g, '').toUpperCase());
    }
  });

  it('shows "Invalid code" only when the rejected coupon is for the selected payment', () => {
    const rejected = { ...accepted, apply: false };
    expect(showsInvalidCoupon(rejected, 121)).toBe(true);
    expect(showsInvalidCoupon(rejected, 102)).toBe(false);
    expect(showsInvalidCoupon(accepted, 121)).toBe(false);
  });
});
