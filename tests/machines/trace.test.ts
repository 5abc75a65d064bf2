import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { checkoutMachine, loadPhoneCountry, checkoutSetting, type CheckoutContext } from '../../machines/checkout.machine.ts';
import { duplicatedPassengers, schemaIssues, travellerIssues, type PassengerDraft } from '../../machines/checkout.rules.ts';
import { filtersMachine } from '../../machines/filters.machine.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import { PROGRESS_HIDE_DELAY_MS, searchMachine } from '../../machines/search.machine.ts';
import { contactFormSchema } from '../../src/contract/booking-request.ts';
import { passengerSchema, type Birthdate, type PassengerType } from '../../src/contract/checkout.ts';
import { birthdateBounds, birthdateIssue, insuranceRejectedByAge } from '../../src/contract/checkout-rules.ts';
import { bookingResult, contactForm, insuranceProducts, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';
import type { Session } from '../../src/contract/session.ts';
import { createTraceRecorder, replayTrace, type Trace } from '../../src/web/lib/trace-recorder.ts';
import { createRedactor, type AgeReference } from '../../src/web/lib/trace-redaction.ts';
import { adultPassenger, allTerms, checkoutInputs, checkoutSession, searchRequest, sessionID } from './plans.ts';

// The contact phone's country check answers at once, as on a page where it has loaded (checkout-phone-check.test.ts: before).
await loadPhoneCountry();

/** The checkout fixtures' trip: back in Lima on 2026-12-26, booked on 2026-11-21. */
const reference: AgeReference = { finalArrival: Temporal.PlainDate.from('2026-12-26'), today: Temporal.PlainDate.from('2026-11-21') };
const toBirthdate = (date: Temporal.PlainDate): Birthdate => ({ year: date.year, month: date.month, day: date.day });
const redactedBirthdate = (birthdate: Birthdate) => (createRedactor()({ birthdate }, reference) as { birthdate: Birthdate }).birthdate;

describe('recorded traces', () => {
  it('replay a scripted results session (calls, ticks, timers, filters child) to the same final state', async () => {
    const clock = new SimulatedClock();
    const live = searchMachine.provide({
      actors: {
        saveSearchSession: fromPromise(async () => sessionID),
        searchFlights: fromPromise(async () => limaCuscoRoundTripSearch),
        progressTicker: fromCallback(({ sendBack }) => sendBack({ type: 'progress.tick' })),
      },
    });
    const input = { request: searchRequest };
    const recorder = createTraceRecorder(live, input);
    const actor = createActor(live, { input, clock, inspect: recorder.inspect }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('completing'));
    clock.increment(PROGRESS_HIDE_DELAY_MS);
    const filters = () => actor.getSnapshot().children.filters as ActorRefFrom<typeof filtersMachine>;
    filters().send({ type: 'filter.toggle', key: 'stops', value: 0 });
    filters().send({ type: 'sort.select', order: 'fastest' });
    filters().send({ type: 'list.more' });

    // The trace goes through JSON, as a downloaded file does.
    const trace = JSON.parse(JSON.stringify(recorder.trace)) as Trace;
    const { snapshot, steps } = replayTrace(searchMachine, trace);

    expect(actor.getSnapshot().value).toBe('loaded');
    expect(snapshot.value).toEqual(actor.getSnapshot().value);
    expect(snapshot.context).toEqual(actor.getSnapshot().context);
    const replayedFilters = (snapshot.children.filters as ActorRefFrom<typeof filtersMachine>).getSnapshot();
    expect(replayedFilters.value).toEqual(filters().getSnapshot().value);
    expect(replayedFilters.context).toEqual(filters().getSnapshot().context);
    expect(steps.map(({ step }) => step.event.type)).toContain('xstate.after.progressHide.search.completing');
    expect(steps.filter((step) => step.missingActor)).toEqual([]);
    // As recorded: every event taken, but the last "show more", which had nothing more to show.
    expect(steps.map(({ accepted }) => accepted)).toEqual(trace.steps.map(({ accepted }) => accepted));
    expect(steps.filter(({ accepted }) => !accepted).map(({ step }) => step.event.type)).toEqual(['list.more']);
    expect(steps.map(({ value }) => value)).toEqual(trace.steps.map(({ value }) => value));
    actor.stop();
  });

  it('replay a redacted checkout (two adults, one over 70, a child, an infant, card, invoice) with the real child machines to the same booked state', async () => {
    const people = {
      adult: { ...adultPassenger },
      elder: { ...adultPassenger, firstName: 'Teodoro', birthdate: { year: 1950, month: 2, day: 2 }, documentNumber: '07654321', email: 'teo.quispe@correo.pe', phoneNumber: '912345678' },
      child: { type: 'CHD' as const, firstName: 'Mateo', lastName: 'Quispe Mamani', gender: 'M' as const, birthdate: { year: 2018, month: 7, day: 15 }, countryCode: 'PE', documentType: 'NI' as const, documentNumber: '79123456' },
      infant: { type: 'INF' as const, firstName: 'Inés', lastName: 'Quispe Mamani', gender: 'F' as const, birthdate: { year: 2026, month: 3, day: 1 }, countryCode: 'PE', documentType: 'NI' as const, documentNumber: '92123456', assignedPassenger: 1 },
    };
    const session = { ...checkoutSession(2), searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, passengers: { adults: 2, children: 1, infants: 1 } }) };
    const live = checkoutMachine.provide({
      actors: {
        loadSession: fromPromise(async () => session as Session),
        book: fromPromise(async () => bookingResult),
        insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: fromPromise(async () => insuranceProducts) } }),
      },
    });
    const input = checkoutInputs.checkingDuplicates;
    const recorder = createTraceRecorder(live, input, { ageReference: ({ context }) => checkoutSetting(context) });
    const actor = createActor(live, { input, inspect: recorder.inspect }).start();
    await waitFor(actor, (snapshot) => (snapshot.children.insurance as ActorRefFrom<typeof insuranceMachine> | undefined)?.getSnapshot().matches('choosing') === true);
    actor.send({ type: 'checkout.submit' });
    [people.adult, people.elder, people.child, people.infant].forEach((changes, index) => actor.send({ type: 'passenger.change', index, changes }));
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'terms.change', changes: allTerms });
    actor.send({ type: 'payment.select', code: 122 });
    actor.send({ type: 'card.update', valid: true, stored: { token: 'tok_sandbox_4111', brand: 'visa', last4: '1111' } });
    actor.send({ type: 'checkout.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('booked');

    const trace = JSON.parse(JSON.stringify(recorder.trace)) as Trace;
    const { snapshot, steps } = replayTrace(checkoutMachine, trace);

    expect(snapshot.value).toBe('booked');
    expect(trace.steps.every(({ accepted }) => accepted)).toBe(true);
    expect(steps.filter((step) => step.missingActor || !step.accepted)).toEqual([]);
    expect(steps.map(({ value }) => value)).toEqual(trace.steps.map(({ value }) => value));
    // The over-70 passenger still turns insurance down in the replay, from the fake birthdate alone.
    expect(trace.steps.some(({ event }) => event.type === 'insurance.choose')).toBe(false);
    const replayed = snapshot.context as CheckoutContext;
    expect(replayed.draft.insurance).toEqual(actor.getSnapshot().context.draft.insurance);
    expect(replayed.draft.insurance.offered).toBe(false);
    const recorded = JSON.stringify(trace);
    const personal = Object.values(people).flatMap((person) => [person.firstName, person.lastName, person.documentNumber, 'email' in person ? person.email : '', 'phoneNumber' in person ? person.phoneNumber : '']);
    const contactValues = [contactForm.email, contactForm.phoneNumber, contactForm.ruc!, contactForm.companyAddress!, 'tok_sandbox_4111'];
    expect([...personal, ...contactValues].filter((value) => value && recorded.includes(value))).toEqual([]);
    const recordedBirthdates = replayed.draft.passengers.map((passenger) => passenger.birthdate);
    expect(recordedBirthdates).not.toContainEqual(people.adult.birthdate);
    expect(Object.values(people).filter((person) => recordedBirthdates.some((fake) => fake?.year === person.birthdate.year))).toEqual([]);
    actor.stop();
  });

  it('replace personal data with fakes of the same shape and leave card secrets out', () => {
    const redact = createRedactor();
    const event = {
      type: 'passenger.change',
      index: 0,
      changes: { firstName: 'Lucía', lastName: 'Quispe Mamani', gender: 'F', email: 'lucia.quispe@correo.pe', phoneNumber: '987654321', countryCode: 'PE', documentType: 'NI', documentNumber: '45871236', birthdate: { year: 1988, month: 4, day: 12 } },
      card: { cardNumber: '4111 1111 1111 1111', cvv: '123', securityCode: '123', expirationDate: '12/30', holderName: 'LUCIA QUISPE', docNumber: '45871236', brand: 'visa', last4: '1111', token: 'tok_sandbox_4111' },
      insurance: [{ familyName: 'Asistencia Plus', contactEmail: 'asistencia@plus.pe' }],
    };
    expect(redact(event, reference)).toEqual({
      type: 'passenger.change',
      index: 0,
      // 38 on the final arrival: an adult under the insurance age, shown as 41.
      changes: { firstName: 'Xxxxx', lastName: 'Xxxxxx Xxxxxx', gender: 'F', email: 'xxxxxxxxxxxx@example.com', phoneNumber: '000000000', countryCode: 'PE', documentType: 'NI', documentNumber: '00000000', birthdate: { year: 1985, month: 12, day: 26 } },
      card: { holderName: 'XXXXX XXXXXX', docNumber: '00000000', brand: 'visa', last4: '1111', token: 'xxx_xxxxxxx_0000' },
      insurance: [{ familyName: 'Asistencia Plus', contactEmail: 'xxxxxxxxxx@example.com' }],
    });
  });

  it('keep equal names equal (ignoring case and spaces) and different names different, so duplicate checks agree', () => {
    const redact = createRedactor();
    const drafts: PassengerDraft[] = [
      { type: 'ADT', firstName: 'Ana', lastName: 'Quispe' },
      { type: 'ADT', firstName: 'ANA', lastName: 'quispe' },
      { type: 'ADT', firstName: 'Eva', lastName: 'Quispe' },
      { type: 'ADT', firstName: 'Ana', lastName: 'Rojas' },
    ];
    const redacted = redact(drafts) as PassengerDraft[];
    expect(duplicatedPassengers(drafts)).toEqual([0, 1]);
    expect(duplicatedPassengers(redacted)).toEqual([0, 1]);
    expect(redacted.map(({ firstName, lastName }) => `${firstName} ${lastName}`)).toEqual(['Xxx Xxxxxx', 'XXX xxxxxx', 'Xxy Xxxxxx', 'Xxx Xxxxx']);
  });

  it('keep every field valid or invalid as it was, with the same messages', () => {
    const setting = { profileCountry: 'PE', ...reference, passportOnly: false };
    const drafts: PassengerDraft[] = [
      { ...adultPassenger },
      { ...adultPassenger, firstName: 'Lucía2', lastName: 'Quispe  Mamani ', email: 'lucia.quispe@', phoneNumber: '98765' },
      { ...adultPassenger, documentNumber: 'AB123456', email: 'lucía@correo.pe', phoneNumber: '98-765-4321' },
      { ...adultPassenger, birthdate: { year: 2016, month: 1, day: 1 } },
      { type: 'CHD', firstName: 'Mateo', lastName: 'Quispe', gender: 'M', birthdate: { year: 2026, month: 1, day: 1 }, countryCode: 'PE', documentType: 'NI', documentNumber: '' },
    ];
    const redacted = createRedactor()(drafts, reference) as PassengerDraft[];
    expect(travellerIssues(redacted, setting)).toEqual(travellerIssues(drafts, setting));
    expect(travellerIssues(drafts, setting).map((issues) => Object.keys(issues).length)).toEqual([0, 3, 3, 1, 2]);
    const contacts = [contactForm, { ...contactForm, email: 'lucia@@correo.pe', ruc: '2051234567' }];
    const fakeContacts = createRedactor()(contacts) as typeof contacts;
    expect(fakeContacts.map((contact) => schemaIssues(contactFormSchema, contact))).toEqual(contacts.map((contact) => schemaIssues(contactFormSchema, contact)));
    expect(fakeContacts.map((contact) => passengerSchema.safeParse({ ...adultPassenger, email: contact.email }).success)).toEqual([true, false]);
  });

  it('move a birthdate to the middle of its age band on the final arrival: same validity for every type, same insurance answer, never the real date', () => {
    const { finalArrival, today } = reference;
    const types: PassengerType[] = ['ADT', 'CHD', 'INF'];
    const edges = types.flatMap((type) => {
      const { earliest, latest } = birthdateBounds(type, finalArrival, today);
      return [earliest, latest, earliest.subtract({ days: 1 }), latest.add({ days: 1 })];
    });
    // The insurance's over-70 edge: 70 and 71 on the final arrival.
    const insuranceEdges = [finalArrival.subtract({ years: 71 }).add({ days: 1 }), finalArrival.subtract({ years: 71 })];
    const cases = [...edges, ...insuranceEdges].map((date) => ({ date: date.toString(), real: toBirthdate(date), fake: redactedBirthdate(toBirthdate(date)) }));
    const outcomes = (birthdate: Birthdate) => [...types.map((type) => birthdateIssue(type, birthdate, finalArrival, today)), insuranceRejectedByAge([birthdate], finalArrival)];
    expect(cases.map(({ date, fake }) => [date, outcomes(fake)])).toEqual(cases.map(({ date, real }) => [date, outcomes(real)]));
    // A date after today is nobody's birthdate: it only has to stay invalid.
    const pastCases = cases.filter(({ date }) => Temporal.PlainDate.compare(date, today) <= 0);
    expect(pastCases.filter(({ real, fake }) => real.year === fake.year && real.month === fake.month && real.day === fake.day)).toEqual([]);
    expect(pastCases.length).toBe(13);
    expect([1990, 2018, 2026].map((year) => redactedBirthdate({ year, month: 6, day: 1 }))).toEqual([
      { year: 1985, month: 12, day: 26 },
      { year: 2019, month: 12, day: 26 },
      { year: 2025, month: 12, day: 26 },
    ]);
    // An incomplete birthdate is as invalid as an empty one, and its year does not stay.
    expect(createRedactor()({ birthdate: { year: 1990 } }, reference)).toEqual({ birthdate: {} });
  });
});
