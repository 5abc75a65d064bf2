import { useLingui } from '@lingui/react/macro';
import type { CardIssue } from './form-issues.ts';

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
