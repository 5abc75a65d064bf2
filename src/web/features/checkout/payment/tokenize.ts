import cardValidator from 'card-validator';
import { cardLast4, type StoredCard } from '../../../../contract/checkout.ts';
import type { CardDeclineReason } from '../../../../contract/checkout-policy.ts';

/**
 * The sandbox card gateway's browser tokenizer. Card numbers and security codes never reach our API
 * (ARCHITECTURE "Errors and bad input"): the browser hands them to the gateway, which answers a token,
 * the brand and the last four digits; the checkout only keeps that (`card.update { valid, stored }`).
 *
 * Deterministic, like a real gateway's sandbox: the same card gives the same token. Test cards:
 * - `4000 0000 0000 0002` is declined by the issuer (`CardDeclinedError`, reason `issuerDeclined`);
 * - `4000 0000 0000 9995` is declined for insufficient funds (reason `insufficientFunds`);
 * - any other number that passes the Luhn check is approved.
 * A real adapter (Niubiz, Cybersource …) replaces this module with the provider's own script.
 */
export const DECLINED_TEST_CARD = '4000000000000002';
export const INSUFFICIENT_FUNDS_TEST_CARD = '4000000000009995';

const DECLINED_TEST_CARDS: Record<string, CardDeclineReason> = {
  [DECLINED_TEST_CARD]: 'issuerDeclined',
  [INSUFFICIENT_FUNDS_TEST_CARD]: 'insufficientFunds',
};

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

/** FNV-1a, twice with different seeds: 16 hex characters that depend on every input character. */
function sandboxDigest(text: string): string {
  const hash = (seed: number) => {
    let value = seed;
    for (const character of text) {
      value ^= character.codePointAt(0) ?? 0;
      value = Math.imul(value, 0x01000193) >>> 0;
    }
    return value.toString(16).padStart(8, '0');
  };
  return `${hash(0x811c9dc5)}${hash(0x050c5d1f)}`;
}

export async function tokenizeCard({ cardNumber, expirationDate = '', securityCode = '' }: TokenizeCardInput): Promise<StoredCard> {
  const digits = cardNumber.replace(/\D/g, '');
  const check = cardValidator.number(digits);
  if (!check.isValid) throw new Error('The card number is not valid');
  const declined = DECLINED_TEST_CARDS[digits];
  if (declined) throw new CardDeclinedError(declined);
  return {
    token: `tok_sandbox_${sandboxDigest(`${digits}|${expirationDate}|${securityCode.length}`)}`,
    brand: check.card?.type ?? 'card',
    last4: cardLast4(digits),
  };
}
