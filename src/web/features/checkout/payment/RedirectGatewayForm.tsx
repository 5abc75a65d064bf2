import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../../ui/TextField.tsx';
import { emptyRedirectForm, redirectFormIssues, type CardIssue, type RedirectFormValues } from './card-form.ts';

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
    phoneDigitsOnly: t`The phone number must contain digits only`,
    phoneTooShort: t`The phone number is too short`,
    phoneTooLong: t`The phone number is too long`,
    invalidDocument: t`Enter a valid document`,
  };
  return (issue: CardIssue | null | undefined) => (issue ? texts[issue] : undefined);
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
