/**
 * Charging a card for extras bought after booking (issue 14): the card arrives as the gateway vault's token
 * (brand and last four, never a number) and is charged once per purchase through this port. The sandbox
 * charger accepts only tokens its vault signed and answers like the sandbox acquirer: the vault's declined
 * cards never get a token (402 at tokenisation), and card 4000 0000 0000 0341 tokenises but is declined
 * here with the acquirer's own description (a card that "attaches" and then fails, as real gateways' test cards do).
 *
 * A charge is idempotent by its reference (our purchase id), as the checkout's card authorisation is by its
 * purchase number: charging one reference again answers the first charge's result and charges nothing more,
 * so a purchase interrupted between its charge and its recorded answer can be resumed. A real adapter sends
 * the reference as the gateway's idempotency key; the sandbox keeps its charges by reference (sandbox_card_charges).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StoredCard } from '../../contract/checkout.ts';
import { sandboxCardCharges } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { isSandboxCardToken } from './card-vault.ts';
import { NIUBIZ_DENIALS } from './niubiz-sandbox.ts';

/** The last four of the sandbox test card that tokenises and is declined at charge (4000000000000341). */
export const SANDBOX_CHARGE_DECLINED_LAST4 = '0341';

export interface CardChargeRequest {
  card: StoredCard;
  amount: number;
  /** Our purchase id: the charge's reference (a real gateway's idempotency key). */
  reference: string;
}

export interface CardCharge {
  approved: boolean;
  authorizationCode: string | null;
  /** The acquirer's words: shown as the error's value when declined. */
  description: string;
}

export interface PostSaleCardCharger {
  /** Whether the token is one this gateway issued (spec 3 §5 check 4 on the server). */
  issued(card: StoredCard): boolean;
  /** Throws when the gateway cannot be reached. The same reference answers its first charge's result (one charge). */
  charge(request: CardChargeRequest): Promise<CardCharge>;
}

function sandboxDecision(secret: string, card: StoredCard): CardCharge {
  if (!isSandboxCardToken(secret, card)) return { approved: false, authorizationCode: null, description: NIUBIZ_DENIALS.invalidToken.actionDescription };
  if (card.last4 === SANDBOX_CHARGE_DECLINED_LAST4) return { approved: false, authorizationCode: null, description: NIUBIZ_DENIALS.decline.actionDescription };
  return { approved: true, authorizationCode: String(randomInt(100000, 999999)), description: 'Aprobado y completado con exito' };
}

function sandboxCharger(deps: Pick<AppDeps, 'db' | 'now'>, secret: string): PostSaleCardCharger {
  return {
    issued: (card) => isSandboxCardToken(secret, card),
    async charge({ card, amount, reference }) {
      // The first charge of a reference is kept; a repeated one finds it and answers its result.
      await deps.db
        .insert(sandboxCardCharges)
        .values({ reference, amount, ...sandboxDecision(secret, card), createdAt: deps.now() })
        .onConflictDoNothing({ target: sandboxCardCharges.reference });
      const [charge] = await deps.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.reference, reference));
      if (!charge) throw new Error(`The sandbox charge ${reference} was not kept.`);
      return { approved: charge.approved, authorizationCode: charge.authorizationCode, description: charge.description };
    },
  };
}

/** The configured charger: the sandbox gateway's when it is the configured one; null where no card can be charged. */
export function postSaleCardChargerOf(deps: Pick<AppDeps, 'sandboxPaymentSecret' | 'db' | 'now'>): PostSaleCardCharger | null {
  return deps.sandboxPaymentSecret ? sandboxCharger(deps, deps.sandboxPaymentSecret) : null;
}
