import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import cardValidator from 'card-validator';
import { CARD_DECLINED, SANDBOX_DECLINED_CARDS, type CardTokenRequest } from '../../contract/card-vault.ts';
import { cardLast4, type StoredCard } from '../../contract/checkout.ts';
import { ApiFailure } from '../errors.ts';

/**
 * The sandbox gateway's card vault. A token is random bytes plus this server's signature over them,
 * the brand and the last four: nothing in it derives from the card number, so no search over numbers
 * and expiry dates can match it back. The card itself is never stored, logged or kept in memory.
 */
const signature = (secret: string, nonce: string, brand: string, last4: string) =>
  createHmac('sha256', secret).update(`card:${nonce}|${brand}|${last4}`).digest('base64url');

export function tokenizeSandboxCard(secret: string, card: CardTokenRequest): StoredCard {
  const digits = card.cardNumber.replace(/\D/g, '');
  const check = cardValidator.number(digits);
  if (!check.isValid) throw new ApiFailure(400, 'CARD_INVALID', 'The card number is not valid.', [{ path: 'json.cardNumber', code: 'invalid', value: 'Invalid card number' }]);
  const declined = SANDBOX_DECLINED_CARDS[digits];
  if (declined) throw new ApiFailure(402, CARD_DECLINED, 'The card was declined.', [{ path: 'json.cardNumber', code: declined, value: declined }]);
  const brand = check.card?.type ?? 'card';
  const last4 = cardLast4(digits);
  const nonce = randomBytes(18).toString('base64url');
  return { token: `tok_sbx_${nonce}.${signature(secret, nonce, brand, last4)}`, brand, last4 };
}

/** Whether a card the booking carries was tokenised by this vault, with this brand and last four. */
export function isSandboxCardToken(secret: string, card: StoredCard): boolean {
  const [, nonce, given] = /^tok_sbx_([\w-]{24})\.([\w-]{43})$/.exec(card.token) ?? [];
  if (!nonce || !given) return false;
  const expected = Buffer.from(signature(secret, nonce, card.brand, card.last4));
  return timingSafeEqual(expected, Buffer.from(given));
}
