import cardValidator from 'card-validator';
import { cardTokenResponseSchema, CARD_DECLINED, declineReasonOf, SANDBOX_VAULT_PATH } from '../../../../contract/card-vault.ts';
import type { StoredCard } from '../../../../contract/checkout.ts';
import type { CardDeclineReason } from '../../../../contract/checkout-policy.ts';
import { apiPost, ApiRequestError } from '../../../lib/api.ts';

/**
 * The card gateway's tokenisation, as the browser calls it. The card goes to the gateway's vault only
 * (in sandbox mode this server's `POST /api/payments/sandbox/tokens`, which keeps nothing), and the
 * checkout keeps what it answers: a random token, the brand and the last four digits. Test cards
 * (docs/sandbox.md "Cards"): `4000 0000 0000 0002` is declined by the issuer, `4000 0000 0000 9995`
 * for insufficient funds; any other valid number is approved. A real adapter (Niubiz, Cybersource …)
 * replaces this module with the provider's own script.
 */
export const DECLINED_TEST_CARD = '4000000000000002';
export const INSUFFICIENT_FUNDS_TEST_CARD = '4000000000009995';

/** The gateway refused the card; `reason` is its denial code, which the checkout words. */
export class CardDeclinedError extends Error {
  constructor(readonly reason: CardDeclineReason = 'issuerDeclined') {
    super(`The card was declined (${reason})`);
  }
}

export interface TokenizeCardInput {
  cardNumber: string;
  expirationDate?: string;
  securityCode?: string;
}

export async function tokenizeCard({ cardNumber, expirationDate = '', securityCode = '' }: TokenizeCardInput): Promise<StoredCard> {
  const digits = cardNumber.replace(/\D/g, '');
  if (!cardValidator.number(digits).isValid) throw new Error('The card number is not valid');
  try {
    // The bank-card variant has no expiry or CVV at checkout: only what was typed is sent.
    const answer = await apiPost(SANDBOX_VAULT_PATH, { cardNumber: digits, ...(expirationDate ? { expirationDate } : {}), ...(securityCode ? { securityCode } : {}) }, cardTokenResponseSchema);
    return answer.data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === CARD_DECLINED) throw new CardDeclinedError(declineReasonOf(error.body.errors));
    throw error;
  }
}
