import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  allowedDocumentTypes,
  birthDayOptions,
  birthMonthOptions,
  birthYearOptions,
  birthdateBounds,
  birthdateIssue,
  cardAllowedForPayment,
  duplicateNameIndexes,
  firstTermsFailure,
  infantAssignmentIssues,
  insuranceRejectedByAge,
  invoiceOffered,
  isCardExpired,
  nationalIdLabel,
  orderPassengers,
  passengerDocumentIssues,
} from '../../../src/contract/checkout-rules.ts';
import { isValidContactPhone } from '../../../src/contract/phone-country.ts';

const today = Temporal.PlainDate.from('2026-11-22');
const returnArrival = Temporal.PlainDate.from('2026-12-26');

describe('age bands against the final arrival date', () => {
  it('counts completed years', () => {
    expect(ageOn({ year: 2014, month: 12, day: 26 }, returnArrival)).toBe(12);
    expect(ageOn({ year: 2014, month: 12, day: 27 }, returnArrival)).toBe(11);
  });
  it('turns a child who is 12 on the return date into an adult', () => {
    expect(birthdateIssue('CHD', { year: 2014, month: 12, day: 26 }, returnArrival, today)).not.toBeNull();
    expect(birthdateIssue('ADT', { year: 2014, month: 12, day: 26 }, returnArrival, today)).toBeNull();
    expect(birthdateIssue('CHD', { year: 2014, month: 12, day: 27 }, returnArrival, today)).toBeNull();
  });
  it('refuses an infant born after today or 2 by the return date', () => {
    expect(birthdateIssue('INF', { year: 2026, month: 11, day: 23 }, returnArrival, today)).toBe(
      'Ingrese una fecha válida',
    );
    expect(birthdateIssue('INF', { year: 2026, month: 11, day: 22 }, returnArrival, today)).toBeNull();
    expect(birthdateIssue('INF', { year: 2024, month: 12, day: 26 }, returnArrival, today)).not.toBeNull();
    expect(birthdateIssue('INF', { year: 2024, month: 12, day: 27 }, returnArrival, today)).toBeNull();
  });
  it('refuses a date that does not exist', () => {
    expect(birthdateIssue('ADT', { year: 1990, month: 2, day: 30 }, returnArrival, today)).toBe(
      'Ingrese una fecha válida',
    );
  });
  it('offers years newest first and limits months and days at the edges', () => {
    const bounds = birthdateBounds('CHD', returnArrival, today);
    expect(bounds.earliest.toString()).toBe('2014-12-27');
    expect(bounds.latest.toString()).toBe('2024-12-26');
    expect(birthYearOptions(bounds)).toEqual([2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015, 2014]);
    expect(birthMonthOptions(2014, bounds)).toEqual([12]);
    expect(birthDayOptions(2014, 12, bounds)).toEqual([27, 28, 29, 30, 31]);
    expect(birthDayOptions(2024, 2, bounds)).toHaveLength(29);
    const infant = birthdateBounds('INF', returnArrival, today);
    expect(birthMonthOptions(2026, infant)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
  it('rejects insurance for everyone when one passenger is over 70 on the return date', () => {
    expect(
      insuranceRejectedByAge(
        [
          { year: 1955, month: 12, day: 26 },
          { year: 1990, month: 1, day: 1 },
        ],
        returnArrival,
      ),
    ).toBe(true);
    expect(insuranceRejectedByAge([{ year: 1955, month: 12, day: 27 }], returnArrival)).toBe(false);
  });
});

describe('documents by profile', () => {
  it('offers CE only in Peru, DL only in the US, and only a passport for NDC LATAM touching the US', () => {
    expect(allowedDocumentTypes('PE', false)).toEqual(['NI', 'PP', 'CE']);
    expect(allowedDocumentTypes('US', false)).toEqual(['NI', 'PP', 'DL']);
    expect(allowedDocumentTypes('CO', false)).toEqual(['NI', 'PP']);
    expect(allowedDocumentTypes('US', true)).toEqual(['PP']);
    expect(nationalIdLabel('US')).toBe('Documento de identidad');
    expect(nationalIdLabel('PE')).toBe('DNI');
  });
  it('requires nationality, type and number for Peru and US profiles only', () => {
    expect(passengerDocumentIssues({}, 'PE').map((i) => i.path[0])).toEqual([
      'countryCode',
      'documentType',
      'documentNumber',
    ]);
    expect(passengerDocumentIssues({}, 'MX')).toEqual([]);
    expect(passengerDocumentIssues({}, 'MX', { flightRequiresDocuments: true })).toHaveLength(3);
  });
  it('refuses a document type the profile does not offer', () => {
    const issues = passengerDocumentIssues({ countryCode: 'PE', documentType: 'DL', documentNumber: 'D1234567' }, 'PE');
    expect(issues).toEqual([{ path: ['documentType'], message: 'Ingrese un documento válido' }]);
  });
});

describe('passengers as a group', () => {
  it('needs each infant on a distinct existing adult', () => {
    const party = [
      { type: 'ADT' as const },
      { type: 'INF' as const, assignedPassenger: 1 },
      { type: 'INF' as const, assignedPassenger: 1 },
      { type: 'INF' as const, assignedPassenger: 2 },
    ];
    expect(infantAssignmentIssues(party).map((i) => i.path)).toEqual([
      [2, 'assignedPassenger'],
      [3, 'assignedPassenger'],
    ]);
  });
  it('orders adults, children, infants', () => {
    const ordered = orderPassengers([{ type: 'INF' as const }, { type: 'CHD' as const }, { type: 'ADT' as const }]);
    expect(ordered.map((p) => p.type)).toEqual(['ADT', 'CHD', 'INF']);
  });
  it('finds passengers with the same name once spaces are removed', () => {
    const party = [
      { firstName: 'Ana María', lastName: 'Pérez' },
      { firstName: 'Carlos', lastName: 'Pérez' },
      { firstName: 'AnaMaría', lastName: 'pérez' },
    ];
    expect(duplicateNameIndexes(party)).toEqual([0, 2]);
  });
});

describe('terms', () => {
  const all = { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true, authorizePersonalData: true };
  it('reports the first failure only', () => {
    expect(firstTermsFailure({ ...all, generalAcceptance: false, privacyPolicies: false }, false)).toBe(
      'checkout.terms.validation_message',
    );
    expect(firstTermsFailure({ ...all, termsAndConditions: false }, false)).toBe(
      'checkout.terms.validation_terms_and_conditions',
    );
  });
  it('asks for personal-data authorization only on listed engines', () => {
    expect(firstTermsFailure({ ...all, authorizePersonalData: false }, false)).toBeNull();
    expect(firstTermsFailure({ ...all, authorizePersonalData: false }, true)).toBe(
      'checkout.terms.validation_authorize_personal_data',
    );
  });
});

describe('cards, phones and invoices', () => {
  it('treats a card as valid through its expiry month', () => {
    expect(isCardExpired('11/26', today)).toBe(false);
    expect(isCardExpired('10/26', today)).toBe(true);
    expect(isCardExpired('13/26', today)).toBe(true);
  });
  it('accepts Tarjeta Oh and Ripley cards by issuer prefix only', () => {
    expect(cardAllowedForPayment('5246 0112 3456 7890', 122)).toBe(true);
    expect(cardAllowedForPayment('4111111111111111', 122)).toBe(false);
    expect(cardAllowedForPayment('5254350000000000', 121)).toBe(true);
    expect(cardAllowedForPayment('4111111111111111', 120)).toBe(true);
  });
  it('checks the phone for the dial option country', () => {
    expect(isValidContactPhone('PE+51', '987654321')).toBe(true);
    expect(isValidContactPhone('PE+51', '12345')).toBe(false);
    expect(isValidContactPhone('US+1', '2025550123')).toBe(true);
    expect(isValidContactPhone('PE+51', '98765432a')).toBe(false);
  });
  it('does not offer an invoice to US profiles, private 106 fares, the card-only payments or the listed agency profiles', () => {
    const base = { systemProviderCode: 107, profileCountry: 'PE', paymentCode: 102, agencyProfileId: null };
    expect(invoiceOffered({ ...base, agencyProfileId: 'AG-ANDES' })).toBe(true);
    expect(invoiceOffered({ ...base, agencyProfileId: 'AG-PACIFICO' })).toBe(false);
    expect(invoiceOffered(base)).toBe(true);
    expect(invoiceOffered({ ...base, profileCountry: 'US' })).toBe(false);
    expect(invoiceOffered({ ...base, systemProviderCode: 106, pricingSource: 'PRIVATE' })).toBe(false);
    expect([121, 122, 123, 104].map((paymentCode) => invoiceOffered({ ...base, paymentCode }))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
