import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AgencyDraft, FieldIssues } from '../../../../../machines/checkout.rules.ts';
import type { DialOptionValue } from '../../../../contract/checkout.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { FieldSelect } from '../../../ui/FieldSelect.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFieldMessage } from '../checkout-messages.ts';
import { dialOptions } from './dial-options.ts';

export interface AgencyFormProps {
  draft: AgencyDraft;
  issues: FieldIssues;
  showAllErrors: boolean;
  invoiceOffered: boolean;
  onChange: (changes: AgencyDraft) => void;
}

/** The agency's data in B2B mode (spec 2 §3, §5), instead of the contact form. */
export function AgencyForm({ draft, issues, showAllErrors, invoiceOffered, onChange }: AgencyFormProps) {
  const { t, i18n } = useLingui();
  const message = useFieldMessage();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (path: string) => setTouched((previous) => new Set(previous).add(path));
  const errorFor = (path: string) => (showAllErrors || touched.has(path) ? message(issues[path]) : undefined);
  const text = (path: 'email' | 'ruc' | 'companyName' | 'companyAddress', label: string, numeric = false) => (
    <TextField
      label={label}
      type={path === 'email' ? 'email' : 'text'}
      inputMode={numeric ? 'numeric' : undefined}
      value={draft[path] ?? ''}
      onChange={(value) => onChange({ [path]: numeric ? value.replace(/\D/g, '') : value })}
      onBlur={() => touch(path)}
      isInvalid={Boolean(errorFor(path))}
      errorMessage={errorFor(path)}
      isRequired
    />
  );
  const invoice = Boolean(draft.invoice || draft.isInvoiceChecked);
  return (
    <section className="card checkout-agency" aria-labelledby="checkout-agency-title">
      <h2 id="checkout-agency-title">{t`Agency details`}</h2>
      <div className="checkout-grid">
        {text('email', t`Agency e-mail`)}
        <FieldSelect
          label={t`Country`}
          placeholder={t`Select`}
          options={dialOptions(i18n.locale).country}
          value={draft.countryCode ?? ''}
          onChange={(countryCode) => onChange({ countryCode: countryCode === '' ? undefined : (countryCode as DialOptionValue) })}
        />
      </div>
      {invoiceOffered && (
        <div className="checkout-subsection">
          <Checkbox isSelected={invoice} onChange={(on) => onChange({ invoice: on, isInvoiceChecked: on })}>
            {t`I need an invoice`}
          </Checkbox>
          {invoice && (
            <div className="checkout-grid">
              {text('ruc', t`RUC`, true)}
              {text('companyName', t`Company name`)}
              {text('companyAddress', t`Fiscal address`)}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
