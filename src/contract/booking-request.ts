/**
 * The booking request the server checks (spec 2 §7): checkout.ts's schemas with the contact phone's
 * country check (phone-country.ts). Kept apart so the checkout page need not load libphonenumber-js
 * with the rest of the contract.
 */
import { bookFormSchemaWith, bookingRequestSchemaWith, contactDetailsSchema, PHONE_MESSAGES } from './checkout.ts';
import { phoneCountryIssue } from './phone-country.ts';

/** Contact form (B2C and B2B non-agency users) with its phone a number of the dial option's country. */
export const contactFormSchema = contactDetailsSchema.superRefine((form, ctx) => {
  if (phoneCountryIssue(form.phoneNumber, form.countryCode) !== null) {
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalidForCountry, path: ['phoneNumber'] });
  }
});

export const bookingRequestSchema = bookingRequestSchemaWith(bookFormSchemaWith(contactFormSchema));
