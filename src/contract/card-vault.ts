/**
 * The sandbox card vault (spec 2 §3 card forms, issue 19): the card form hands the number to the
 * gateway's tokenisation and keeps only what it answers. In sandbox mode that is this server's vault,
 * which answers a random token (no relation to the card) with the brand and last four, and keeps nothing.
 */
import { z } from 'zod';
import { storedCardSchema } from './checkout.ts';
import { cardDeclineReasonSchema, type CardDeclineReason } from './checkout-policy.ts';

export const SANDBOX_VAULT_PATH = '/payments/sandbox/tokens';

/** Test cards, like a real gateway's sandbox: these are declined; any other valid number is approved. */
export const SANDBOX_DECLINED_CARDS: Readonly<Record<string, CardDeclineReason>> = {
  '4000000000000002': 'issuerDeclined',
  '4000000000009995': 'insufficientFunds',
};

/**
 * The bank-card variant (Interbank 104) types only the number at checkout: its expiry and CVV are typed in
 * the card checkout that pays the order later (spec 3 'Realizar pago'), so they are optional here.
 */
export const cardTokenRequestSchema = z.strictObject({
  cardNumber: z.string().regex(/^[\d\s-]{12,23}$/, 'Expected a card number'),
  expirationDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expected MM/YY').optional(),
  securityCode: z.string().regex(/^\d{3,4}$/, 'Expected 3 or 4 digits').optional(),
});
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

export const cardTokenResponseSchema = z.object({ status: z.literal(200), data: storedCardSchema });

/** A declined card: 402 with this code, and the denial reason as the first error's code. */
export const CARD_DECLINED = 'CARD_DECLINED';
export const declineReasonOf = (errors: ReadonlyArray<{ code?: string | undefined }>): CardDeclineReason =>
  cardDeclineReasonSchema.catch('issuerDeclined').parse(errors[0]?.code);
