import cardValidator from 'card-validator';
import { Temporal } from 'temporal-polyfill';
import {
  CARD_BINS,
  CARD_EXPIRY_LENGTH,
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  CVV_MIN_LENGTH,
  DEFAULT_CARD_COUNTRY,
  personNameSchema,
} from '../../../../contract/checkout.ts';
import { bankCardFormSchema, cardExpirySchema, cardNumberSchema } from '../../../../contract/card-forms.ts';
import { emailSchema } from '../../../../contract/common.ts';
import { textIssue, type CardIssue } from './form-issues.ts';
import { cardAllowedForPayment, isCardExpired, phoneFormIssue } from '../../../../contract/checkout-rules.ts';

export interface CardFormValues {
  cardNumber: string;
  expirationDate: string;
  securityCode: string;
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  countryCode: string;
  city: string;
  state: string;
  address: string;
  zipCode: string;
  /** The cardholder's document (spec 2 §3 card payment form): checked here, never sent with the card. */
  documentType: 'NI' | 'PP';
  docNumber: string;
}
export type CardField = keyof CardFormValues;

export const emptyCardForm: CardFormValues = {
  cardNumber: '',
  expirationDate: '',
  securityCode: '',
  firstName: '',
  lastName: '',
  email: '',
  telephone: '',
  countryCode: DEFAULT_CARD_COUNTRY,
  city: '',
  state: '',
  address: '',
  zipCode: '',
  documentType: 'NI',
  docNumber: '',
};

export interface BankCardFormValues {
  cardNumber: string;
  email: string;
  documentType: 'NI' | 'PP';
  docNumber: string;
}
export const emptyBankCardForm: BankCardFormValues = { cardNumber: '', email: '', documentType: 'NI', docNumber: '' };

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The brand card-validator sees in what is typed so far (visa, mastercard, american-express …). */
export function cardBrand(cardNumber: string): { type: string; niceType: string; gaps: number[]; codeSize: number } | null {
  const card = cardValidator.number(digitsOf(cardNumber)).card;
  return card ? { type: card.type, niceType: card.niceType, gaps: card.gaps, codeSize: card.code.size } : null;
}

/** Digits only, at most 16, spaced the way the brand prints them (4-4-4-4, Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, CARD_NUMBER_MAX_LENGTH);
  const gaps = cardBrand(digits)?.gaps ?? [4, 8, 12];
  let spaced = '';
  [...digits].forEach((digit, index) => {
    if (gaps.includes(index)) spaced += ' ';
    spaced += digit;
  });
  return spaced;
}

/** MM/YY: the slash goes in after two characters, at most 5 characters (spec 2 §3). */
export function formatExpiry(value: string, previous = ''): string {
  // While deleting, keep what is left (so the slash can be deleted too).
  if (value.length < previous.length) return value.replace(/[^\d/]/g, '').slice(0, CARD_EXPIRY_LENGTH);
  const digits = digitsOf(value).slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** 3 or 4 digits, 4 for Amex (CID): as many as the brand's code has. */
export function formatSecurityCode(value: string, cardNumber: string): string {
  return digitsOf(value).slice(0, cardBrand(cardNumber)?.codeSize ?? CVV_MAX_LENGTH);
}

/** Oh and Ripley accept only their issuers' prefixes; checked once more than 5 digits are typed (spec 2 §5). */
export function binRejected(cardNumber: string, paymentCode: number | null): boolean {
  const digits = digitsOf(cardNumber);
  if (paymentCode === null || digits.length <= 5 || !(paymentCode in CARD_BINS)) return false;
  return !cardAllowedForPayment(digits, paymentCode);
}

function cardNumberIssue(cardNumber: string, paymentCode: number | null): CardIssue | null {
  if (digitsOf(cardNumber) === '') return 'required';
  if (binRejected(cardNumber, paymentCode)) return 'binRejected';
  return cardNumberSchema.safeParse(cardNumber).success ? null : 'invalidNumber';
}

function securityCodeIssue(securityCode: string, cardNumber: string): CardIssue | null {
  if (securityCode === '') return 'required';
  const size = cardBrand(cardNumber)?.codeSize;
  const valid = /^\d+$/.test(securityCode) && (size ? securityCode.length === size : securityCode.length >= CVV_MIN_LENGTH && securityCode.length <= CVV_MAX_LENGTH);
  return valid ? null : 'invalidCvv';
}

/**
 * The card holder's telephone says what is wrong with it. Its country is the billing country, not a dial
 * code the holder chose, so only the form is checked (digits, 6 to 15 of them).
 */
function telephoneIssue(telephone: string): CardIssue | null {
  const issue = phoneFormIssue(telephone);
  if (issue === null || issue === 'required') return issue;
  return ({ digitsOnly: 'phoneDigitsOnly', tooShort: 'phoneTooShort', tooLong: 'phoneTooLong', invalidForCountry: 'invalidPhone' } as const)[issue];
}

/** Every field's issue (null when fine). `today` decides expiry, in America/Lima. */
export function cardFormIssues(form: CardFormValues, paymentCode: number | null, today: Temporal.PlainDate): Record<CardField, CardIssue | null> {
  let expiry: CardIssue | null = null;
  if (form.expirationDate === '') expiry = 'required';
  else if (!cardExpirySchema.safeParse(form.expirationDate).success) expiry = 'invalidExpiry';
  else if (isCardExpired(form.expirationDate, today)) expiry = 'expired';
  return {
    cardNumber: cardNumberIssue(form.cardNumber, paymentCode),
    expirationDate: expiry,
    securityCode: securityCodeIssue(form.securityCode, form.cardNumber),
    firstName: textIssue(form.firstName, personNameSchema),
    lastName: textIssue(form.lastName, personNameSchema),
    email: textIssue(form.email, emailSchema, 'invalidEmail'),
    telephone: telephoneIssue(form.telephone),
    countryCode: textIssue(form.countryCode),
    city: textIssue(form.city),
    state: textIssue(form.state),
    address: textIssue(form.address),
    // The spec gives both readings; zip is optional here, as in the contract.
    zipCode: null,
    documentType: null,
    docNumber: documentNumberIssue(form.documentType, form.docNumber),
  };
}

/** A DNI is digits only; either document 1 to 20 characters (bankCardFormSchema). */
function documentNumberIssue(documentType: 'NI' | 'PP', docNumber: string): CardIssue | null {
  const number = docNumber.trim();
  if (number === '') return 'required';
  if (documentType === 'NI' && !/^\d+$/.test(number)) return 'invalidDocument';
  return bankCardFormSchema.shape.docNumber.safeParse(number).success ? null : 'invalidDocument';
}

export function bankCardFormIssues(form: BankCardFormValues): Record<keyof BankCardFormValues, CardIssue | null> {
  return {
    cardNumber: cardNumberIssue(form.cardNumber, null),
    email: textIssue(form.email, emailSchema, 'invalidEmail'),
    documentType: null,
    docNumber: documentNumberIssue(form.documentType, form.docNumber),
  };
}
