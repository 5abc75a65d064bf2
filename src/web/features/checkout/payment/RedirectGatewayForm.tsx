import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../../ui/TextField.tsx';
import { useCardIssueText } from './card-issue-text.ts';
import { emptyRedirectForm, redirectFormIssues, type RedirectFormValues } from './form-issues.ts';

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
