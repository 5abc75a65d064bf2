import { useLingui } from '@lingui/react/macro';
import type { TermsFailure } from '../../../contract/checkout-rules.ts';
import { COUPON_REFUSAL_TEXTS, COUPON_REFUSALS } from '../../../contract/checkout.ts';
import { SCOTIABANK_REFUSAL_TEXTS, SCOTIABANK_REFUSALS } from '../../../contract/scotiabank.ts';
import { useCouponRefusalMessage } from './coupon/coupon-messages.ts';
import { useScotiabankRefusalMessage } from './payment/scotiabank-messages.ts';

/**
 * Rule and schema messages come in the contract's words (the spec's Spanish, or English schema
 * texts); this turns each into the reader's language. Anything unforeseen reads as "enter a valid value".
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useLingui();
  const known: Record<string, string> = {
    'Este campo es requerido': t`This field is required`,
    'This field is required': t`This field is required`,
    'Ingrese una fecha válida': t`Enter a valid date`,
    'Ingrese un documento válido': t`Enter a valid document`,
    'This field must not contain rare characters': t`This field must not contain rare characters`,
    'Enter a valid email': t`Enter a valid email`,
    'Enter a valid number': t`Enter a valid number`,
    'Ingrese un número válido': t`Enter a valid number`,
    'Ingrese un RUC válido': t`Enter a valid RUC`,
    'The phone number must contain digits only': t`The phone number must contain digits only`,
    'The phone number is too short': t`The phone number is too short`,
    'The phone number is too long': t`The phone number is too long`,
    'This is not a valid phone number for the chosen country code': t`This is not a valid phone number for the chosen country code`,
    'Cada adulto viaja con un solo infante': t`Each adult travels with one infant only`,
  };
  // A coupon the booking refused (its 400 names the refusal in the contract's English): the coupon box's words.
  const couponMessage = useCouponRefusalMessage();
  for (const refusal of COUPON_REFUSALS) known[COUPON_REFUSAL_TEXTS[refusal]] = couponMessage(refusal);
  // The Scotiabank card's refusal, when the booking's own lookup answered otherwise than the form's.
  const scotiabankMessage = useScotiabankRefusalMessage();
  for (const refusal of SCOTIABANK_REFUSALS) known[SCOTIABANK_REFUSAL_TEXTS[refusal]] = scotiabankMessage(refusal);
  return (message) => (message === undefined ? undefined : (known[message] ?? t`Enter a valid value`));
}

/** The terms block's messages (spec 2 §5 checkout.terms.*), first failure wins. */
export function useTermsMessage(): (failure: TermsFailure) => string {
  const { t } = useLingui();
  return (failure) =>
    ({
      'checkout.terms.validation_message': t`Please accept the flight rules and booking conditions to continue.`,
      'checkout.terms.validation_privacy_policies': t`Please accept the privacy policies to continue.`,
      'checkout.terms.validation_terms_and_conditions': t`Please accept the terms and conditions to continue.`,
      'checkout.terms.validation_authorize_personal_data': t`Please authorise the processing of your personal data to continue.`,
    })[failure];
}
