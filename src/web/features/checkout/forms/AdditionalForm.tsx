import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { TextField } from '../../../ui/TextField.tsx';

export interface AdditionalFormProps {
  value: { enabled: boolean; accountId: string };
  showAllErrors: boolean;
  onChange: (value: { enabled: boolean; accountId: string }) => void;
}

/** Other data (spec 2 §5 "Additional"): an account id, required once its box is ticked. */
export function AdditionalForm({ value, showAllErrors, onChange }: AdditionalFormProps) {
  const { t } = useLingui();
  const [touched, setTouched] = useState(false);
  const missing = value.enabled && value.accountId.trim() === '';
  const error = missing && (touched || showAllErrors) ? t`This field is required` : undefined;
  return (
    <section className="card checkout-additional" aria-labelledby="checkout-additional-title">
      <h2 id="checkout-additional-title">{t`Other details`}</h2>
      <Checkbox isSelected={value.enabled} onChange={(enabled) => onChange({ ...value, enabled })}>
        {t`Add an account ID to this booking`}
      </Checkbox>
      {value.enabled && (
        <TextField
          label={t`Account ID`}
          value={value.accountId}
          onChange={(accountId) => onChange({ ...value, accountId })}
          onBlur={() => setTouched(true)}
          isInvalid={Boolean(error)}
          errorMessage={error}
          isRequired
        />
      )}
    </section>
  );
}
