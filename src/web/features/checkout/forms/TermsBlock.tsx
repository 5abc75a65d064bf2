import { useLingui } from '@lingui/react/macro';
import type { TermsAcceptance } from '../../../../contract/checkout.ts';
import type { TermsFailure } from '../../../../contract/checkout-rules.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { useTermsMessage } from '../checkout-messages.ts';

export interface TermsBlockProps {
  terms: TermsAcceptance;
  /** The first unticked box after a submit (first failure wins, spec 2 §5). */
  failure: TermsFailure | null;
  needsPersonalDataAuthorization: boolean;
  onChange: (changes: Partial<TermsAcceptance>) => void;
}

/** Privacy, terms and conditions and (for listed engines) personal-data authorisation. */
export function TermsBlock({ terms, failure, needsPersonalDataAuthorization, onChange }: TermsBlockProps) {
  const { t } = useLingui();
  const termsMessage = useTermsMessage();
  const errorOf = (key: TermsFailure) => (failure === key ? termsMessage(key) : undefined);
  return (
    <section className="card checkout-terms" aria-labelledby="checkout-terms-title">
      <h2 id="checkout-terms-title">{t`Terms and policies`}</h2>
      <Checkbox
        isSelected={terms.privacyPolicies}
        onChange={(privacyPolicies) => onChange({ privacyPolicies })}
        isInvalid={Boolean(errorOf('checkout.terms.validation_privacy_policies'))}
        errorMessage={errorOf('checkout.terms.validation_privacy_policies')}
      >
        {t`I have read and accept the privacy policies`}
      </Checkbox>
      <Checkbox
        isSelected={terms.termsAndConditions}
        onChange={(termsAndConditions) => onChange({ termsAndConditions })}
        isInvalid={Boolean(errorOf('checkout.terms.validation_terms_and_conditions'))}
        errorMessage={errorOf('checkout.terms.validation_terms_and_conditions')}
      >
        {t`I have read and accept the terms and conditions`}
      </Checkbox>
      {needsPersonalDataAuthorization && (
        <Checkbox
          isSelected={Boolean(terms.authorizePersonalData)}
          onChange={(authorizePersonalData) => onChange({ authorizePersonalData })}
          isInvalid={Boolean(errorOf('checkout.terms.validation_authorize_personal_data'))}
          errorMessage={errorOf('checkout.terms.validation_authorize_personal_data')}
        >
          {t`I authorise the processing of my personal data for commercial purposes`}
        </Checkbox>
      )}
    </section>
  );
}

/** The flight-rules acceptance beside the submit button (the general acceptance of spec 2 §5). */
export function FlightRulesAcceptance({ terms, failure, onChange }: Omit<TermsBlockProps, 'needsPersonalDataAuthorization'>) {
  const { t } = useLingui();
  const termsMessage = useTermsMessage();
  const error = failure === 'checkout.terms.validation_message' ? termsMessage(failure) : undefined;
  return (
    <div className="checkout-flight-rules">
      <Checkbox isSelected={terms.generalAcceptance} onChange={(generalAcceptance) => onChange({ generalAcceptance })} isInvalid={Boolean(error)} errorMessage={error}>
        {t`I have read and accept the flight rules and the booking conditions`}
      </Checkbox>
    </div>
  );
}
