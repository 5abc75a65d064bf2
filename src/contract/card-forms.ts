import cardValidator from 'card-validator';
import { z } from 'zod';
import { emailSchema } from './common.ts';
import { cardBrandSchema, countryIso2Schema, CVV_MAX_LENGTH, CVV_MIN_LENGTH, DEFAULT_CARD_COUNTRY, documentTypeSchema, personNameSchema, phoneNumberSchema, securityCodeSchema } from './checkout.ts';

/**
 * The card forms (spec 2 §3, §5; spec 3 §3, §5): client → gateway only, never sent to our API. Apart
 * from the rest of the contract because card-validator comes with them: pages that show no card form
 * do not load it.
 */

/** Spaces and dashes are typing aids; the number itself is digits only, max 16 (spec 2 §9). */
export const cardNumberSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,16}$/, 'Enter a valid card number')
      .refine((n) => cardValidator.number(n).isValid, 'Enter a valid card number'),
  );
/** MM/YY, month 01–12 (spec 2 §5). Not-in-the-past needs today: see checkout-rules.ts. */
export const cardExpirySchema = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter a valid expiration date');
/** CVV length must match the brand (card-validator's code.size), else 3–4. */
function checkSecurityCodeForBrand(form: { cardNumber: string; securityCode: string }, ctx: z.RefinementCtx): void {
  const card = cardValidator.number(form.cardNumber).card;
  const size = card ? card.code.size : [CVV_MIN_LENGTH, CVV_MAX_LENGTH];
  if (!cardValidator.cvv(form.securityCode, size).isValid) {
    ctx.addIssue({ code: 'custom', message: 'Enter a valid cvv', path: ['securityCode'] });
  }
}

/** The card holder's fields, shared by the checkout and the post-sale card forms. */
export const cardHolderFields = {
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  telephone: phoneNumberSchema,
  countryCode: countryIso2Schema.default(DEFAULT_CARD_COUNTRY),
  city: z.string().trim().min(1, 'This field is required').max(80),
  state: z.string().trim().min(1, 'This field is required').max(80),
  address: z.string().trim().min(1, 'This field is required').max(120),
  /** The spec disagrees whether zip is checked (spec 2 §5); optional here. */
  zipCode: z.string().trim().max(12).optional(),
};

/** Card payment form (121/122/123/120 …): what the client hands to the gateway's tokenizer. */
export const cardPaymentFormSchema = z
  .object({
    cardNumber: cardNumberSchema,
    /** Derived from the number; informative only. */
    cardType: cardBrandSchema.optional(),
    expirationDate: cardExpirySchema,
    securityCode: securityCodeSchema,
    ...cardHolderFields,
    documentType: documentTypeSchema.optional(),
    docNumber: z.string().trim().max(20).optional(),
  })
  .superRefine(checkSecurityCodeForBrand);
export type CardPaymentForm = z.infer<typeof cardPaymentFormSchema>;

/** Interbank bank-card variant (spec 2 §3): number (max 16), e-mail, DNI or passport. */
export const bankCardFormSchema = z.object({
  cardNumber: cardNumberSchema,
  email: emailSchema,
  documentType: z.enum(['NI', 'PP']),
  docNumber: z.string().trim().min(1).max(20),
});
export type BankCardForm = z.infer<typeof bankCardFormSchema>;

/**
 * The extras-purchase card form. The spec's CVV readings disagree (3 digits / 6 for Amex / 3–4);
 * we follow the card: card-validator's code size for the detected brand (Amex CID is 4).
 */
export const postSaleCardFormSchema = z
  .object({
    cardNumber: cardNumberSchema,
    expirationDate: cardExpirySchema,
    securityCode: securityCodeSchema,
    ...cardHolderFields,
    isAmericanExpress: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    const card = cardValidator.number(form.cardNumber).card;
    if (card && (card.type === 'american-express') !== form.isAmericanExpress) {
      ctx.addIssue({ code: 'custom', message: 'Card type does not match the number', path: ['isAmericanExpress'] });
    }
    const size = card ? card.code.size : form.isAmericanExpress ? 4 : 3;
    if (!cardValidator.cvv(form.securityCode, size).isValid) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid cvv', path: ['securityCode'] });
    }
  });
export type PostSaleCardForm = z.infer<typeof postSaleCardFormSchema>;
