import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { agencyIssues, contactIssues as contactIssuesOf, contactPhonePending, phoneToCheck, travellerIssues, type ContactDraft } from '../../machines/checkout.rules.ts';
import { seatPickerMachine } from '../../machines/seat-picker.machine.ts';
import { isSeatOnMap } from '../../machines/seat-picker.rules.ts';
import { PHONE_MESSAGES } from '../../src/contract/checkout.ts';
import { phoneCountryIssue } from '../../src/contract/phone-country.ts';
import { adultPassenger, agencyForm, contactForm } from '../../src/contract/fixtures/checkout.ts';
import { createRedactor } from '../../src/web/lib/trace-redaction.ts';
import { seatPickerMap, today } from './plans.ts';

const setting = {
  profileCountry: 'PE',
  finalArrival: Temporal.PlainDate.from('2026-12-26'),
  today: Temporal.PlainDate.from(today),
  passportOnly: false,
};

/** The contact form's issues once the phone's country check (loaded on first need) has answered. */
function contactIssues(draft: ContactDraft) {
  const due = phoneToCheck(draft);
  return contactIssuesOf(draft, due && { key: due.key, issue: phoneCountryIssue(due.digits, due.dialOption) });
}

describe('contact and agency messages (issue 11)', () => {
  it('says what is wrong with the contact phone, for the chosen dial code', () => {
    expect(contactIssues({ ...contactForm, phoneNumber: '98765' }).phoneNumber).toBe(PHONE_MESSAGES.tooShort);
    expect(contactIssues({ ...contactForm, phoneNumber: '123456789' }).phoneNumber).toBe(PHONE_MESSAGES.invalidForCountry);
    expect(contactIssues({ ...contactForm, countryCode: 'US+1', phoneNumber: '987654321' }).phoneNumber).toBe(PHONE_MESSAGES.tooShort);
    expect(contactIssues({ ...contactForm, countryCode: 'US+1', phoneNumber: '2025550123' })).toEqual({});
    expect(contactIssues({ ...contactForm, phoneNumber: '' }).phoneNumber).toBe('Este campo es requerido');
    // No dial code chosen yet: the default (PE+51) is the one shown.
    const { countryCode: _dial, ...withoutDial } = contactForm;
    expect(contactIssues({ ...withoutDial, phoneNumber: '123456789' }).phoneNumber).toBe(PHONE_MESSAGES.invalidForCountry);
    expect(contactIssues(contactForm)).toEqual({});
  });

  it("tells nothing of the phone's country until its check answers, and then only for the number it checked", () => {
    const wrong = { ...contactForm, phoneNumber: '123456789' };
    expect(contactPhonePending(wrong, null)).toBe(true);
    expect(contactIssuesOf(wrong, null).phoneNumber).toBeUndefined();
    // The form is checked at once: no country check is due for it.
    expect(contactPhonePending({ ...contactForm, phoneNumber: '98765' }, null)).toBe(false);
    expect(contactIssuesOf({ ...contactForm, phoneNumber: '98765' }, null).phoneNumber).toBe(PHONE_MESSAGES.tooShort);
    const answer = { key: 'PE+51 123456789', issue: 'invalidForCountry' as const };
    expect(contactPhonePending(wrong, answer)).toBe(false);
    expect(contactIssuesOf(wrong, answer).phoneNumber).toBe(PHONE_MESSAGES.invalidForCountry);
    // Another number (or dial code) waits for its own answer.
    expect(contactPhonePending({ ...wrong, countryCode: 'US+1' }, answer)).toBe(true);
    expect(contactIssuesOf({ ...wrong, phoneNumber: '123456788' }, answer).phoneNumber).toBeUndefined();
  });

  it('gives the RUC its message while the rest of the form is still empty', () => {
    expect(contactIssues({ invoice: true, ruc: '123' })).toMatchObject({ firstName: 'Este campo es requerido', ruc: 'Ingrese un RUC válido' });
    expect(contactIssues({ invoice: true }).ruc).toBe('Este campo es requerido');
    expect(contactIssues({ invoice: false, ruc: '123' }).ruc).toBeUndefined();
    expect(agencyIssues({ isInvoiceChecked: true, ruc: '30512345678' })).toMatchObject({ email: 'Este campo es requerido', ruc: 'Ingrese un RUC válido' });
    expect(agencyIssues({ ...agencyForm, invoice: true, isInvoiceChecked: true, ruc: '20512345678', companyName: 'Viajes SAC', companyAddress: 'Av. Larco 101' })).toEqual({});
  });

  it('says what is wrong with a passenger phone (no dial code: digits and length)', () => {
    const [short] = travellerIssues([{ ...adultPassenger, type: 'ADT', phoneNumber: '98765' }], setting);
    expect(short?.phoneNumber).toBe(PHONE_MESSAGES.tooShort);
    const [long] = travellerIssues([{ ...adultPassenger, type: 'ADT', phoneNumber: '1234567890123456' }], setting);
    expect(long?.phoneNumber).toBe(PHONE_MESSAGES.tooLong);
    const [fine] = travellerIssues([{ ...adultPassenger, type: 'ADT' }], setting);
    expect(fine).toEqual({});
  });
});

describe('recorded traces keep the phone and RUC checks answering the same', () => {
  it('masks a contact phone and a RUC without changing their messages', () => {
    const contacts = [
      contactForm,
      { ...contactForm, countryCode: 'US+1' as const, phoneNumber: '2025550123', ruc: '2051234567' },
      { ...contactForm, phoneNumber: '123456789', ruc: '30512345678' },
      { ...contactForm, countryCode: 'US+1' as const, phoneNumber: '987654321' },
    ];
    const fakes = createRedactor()(contacts) as typeof contacts;
    expect(fakes.map((fake) => contactIssues(fake))).toEqual(contacts.map((contact) => contactIssues(contact)));
    fakes.forEach((fake, index) => {
      expect(fake.phoneNumber).not.toBe(contacts[index]!.phoneNumber);
      expect(fake.ruc).not.toBe(contacts[index]!.ruc);
    });
  });
});

describe('a seat the airline has taken (issue 11)', () => {
  it('is a seat of the map, unlike an aisle or a seat the map does not have', () => {
    expect(isSeatOnMap(seatPickerMap, 0, { row: 5, column: 'E' })).toBe(true);
    expect(isSeatOnMap(seatPickerMap, 0, { row: 5, column: 'A' })).toBe(true);
    expect(isSeatOnMap(seatPickerMap, 0, { row: 5, column: 'Z' })).toBe(false);
    expect(isSeatOnMap(seatPickerMap, 0, { row: 9, column: 'A' })).toBe(false);
    expect(isSeatOnMap(seatPickerMap, 0, { row: 5, column: '' })).toBe(false);
  });

  it('gives the alert when chosen, and picking goes on after it', async () => {
    const actor = createActor(seatPickerMachine.provide({ actors: { loadSeatMap: fromPromise(async () => seatPickerMap) } })).start();
    actor.send({ type: 'seats.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'seat.pick', row: 5, column: 'E' });
    expect(actor.getSnapshot().value).toBe('taken');
    expect(actor.getSnapshot().context.refusedSeat).toBe('5E');
    expect(actor.getSnapshot().context.choices).toEqual({});
    actor.send({ type: 'seats.dismiss' });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    // A seat the map does not have is ignored, not refused.
    actor.send({ type: 'seat.pick', row: 9, column: 'Z' });
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    actor.send({ type: 'seat.pick', row: 5, column: 'A' });
    expect(actor.getSnapshot().context.choices['0:PAX1']).toMatchObject({ row: 5, column: 'A' });
    actor.stop();
  });
});
