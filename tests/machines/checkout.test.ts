import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { firstSubmitProblem, pathAfterBooking, submitBlockedByCard, travellerIssues, tripCountries, type SubmitSetting } from '../../machines/checkout.rules.ts';
import { showsInvalidCoupon } from '../../machines/coupon.machine.ts';
import { agencyForm, contactForm, fareChangeResult, limCuzFlights } from '../../src/contract/fixtures/checkout.ts';
import { passportOnlyTrip } from '../../src/contract/checkout-rules.ts';
import { adultPassenger, allTerms, appliedCoupon, checkoutInputs, checkoutSession, pending, planOf, sessionID, today } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';


const setting: SubmitSetting = {
  profileCountry: 'PE',
  finalArrival: Temporal.PlainDate.from('2026-12-26'),
  today: Temporal.PlainDate.from(today),
  passportOnly: false,
  isAgencyView: false,
  paymentIssue: null,
  needsPersonalDataAuthorization: false,
  insuranceUnanswered: false,
  contactPhone: null,
};

describe('checkout rules', () => {
  it('checks payment, travellers, contact and flight rules in that order; agencies skip payment', () => {
    const draft = { passengers: [{ type: 'ADT' as const }], contact: {}, agency: {}, terms: { ...allTerms, generalAcceptance: false } };
    expect(firstSubmitProblem(draft, { ...setting, paymentIssue: 'incomplete' })).toEqual({ kind: 'payment', issue: 'incomplete' });
    expect(firstSubmitProblem(draft, { ...setting, paymentIssue: 'incomplete', isAgencyView: true })).toEqual({ kind: 'travellers', firstInvalid: 0 });
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

  it('asks for a passport where a national ID does not take the traveller: the US, Mexico, Spain; not Cusco or Bogotá (issue 37)', () => {
    // Lima to the airport the description names: only the description's country matters to the rule.
    const to = (description: string) => [{ ...limCuzFlights[0]!, segments: [{ ...limCuzFlights[0]!.segments[0]!, arrivalAirport: { ...limCuzFlights[0]!.segments[0]!.arrivalAirport, description } }] }];
    const passportOnlyTo = (description: string, provider = 148) => passportOnlyTrip(tripCountries(to(description)), provider);
    expect(passportOnlyTrip(tripCountries(limCuzFlights), 107)).toBe(false);
    expect(passportOnlyTo('Miami, Miami International Airport, United States')).toBe(true);
    expect(passportOnlyTo('Miami, Aeropuerto Internacional de Miami, Estados Unidos', 107)).toBe(true);
    expect(passportOnlyTo('Cancún, Aeropuerto Internacional de Cancún, México')).toBe(true);
    expect(passportOnlyTo('Madrid, Aeropuerto Adolfo Suárez Madrid-Barajas, España')).toBe(true);
    expect(passportOnlyTo('Bogotá, Aeropuerto Internacional El Dorado, Colombia')).toBe(false);
    expect(passportOnlyTo('São Paulo, Guarulhos International Airport, Brazil')).toBe(false);
  });
});

describe('checkout machine', () => {
  const { consumer: consumerInput, agency: agencyInput } = checkoutInputs;
  const { machine: testMachine, ...plan } = planOf('checkout');

  it('reaches every state and takes every transition', () => expectFullCoverage('checkout', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(testMachine, path)) {
      // A booking error is shown exactly while its dialog is open.
      expect(snapshot.context.failure !== null).toBe(snapshot.matches('bookingFailed') || snapshot.matches('bookingUnanswered'));
      expect(snapshot.context.booking !== null).toBe(snapshot.matches('booked'));
    }
  });

  it.each([
    ['PE', 'PE+51'],
    ['US', 'US+1'],
    ['CO', 'CO+57'],
    ['EC', 'EC+593'],
    ['MX', 'MX+52'],
    ['RD', 'DO+1-809'],
  ] as const)('starts the contact phone on the channel’s own country (%s → %s, issue 37)', (countryCode, dial) => {
    const engine = { ...consumerInput.engine, profile: { ...consumerInput.engine.profile, countryCode } };
    const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending() } }), { input: { ...consumerInput, engine } }).start();
    expect(actor.getSnapshot().context.draft.contact.countryCode).toBe(dial);
    actor.stop();
  });

  it('books once however often the button is clicked, and reprices after accepting a fare change', async () => {
    const book = vi.fn<(input: { attempt: number; repricing: boolean }) => Promise<never>>(() => new Promise(() => {}));
    const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: fromPromise(({ input }) => book(input)) } }), {
      input: consumerInput,
    }).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'terms.change', changes: allTerms });
    for (let click = 0; click < 3; click++) actor.send({ type: 'checkout.submit' });
    // The first phone check loads phone-country.ts: the submit is made once it answers.
    await waitFor(actor, (snapshot) => snapshot.matches('booking'));
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
    actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    actor.send({ type: 'passenger.change', index: 0, changes: { documentType: 'NI', documentNumber: '45871236' } });
    actor.send({ type: 'passenger.change', index: 0, changes: { documentType: 'PP' } });
    expect(actor.getSnapshot().context.draft.passengers[0]).toMatchObject({ documentType: 'PP', documentNumber: '' });
    actor.stop();
  });

  it('defaults the payment to 102 for Peruvian consumers and 103 for agencies', () => {
    for (const [input, code] of [[consumerInput, 102], [agencyInput, 103]] as const) {
      const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending() } }), { input }).start();
      actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
      expect(actor.getSnapshot().context.draft.paymentCode).toBe(code);
      actor.stop();
    }
  });
});

describe('insurance machine', () => {
  const { machine: tested, ...plan } = planOf('insurance');

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
  const accepted = appliedCoupon;
  const { machine: tested, ...plan } = planOf('coupon');

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
