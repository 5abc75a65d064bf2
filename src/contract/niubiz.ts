/**
 * The card provider flow of spec 3 (§2 'Realizar pago', §4 card payment flow, §7 calls, §8 errors): the
 * pending card order asks the server for a card checkout (a session with the order's amount, 20 minutes),
 * the card fields go to the provider's hosted fields (the sandbox's tokenisation here) which answer a
 * transaction token with the brand and last four, and the server authorises that token for the order.
 * Our API never receives a card number or CVV: only the token, brand and last four.
 */
import { z } from 'zod';
import { emailSchema, languageSchema } from './common.ts';

export const NIUBIZ_TOKEN_PATH = '/engines/niubiz/token';
export const NIUBIZ_AUTHORIZATION_PATH = '/engines/niubiz/pay/authorization';
export const NIUBIZ_NOTIFY_PATH = '/engines/niubiz/notify';
/** The sandbox provider's hosted fields: the card goes there, never to our API's own calls. */
export const NIUBIZ_SANDBOX_TOKENIZE_PATH = '/payments/sandbox/niubiz/tokenize';
/** The sandbox provider's 3-D-Secure-like step: the payer confirms with the bank. */
export const NIUBIZ_SANDBOX_CHALLENGE_PATH = '/payments/sandbox/niubiz/challenge';

/** The two card provider codes of spec 3 §9 whose pending orders are paid through this flow: Interbank and Scotiabank. */
export const NIUBIZ_CARD_PROVIDER_CODES = [104, 123] as const;
export const isNiubizCardProvider = (code: number) => (NIUBIZ_CARD_PROVIDER_CODES as readonly number[]).includes(code);

/** The card checkout's lifetime (spec 3 §2: it expires after 20 minutes). */
export const NIUBIZ_CHECKOUT_MINUTES = 20;

/** Spec 3 §8: any failure of the authorisation reads so, with status '3'. */
export const NIUBIZ_CONNECTION_ERROR = 'No se pudo establecer conexión con Niubiz';
/** Spec 3 §5: the card typed now must end like the one typed at checkout. */
export const CARD_MISMATCH_MESSAGE = 'Número de tarjeta no coincide con la ingresada anteriormente !';

/**
 * The sandbox's test cards (docs/sandbox.md "Card checkout"), all ending 1111 like the checkout's test
 * card 4111 1111 1111 1111; any other valid number is approved as a credit card.
 */
export const NIUBIZ_TEST_CARDS = {
  approve: '4111111111111111',
  approveDebit: '4000000000551111',
  decline: '4000000000061111',
  insufficientFunds: '4000000000971111',
  challenge: '4000000000301111',
  /** The acquirer does not answer: status '3'. */
  unreachable: '4000000000141111',
} as const;

/** Credit or debit, as the hosted fields tell it from the number (the sandbox's debit test card is the one debit card). */
export const cardTypeOf = (cardNumber: string): 'C' | 'D' => (cardNumber.replace(/\D/g, '') === NIUBIZ_TEST_CARDS.approveDebit ? 'D' : 'C');

/** The installments dropdown of a credit card: 'Sin cuotas' (0) first. */
export const INSTALLMENT_OPTIONS = [0, 2, 3, 6, 12] as const;

const orderNumberSchema = z.string().regex(/^\d{1,20}$/, 'Expected a payment order number');
const purchaseNumberSchema = z.string().regex(/^\d{1,24}$/, 'Expected a purchase number');

/** POST engines/niubiz/token: the order (with its page token) and the payer; the amount, when sent, is only checked. */
export const niubizTokenRequestSchema = z.strictObject({
  purchaseNumber: orderNumberSchema,
  token: z.string().min(1).max(200),
  paymentProviderCode: z.number().int(),
  /** The contact's e-mail when the page has it (a masked session read has not). */
  email: emailSchema.optional(),
  documentId: z.string().max(20).optional(),
  amount: z.number().nonnegative().optional(),
  language: languageSchema.optional(),
});
export type NiubizTokenRequest = z.infer<typeof niubizTokenRequestSchema>;

/**
 * Where the payer types the card: the sandbox's own card form (its hosted fields), or Niubiz's hosted
 * checkout.js form (VisanetCheckout), which answers the transaction token itself.
 */
export const cardCheckoutFormKindSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox') }),
  z.object({ kind: z.literal('niubiz'), scriptUrl: z.string().url(), merchantId: z.string().regex(/^\d{9}$/) }),
]);
export type CardCheckoutFormKind = z.infer<typeof cardCheckoutFormKindSchema>;

export const niubizSessionSchema = z.object({
  sessionKey: z.string().regex(/^[0-9a-f]{64}$/),
  /** Epoch milliseconds, as the provider answers. */
  expirationTime: z.number().int(),
  /** This checkout's purchase number (the order number and the attempt). */
  purchaseNumber: purchaseNumberSchema,
  orderNumber: orderNumberSchema,
  /** The server's amount for the order: what is authorised. */
  amount: z.number(),
  currency: z.string(),
  /** Which card form opens for this session. */
  form: cardCheckoutFormKindSchema,
});
export type NiubizSession = z.infer<typeof niubizSessionSchema>;
export const niubizTokenResponseSchema = z.object({ status: z.literal(200), data: niubizSessionSchema });

/** The hosted fields' request, to the provider (the sandbox): the only call that ever carries the card. */
export const niubizTokenizeRequestSchema = z.strictObject({
  sessionKey: z.string().regex(/^[0-9a-f]{64}$/),
  cardNumber: z.string().regex(/^[\d\s-]{12,23}$/, 'Expected a card number'),
  expirationDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expected MM/YY'),
  securityCode: z.string().regex(/^\d{3,4}$/, 'Expected 3 or 4 digits'),
});
export type NiubizTokenizeRequest = z.infer<typeof niubizTokenizeRequestSchema>;

export const cardTypeSchema = z.enum(['C', 'D']);
/** What the hosted fields answer: the token (or a challenge to pass first), the brand, the last four, credit or debit. */
export const niubizTokenizedSchema = z.object({
  transactionToken: z.string().nullable(),
  challengeId: z.string().nullable(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  cardType: cardTypeSchema,
});
export type NiubizTokenized = z.infer<typeof niubizTokenizedSchema>;
export const niubizTokenizeResponseSchema = z.object({ status: z.literal(200), data: niubizTokenizedSchema });

export const niubizChallengeRequestSchema = z.strictObject({ challengeId: z.string().min(1).max(400) });
export const niubizChallengeResponseSchema = z.object({ status: z.literal(200), data: z.object({ transactionToken: z.string() }) });

/** POST engines/niubiz/pay/authorization (spec 3 §7): the amount sent is not the one charged. */
export const niubizAuthorizationRequestSchema = z.strictObject({
  transactionToken: z.string().min(1).max(600),
  amount: z.number().nonnegative().optional(),
  purchase: purchaseNumberSchema,
  name: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: emailSchema,
  paymentProviderCode: z.number().int(),
  /** 0 is 'Sin cuotas'. */
  installments: z.number().int().min(0).max(36).optional(),
});
export type NiubizAuthorizationRequest = z.infer<typeof niubizAuthorizationRequestSchema>;

export const niubizAuthorizationDataSchema = z.object({
  orderNumber: z.string(),
  purchaseNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  cardMask: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardType: cardTypeSchema.nullable(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  merchandId: z.string(),
  authorizationCode: z.string().nullable(),
  actionCode: z.string(),
  actionDescription: z.string(),
  transactionDate: z.string().nullable(),
  paymentDate: z.string().nullable(),
  installments: z.number().int(),
});
export type NiubizAuthorizationData = z.infer<typeof niubizAuthorizationDataSchema>;

/** '1' approved; '2' denied (the provider's description in `message`); '3' no connection with the provider. */
export const niubizAuthorizationSchema = z.object({
  status: z.enum(['1', '2', '3']),
  message: z.string(),
  data: niubizAuthorizationDataSchema.nullable(),
});
export type NiubizAuthorization = z.infer<typeof niubizAuthorizationSchema>;
export const niubizAuthorizationResponseSchema = z.object({ status: z.literal(200), data: niubizAuthorizationSchema });

/** POST engines/niubiz/notify: the purchase the payer's page saw approved; the server reads its own record. */
export const niubizNotifyRequestSchema = z.object({ purchaseNumber: purchaseNumberSchema }).passthrough();
export const niubizNotifyResponseSchema = z.object({ status: z.literal(200), data: z.object({ payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }) });
