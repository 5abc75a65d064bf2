import { describe, expect, it } from 'vitest';
import { contactFormSchema } from '../../../src/contract/booking-request.ts';
import { PHONE_MESSAGES, rucSchema } from '../../../src/contract/checkout.ts';
import { invoiceIssues, MESSAGES, phoneIssueMessage, rucIssue } from '../../../src/contract/checkout-rules.ts';
import { isValidContactPhone, phoneNumberIssue } from '../../../src/contract/phone-country.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';

describe('phone numbers say what is wrong with them (issue 11)', () => {
  it('asks for a number, then digits only, then 6 to 15 digits', () => {
    expect(phoneNumberIssue(undefined)).toBe('required');
    expect(phoneNumberIssue('   ')).toBe('required');
    expect(phoneNumberIssue('98-765-4321')).toBe('digitsOnly');
    expect(phoneNumberIssue('+51987654321')).toBe('digitsOnly');
    expect(phoneNumberIssue('98765')).toBe('tooShort');
    expect(phoneNumberIssue('1234567890123456')).toBe('tooLong');
    // No dial code (a passenger's or a card holder's phone): the form alone decides.
    expect(phoneNumberIssue('123456')).toBeNull();
  });

  it('checks the number against the dial option country with libphonenumber-js', () => {
    expect(phoneNumberIssue('987654321', 'PE+51')).toBeNull();
    expect(phoneNumberIssue('14567890', 'PE+51')).toBeNull();
    expect(phoneNumberIssue('2025550123', 'US+1')).toBeNull();
    expect(phoneNumberIssue('8095550123', 'DO+1-809')).toBeNull();
    expect(phoneNumberIssue('987654321', 'US+1')).toBe('tooShort');
    expect(phoneNumberIssue('9876543210', 'PE+51')).toBe('tooLong');
    // The right length for Peru but no Peruvian number starts 12…
    expect(phoneNumberIssue('123456789', 'PE+51')).toBe('invalidForCountry');
    expect(isValidContactPhone('PE+51', '987654321')).toBe(true);
    expect(isValidContactPhone('PE+51', '123456789')).toBe(false);
  });

  it('words each issue: the spec’s required text, else the phone’s own message', () => {
    expect(phoneIssueMessage('required')).toBe(MESSAGES.required);
    expect(phoneIssueMessage('digitsOnly')).toBe(PHONE_MESSAGES.digitsOnly);
    expect(phoneIssueMessage('invalidForCountry')).toBe(PHONE_MESSAGES.invalidForCountry);
  });

  it('the contact schema the server checks refuses a number of another country, with that message', () => {
    expect(contactFormSchema.safeParse(fx.contactForm).success).toBe(true);
    const usNumberForPeru = contactFormSchema.safeParse({ ...fx.contactForm, countryCode: 'PE+51', phoneNumber: '123456789' });
    expect(usNumberForPeru.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['phoneNumber', PHONE_MESSAGES.invalidForCountry]]);
    const short = contactFormSchema.safeParse({ ...fx.contactForm, phoneNumber: '98765' });
    expect(short.error?.issues[0]?.message).toBe(PHONE_MESSAGES.tooShort);
  });
});

describe('the RUC (spec 2 §5: required and numeric; Peru’s is 11 digits from 10, 15, 17 or 20)', () => {
  it('requires it, then asks for a valid one', () => {
    expect(rucIssue(undefined)).toBe('Este campo es requerido');
    expect(rucIssue('')).toBe('Este campo es requerido');
    expect(rucIssue('2051234567')).toBe('Ingrese un RUC válido');
    expect(rucIssue('205123456789')).toBe('Ingrese un RUC válido');
    expect(rucIssue('30512345678')).toBe('Ingrese un RUC válido');
    expect(rucIssue('20ABC345678')).toBe('Ingrese un RUC válido');
    expect(['10456789012', '15456789012', '17456789012', '20512345678'].map(rucIssue)).toEqual([null, null, null, null]);
    expect(rucSchema.safeParse('30512345678').success).toBe(false);
  });

  it('gives the invoice fields’ issues only with an invoice, whatever the rest of the form holds', () => {
    expect(invoiceIssues({ invoice: false, ruc: '1' })).toEqual([]);
    expect(invoiceIssues({ invoice: true, ruc: '123' })).toEqual([
      { path: ['ruc'], message: 'Ingrese un RUC válido' },
      { path: ['companyName'], message: 'Este campo es requerido' },
      { path: ['companyAddress'], message: 'Este campo es requerido' },
    ]);
    expect(invoiceIssues({ invoice: true, ruc: '20512345678', companyName: 'Viajes SAC', companyAddress: 'Av. Larco 101' })).toEqual([]);
  });
});
