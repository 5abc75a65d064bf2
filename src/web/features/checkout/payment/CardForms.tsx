import { useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Temporal } from 'temporal-polyfill';
import { CARD_EXPIRY_LENGTH, DIAL_CODES, type StoredCard } from '../../../../contract/checkout.ts';
import type { CardDeclineReason } from '../../../../contract/checkout-policy.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import {
  bankCardFormIssues,
  cardBrand,
  cardFormIssues,
  emptyBankCardForm,
  emptyCardForm,
  formatCardNumber,
  formatExpiry,
  formatSecurityCode,
  type BankCardFormValues,
  type CardField,
  type CardFormValues,
} from './card-form.ts';
import { todayInLima } from '../../../lib/dates.ts';
import { hasNoIssues } from './form-issues.ts';
import { CardDeclinedError, tokenizeCard } from './tokenize.ts';
import { rateLimitOf, type RateLimited } from '../../../../../machines/rate-limit.ts';
import { TooManyRequests } from '../../../ui/TooManyRequests.tsx';
import { useCardIssueText } from './card-issue-text.ts';

/** What the checkout keeps of a card: validity, the gateway's token (never the number) or why it declined. */
export interface CardUpdate {
  valid: boolean;
  stored: StoredCard | null;
  declined: CardDeclineReason | null;
}

/**
 * Sends the card to the gateway once every field is valid, and tells the checkout only when what it
 * knows changes: approved (with a token), declined (with the gateway's reason), or not valid.
 */
function useCardReporter(onCardChange: (update: CardUpdate) => void, tokenize: typeof tokenizeCard) {
  const lastSent = useRef<string>('');
  // A 429 on tokenisation (issue 36): the form says so and when; the same card is tried again on the next blur.
  const [rateLimited, setRateLimited] = useState<RateLimited | null>(null);
  const send = (key: string, update: CardUpdate) => {
    if (lastSent.current !== key) onCardChange(update);
    lastSent.current = key;
  };
  // The card last handed to the gateway: the same card is tokenised once (each call answers a new token).
  const lastTokenized = useRef<string>('');
  const report = async (valid: boolean, card: { cardNumber: string; expirationDate?: string; securityCode?: string }) => {
    if (!valid) {
      lastTokenized.current = '';
      return send('invalid', { valid: false, stored: null, declined: null });
    }
    const cardKey = [card.cardNumber, card.expirationDate, card.securityCode].join('|');
    if (lastTokenized.current === cardKey) return;
    lastTokenized.current = cardKey;
    try {
      const stored = await tokenize(card);
      setRateLimited(null);
      send(stored.token, { valid: true, stored, declined: null });
    } catch (error) {
      const limited = rateLimitOf(error);
      setRateLimited(limited);
      if (limited) lastTokenized.current = '';
      const declined = error instanceof CardDeclinedError ? error.reason : null;
      send(`declined:${declined}`, { valid: false, stored: null, declined });
    }
  };
  return { report, rateLimited };
}

/** The denial description of each gateway reason, in the active language. */
function useDeclineText() {
  const { t } = useLingui();
  const texts: Record<CardDeclineReason, string> = {
    issuerDeclined: t`The card was declined by the issuing bank.`,
    insufficientFunds: t`The card has insufficient funds.`,
  };
  return (reason: CardDeclineReason) => texts[reason];
}

/** Spec 2 §8: card rejected 'Su orden de pago no pudo ser procesada' with the denial description and a retry. */
function DeclinedNotice({ reason, onRetry }: { reason: CardDeclineReason; onRetry: () => void }) {
  const { t } = useLingui();
  const declineText = useDeclineText();
  return (
    <div role="alert" className="payment-card__declined">
      <p>
        <strong>{t`Your payment order could not be processed`}</strong>
      </p>
      <p>{declineText(reason)}</p>
      <p>{t`Try again with another card.`}</p>
      <Button variant="secondary" onPress={onRetry}>
        {t`Use another card`}
      </Button>
    </div>
  );
}

/** Focuses the card number of a card form (the field to change after a decline). */
const focusCardNumber = (root: HTMLElement | null) => window.setTimeout(() => root?.querySelector<HTMLInputElement>('input')?.focus(), 0);

export interface CardFormProps {
  /** The chosen method's provider code: Oh (122) and Ripley (121) take only their own cards. */
  paymentCode: number;
  /** After a submit every field shows its error, not only the touched ones. */
  showAllErrors?: boolean;
  onCardChange: (update: CardUpdate) => void;
  /** The checkout's record of the gateway declining this form's card (context.draft.card.declined). */
  declined?: CardDeclineReason | null;
  /** Fixed in stories and tests; America/Lima otherwise. */
  today?: Temporal.PlainDate;
  tokenize?: typeof tokenizeCard;
  initialValues?: Partial<CardFormValues>;
}

/** The card payment form (spec 2 §3, §5): number with brand and spacing, MM/YY, CVV by brand, holder data. */
export function CardForm({ paymentCode, showAllErrors = false, onCardChange, declined = null, today, tokenize = tokenizeCard, initialValues }: CardFormProps) {
  const { t, i18n } = useLingui();
  const issueText = useCardIssueText();
  const [values, setValues] = useState<CardFormValues>({ ...emptyCardForm, ...initialValues });
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const { report, rateLimited } = useCardReporter(onCardChange, tokenize);
  const numberRef = useRef<HTMLDivElement>(null);
  const issues = cardFormIssues(values, paymentCode, today ?? Temporal.PlainDate.from(todayInLima()));
  const brand = cardBrand(values.cardNumber);
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: 'region' }), [i18n.locale]);
  const countries = useMemo(
    () => DIAL_CODES.filter((country, index, all) => all.findIndex((other) => other.iso2 === country.iso2) === index).map((country) => ({ id: country.iso2, label: countryNames.of(country.iso2) ?? country.name })),
    [countryNames],
  );

  const change = (field: CardField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  // Payment forms copy valid values to the checkout on blur (spec 2 §4).
  const blur = (field: CardField) => {
    setTouched((current) => new Set(current).add(field));
    void report(hasNoIssues(issues), values);
  };
  // Another card: the number and its code are typed again, from the number.
  const tryAnotherCard = () => {
    const next = { ...values, cardNumber: '', securityCode: '' };
    setValues(next);
    void report(false, next);
    focusCardNumber(numberRef.current);
  };
  const field = (name: CardField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => {
    const issue = touched.has(name) || showAllErrors ? issues[name] : null;
    // A declined card marks its number, so a refused submit focuses it.
    const declinedHere = name === 'cardNumber' && declined !== null && !issue;
    return (
      <TextField
        label={label}
        value={values[name]}
        onChange={(value) => change(name, value)}
        onBlur={() => blur(name)}
        isInvalid={Boolean(issue) || declinedHere}
        errorMessage={declinedHere ? t`This card was declined` : issueText(issue)}
        isRequired={name !== 'zipCode'}
        {...extra}
      />
    );
  };

  return (
    <fieldset className="payment-card">
      <legend className="payment-card__legend">{t`Card details`}</legend>
      <div className="payment-card__number" ref={numberRef}>
        {field('cardNumber', t`Card number`, {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          onChange: (value) => change('cardNumber', formatCardNumber(value)),
          description: brand ? t`Card: ${brand.niceType}` : undefined,
        })}
      </div>
      <div className="payment-card__row">
        {field('expirationDate', t`Expiration date (MM/YY)`, {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          maxLength: CARD_EXPIRY_LENGTH,
          onChange: (value) => change('expirationDate', formatExpiry(value, values.expirationDate)),
        })}
        {field('securityCode', t`Security code (CVV)`, {
          inputMode: 'numeric',
          autoComplete: 'cc-csc',
          onChange: (value) => change('securityCode', formatSecurityCode(value, values.cardNumber)),
          description: brand?.codeSize === 4 ? t`4 digits on the front of the card` : t`3 digits on the back of the card`,
        })}
      </div>
      <div className="payment-card__row">
        {field('firstName', t`Cardholder first name`, { autoComplete: 'cc-given-name' })}
        {field('lastName', t`Cardholder last name`, { autoComplete: 'cc-family-name' })}
      </div>
      <div className="payment-card__row">
        {field('email', t`Email`, { type: 'email', autoComplete: 'email' })}
        {field('telephone', t`Telephone`, { inputMode: 'tel', autoComplete: 'tel' })}
      </div>
      <div className="payment-card__row">
        <Select
          label={t`Country`}
          options={countries}
          selectedKey={values.countryCode}
          onSelectionChange={(code) => {
            setValues((current) => ({ ...current, countryCode: code }));
          }}
        />
        {field('city', t`City`, { autoComplete: 'address-level2' })}
      </div>
      <div className="payment-card__row">
        {field('state', t`State or region`, { autoComplete: 'address-level1' })}
        {field('address', t`Address`, { autoComplete: 'street-address' })}
        {field('zipCode', t`Zip code (optional)`, { autoComplete: 'postal-code' })}
      </div>
      <div className="payment-card__row">
        <Select
          label={t`Document type`}
          options={[
            { id: 'NI', label: t`DNI` },
            { id: 'PP', label: t`Passport` },
          ]}
          selectedKey={values.documentType}
          // Choosing a document type clears the number (spec 2 §4).
          onSelectionChange={(documentType) => setValues((current) => ({ ...current, documentType: documentType as 'NI' | 'PP', docNumber: '' }))}
        />
        {field('docNumber', t`Document number`)}
      </div>
      {declined && <DeclinedNotice reason={declined} onRetry={tryAnotherCard} />}
      {rateLimited && <TooManyRequests seconds={rateLimited.retryAfterSeconds} className="payment-card__declined" />}
    </fieldset>
  );
}

export interface BankCardFormProps {
  showAllErrors?: boolean;
  onCardChange: (update: CardUpdate) => void;
  declined?: CardDeclineReason | null;
  tokenize?: typeof tokenizeCard;
}

/** The Interbank bank-card variant (104): number (max 16), e-mail, DNI or passport and its number. */
export function BankCardForm({ showAllErrors = false, onCardChange, declined = null, tokenize = tokenizeCard }: BankCardFormProps) {
  const { t } = useLingui();
  const issueText = useCardIssueText();
  const [values, setValues] = useState<BankCardFormValues>(emptyBankCardForm);
  const [touched, setTouched] = useState<ReadonlySet<keyof BankCardFormValues>>(new Set());
  const { report, rateLimited } = useCardReporter(onCardChange, tokenize);
  const numberRef = useRef<HTMLDivElement>(null);
  const issues = bankCardFormIssues(values);
  const shown = (name: keyof BankCardFormValues) => (touched.has(name) || showAllErrors ? issues[name] : null);
  const numberDeclined = declined !== null && !shown('cardNumber');
  const tryAnotherCard = () => {
    setValues((current) => ({ ...current, cardNumber: '' }));
    void report(false, { cardNumber: '' });
    focusCardNumber(numberRef.current);
  };
  const blur = (name: keyof BankCardFormValues) => {
    setTouched((current) => new Set(current).add(name));
    void report(hasNoIssues(issues), { cardNumber: values.cardNumber });
  };
  return (
    <fieldset className="payment-card">
      <legend className="payment-card__legend">{t`Interbank card`}</legend>
      <div ref={numberRef}>
        <TextField
          label={t`Card number`}
          value={values.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          isRequired
          onChange={(value) => setValues((current) => ({ ...current, cardNumber: formatCardNumber(value) }))}
          onBlur={() => blur('cardNumber')}
          isInvalid={Boolean(shown('cardNumber')) || numberDeclined}
          errorMessage={numberDeclined ? t`This card was declined` : issueText(shown('cardNumber'))}
        />
      </div>
      <TextField
        label={t`Email`}
        type="email"
        value={values.email}
        isRequired
        onChange={(email) => setValues((current) => ({ ...current, email }))}
        onBlur={() => blur('email')}
        isInvalid={Boolean(shown('email'))}
        errorMessage={issueText(shown('email'))}
      />
      <div className="payment-card__row">
        <Select
          label={t`Document type`}
          options={[
            { id: 'NI', label: t`DNI` },
            { id: 'PP', label: t`Passport` },
          ]}
          selectedKey={values.documentType}
          // Choosing a document type clears the number (spec 2 §4).
          onSelectionChange={(documentType) => setValues((current) => ({ ...current, documentType, docNumber: '' }))}
        />
        <TextField
          label={t`Document number`}
          value={values.docNumber}
          isRequired
          onChange={(docNumber) => setValues((current) => ({ ...current, docNumber }))}
          onBlur={() => blur('docNumber')}
          isInvalid={Boolean(shown('docNumber'))}
          errorMessage={issueText(shown('docNumber'))}
        />
      </div>
      {declined && <DeclinedNotice reason={declined} onRetry={tryAnotherCard} />}
      {rateLimited && <TooManyRequests seconds={rateLimited.retryAfterSeconds} className="payment-card__declined" />}
    </fieldset>
  );
}
