import { personNameSchema } from '../../../../contract/checkout.ts';
import { emailSchema } from '../../../../contract/common.ts';

/*
 * What the payment forms share with the redirect gateways' small payer form, which shows with the
 * default method: apart from card-form.ts, whose card checks (card-validator) load with the card forms.
 */

/** What can be wrong with a card field; the view words each in the active language. */
export type CardIssue =
  | 'required'
  | 'invalidNumber'
  | 'binRejected'
  | 'invalidExpiry'
  | 'expired'
  | 'invalidCvv'
  | 'invalidEmail'
  | 'invalidName'
  | 'invalidPhone'
  | 'phoneDigitsOnly'
  | 'phoneTooShort'
  | 'phoneTooLong'
  | 'invalidDocument';

export interface RedirectFormValues {
  firstName: string;
  lastName: string;
  email: string;
}
export const emptyRedirectForm: RedirectFormValues = { firstName: '', lastName: '', email: '' };

/** `required` when blank, else `issue` when `check` refuses it. */
export const textIssue = (value: string, check?: { safeParse: (value: string) => { success: boolean } }, issue: CardIssue = 'invalidName') => {
  if (value.trim() === '') return 'required';
  return check && !check.safeParse(value).success ? issue : null;
};

export function redirectFormIssues(form: RedirectFormValues): Record<keyof RedirectFormValues, CardIssue | null> {
  return {
    firstName: textIssue(form.firstName, personNameSchema),
    lastName: textIssue(form.lastName, personNameSchema),
    email: textIssue(form.email, emailSchema, 'invalidEmail'),
  };
}

export const hasNoIssues = (issues: Record<string, CardIssue | null>) => Object.values(issues).every((issue) => issue === null);
