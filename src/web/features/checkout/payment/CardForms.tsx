import { useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Temporal } from 'temporal-polyfill';
import { CARD_EXPIRY_LENGTH, DIAL_CODES, type StoredCard } from '../../../../contract/checkout.ts';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import {
  bankCardFormIssues,
  cardBrand,
  cardFormIssues,
  emptyBankCardForm,
  emptyCardForm,
  emptyRedirectForm,
  formatCardNumber,
  formatExpiry,
  formatSecurityCode,
  hasNoIssues,
  limaToday,
  redirectFormIssues,
  type BankCardFormValues,
  type CardField,
  type CardFormValues,
  type CardIssue,
  type RedirectFormValues,
} from './card-form.ts';
import { CardDeclinedError, tokenizeCard } from './tokenize.ts';

/** What the checkout keeps of a card: validity and the gateway's token (never the number). */
export interface CardUpdate {
  valid: boolean;
  stored: StoredCard | null;
}

/** The words for each card issue in the active language (spec 2 §5; es texts in the catalog). */
export function useCardIssueText() {
  const { t } = useLingui();
  const texts: Record<CardIssue, string> = {
    required: t`This field is required`,
    invalidNumber: t`Enter a valid card number`,
    binRejected: t`Your card number is not valid for this discount. Choose another payment method`,
    invalidExpiry: t`Enter a valid expiration date (MM/YY)`,
    expired: t`This card has expired`,
    invalidCvv: t`Enter a valid security code`,
    invalidEmail: t`Enter a valid email`,
    invalidName: t`This field must not contain rare characters`,
    invalidPhone: t`Enter a valid phone number`,
    invalidDocument: t`Enter a valid document`,
  };
  return (issue: CardIssue | null | undefined) => (issue ? texts[issue] : undefined);
}

/**
 * Sends the card to the gateway once every field is valid, and tells the checkout only when what it
 * knows changes (valid with a token, or not valid).
 */
function useCardReporter(onCardChange: (update: CardUpdate) => void, tokenize: typeof tokenizeCard) {
  const lastSent = useRef<string>('');
  const [declined, setDeclined] = useState(false);
  const report = async (valid: boolean, card: { cardNumber: string; expirationDate?: string; securityCode?: string }) => {
    if (!valid) {
      if (lastSent.current !== 'invalid') onCardChange({ valid: false, stored: null });
      lastSent.current = 'invalid';
      return;
    }
    try {
      const stored = await tokenize(card);
      setDeclined(false);
      if (lastSent.current !== stored.token) onCardChange({ valid: true, stored });
      lastSent.current = stored.token;
    } catch (error) {
      setDeclined(error instanceof CardDeclinedError);
      if (lastSent.current !== 'invalid') onCardChange({ valid: false, stored: null });
      lastSent.current = 'invalid';
    }
  };
  return { report, declined };
}

function DeclinedNotice() {
  const { t } = useLingui();
  return (
    <p role="alert" className="payment-card__declined">
      {t`Your payment order could not be processed: the card was declined. Try another card.`}
    </p>
  );
}

export interface CardFormProps {
  /** The chosen method's provider code: Oh (122) and Ripley (121) take only their own cards. */
  paymentCode: number;
  /** After a submit every field shows its error, not only the touched ones. */
  showAllErrors?: boolean;
  onCardChange: (update: CardUpdate) => void;
  /** Fixed in stories and tests; America/Lima otherwise. */
  today?: Temporal.PlainDate;
  tokenize?: typeof tokenizeCard;
  initialValues?: Partial<CardFormValues>;
}

/** The card payment form (spec 2 §3, §5): number with brand and spacing, MM/YY, CVV by brand, holder data. */
export function CardForm({ paymentCode, showAllErrors = false, onCardChange, today, tokenize = tokenizeCard, initialValues }: CardFormProps) {
  const { t, i18n } = useLingui();
  const issueText = useCardIssueText();
  const [values, setValues] = useState<CardFormValues>({ ...emptyCardForm, ...initialValues });
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const { report, declined } = useCardReporter(onCardChange, tokenize);
  const issues = cardFormIssues(values, paymentCode, today ?? limaToday());
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
  const field = (name: CardField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => {
    const issue = touched.has(name) || showAllErrors ? issues[name] : null;
    return (
      <TextField
        label={label}
        value={values[name]}
        onChange={(value) => change(name, value)}
        onBlur={() => blur(name)}
        isInvalid={Boolean(issue)}
        errorMessage={issueText(issue)}
        isRequired={name !== 'zipCode'}
        {...extra}
      />
    );
  };

  return (
    <fieldset className="payment-card">
      <legend className="payment-card__legend">{t`Card details`}</legend>
      <div className="payment-card__number">
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
      {declined && <DeclinedNotice />}
    </fieldset>
  );
}

export interface BankCardFormProps {
  showAllErrors?: boolean;
  onCardChange: (update: CardUpdate) => void;
  tokenize?: typeof tokenizeCard;
}

/** The Interbank bank-card variant (104): number (max 16), e-mail, DNI or passport and its number. */
export function BankCardForm({ showAllErrors = false, onCardChange, tokenize = tokenizeCard }: BankCardFormProps) {
  const { t } = useLingui();
  const issueText = useCardIssueText();
  const [values, setValues] = useState<BankCardFormValues>(emptyBankCardForm);
  const [touched, setTouched] = useState<ReadonlySet<keyof BankCardFormValues>>(new Set());
  const { report, declined } = useCardReporter(onCardChange, tokenize);
  const issues = bankCardFormIssues(values);
  const shown = (name: keyof BankCardFormValues) => (touched.has(name) || showAllErrors ? issues[name] : null);
  const blur = (name: keyof BankCardFormValues) => {
    setTouched((current) => new Set(current).add(name));
    void report(hasNoIssues(issues), { cardNumber: values.cardNumber });
  };
  return (
    <fieldset className="payment-card">
      <legend className="payment-card__legend">{t`Interbank card`}</legend>
      <TextField
        label={t`Card number`}
        value={values.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        isRequired
        onChange={(value) => setValues((current) => ({ ...current, cardNumber: formatCardNumber(value) }))}
        onBlur={() => blur('cardNumber')}
        isInvalid={Boolean(shown('cardNumber'))}
        errorMessage={issueText(shown('cardNumber'))}
      />
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
      {declined && <DeclinedNotice />}
    </fieldset>
  );
}

/** The redirect-style gateway form (spec 2 §3): who pays on the provider's page. */
export function RedirectGatewayForm({ showAllErrors = false }: { showAllErrors?: boolean }) {
  const { t } = useLingui();
  const issueText = useCardIssueText();
  const [values, setValues] = useState<RedirectFormValues>(emptyRedirectForm);
  const [touched, setTouched] = useState<ReadonlySet<keyof RedirectFormValues>>(new Set());
  const issues = redirectFormIssues(values);
  const labels: Record<keyof RedirectFormValues, string> = { firstName: t`First name`, lastName: t`Last name`, email: t`Email` };
  return (
    <fieldset className="payment-card">
      <legend className="payment-card__legend">{t`Who pays`}</legend>
      <div className="payment-card__row">
        {(Object.keys(labels) as (keyof RedirectFormValues)[]).map((name) => {
          const issue = touched.has(name) || showAllErrors ? issues[name] : null;
          return (
            <TextField
              key={name}
              label={labels[name]}
              value={values[name]}
              type={name === 'email' ? 'email' : 'text'}
              isRequired
              onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              onBlur={() => setTouched((current) => new Set(current).add(name))}
              isInvalid={Boolean(issue)}
              errorMessage={issueText(issue)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
