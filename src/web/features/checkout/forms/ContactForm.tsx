import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { loadPhoneCountry } from '../../../../../machines/checkout.machine.ts';
import type { ContactDraft, FieldIssues } from '../../../../../machines/checkout.rules.ts';
import type { DialOptionValue } from '../../../../contract/checkout.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { FieldSelect } from '../../../ui/FieldSelect.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFieldMessage } from '../checkout-messages.ts';
import { dialOptions } from './dial-options.ts';

export interface ContactFormProps {
  draft: ContactDraft;
  issues: FieldIssues;
  showAllErrors: boolean;
  /** The invoice request is not offered for some providers, US profiles and card methods (spec 2 §5). */
  invoiceOffered: boolean;
  onChange: (changes: ContactDraft) => void;
  onCopyFirstPassenger: () => void;
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Contact data of the booking (spec 2 §3, §5): names, e-mail, dial code and phone, optional invoice. */
export function ContactForm({ draft, issues, showAllErrors, invoiceOffered, onChange, onCopyFirstPassenger }: ContactFormProps) {
  const { t, i18n } = useLingui();
  const message = useFieldMessage();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState(false);
  const touch = (path: string) => setTouched((previous) => new Set(previous).add(path));
  const errorFor = (path: string) => (showAllErrors || touched.has(path) ? message(issues[path]) : undefined);
  const text = (path: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'ruc' | 'companyName' | 'companyAddress', label: string, options: { numeric?: boolean; type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      type={options.type ?? 'text'}
      inputMode={options.numeric ? 'numeric' : undefined}
      autoComplete={options.autoComplete ?? 'off'}
      value={draft[path] ?? ''}
      // A phone travels with its dial code: it is checked against it (and traces keep it checkable).
      onChange={(value) => onChange({ [path]: options.numeric ? digitsOnly(value) : value, ...(path === 'phoneNumber' ? { countryCode: draft.countryCode } : {}) })}
      onBlur={() => touch(path)}
      // Focus in the form fetches the phone's country check (libphonenumber-js): it is in before a number is typed.
      onFocus={() => void loadPhoneCountry()}
      isInvalid={Boolean(errorFor(path))}
      errorMessage={errorFor(path)}
      isRequired
    />
  );
  return (
    <section className="card checkout-contact" aria-labelledby="checkout-contact-title">
      <h2 id="checkout-contact-title">{t`Contact details`}</h2>
      <p className="checkout-hint">{t`We will send the booking confirmation to this e-mail.`}</p>
      <Checkbox
        isSelected={copied}
        onChange={(on) => {
          setCopied(on);
          if (on) onCopyFirstPassenger();
        }}
      >
        {t`Use the first passenger's details`}
      </Checkbox>
      <div className="checkout-grid">
        {text('firstName', t`First name`, { autoComplete: 'given-name' })}
        {text('lastName', t`Last name`, { autoComplete: 'family-name' })}
        {text('email', t`E-mail`, { type: 'email', autoComplete: 'email' })}
        <FieldSelect
          label={t`Country code`}
          options={dialOptions(i18n.locale).contact}
          value={draft.countryCode ?? 'PE+51'}
          onChange={(countryCode) => onChange({ countryCode: countryCode as DialOptionValue })}
        />
        {text('phoneNumber', t`Phone`, { numeric: true, autoComplete: 'tel-national' })}
      </div>
      {invoiceOffered && (
        <div className="checkout-subsection">
          <Checkbox isSelected={Boolean(draft.invoice)} onChange={(invoice) => onChange({ invoice })}>
            {t`I need an invoice`}
          </Checkbox>
          {draft.invoice && (
            <div className="checkout-grid">
              {text('ruc', t`RUC`, { numeric: true })}
              {text('companyName', t`Company name`, { autoComplete: 'organization' })}
              {text('companyAddress', t`Fiscal address`)}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
