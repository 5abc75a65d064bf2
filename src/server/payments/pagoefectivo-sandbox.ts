/**
 * The sandbox's stand-in for PagoEfectivo (102) behind the CashCodeGateway port: a CIP is an 8-digit code
 * derived from the order (the same order, the same code), its voucher page is the sandbox's own
 * (pagoefectivo-sandbox-page.ts, opened with the CIP's token), and its notifications are signed as
 * PagoEfectivo signs them (PE-Signature, hex HMAC-SHA256 of the raw body) under a key derived from the
 * sandbox's secret. Its status is the order's, as the sandbox keeps no provider store of its own.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PAGOEFECTIVO_SANDBOX_PATH } from '../../contract/pagoefectivo.ts';
import { cashPaymentCodes, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { CashCodeGateway, CashCodeStatus } from './gateway.ts';
import { verifyPagoEfectivoNotification } from './pagoefectivo-api.ts';
import { sameSignature } from './sandbox.ts';

const hmac = (secret: string, purpose: string, encoding: 'hex' | 'base64url') => createHmac('sha256', secret).update(purpose).digest(encoding);

type SandboxDeps = Pick<AppDeps, 'db' | 'now'> & { sandboxPaymentSecret: string };

/** The sandbox merchant's secret key: what PagoEfectivo's PAGOEFECTIVO_SECRET_KEY is to the real one. */
export const sandboxPagoEfectivoKey = (secret: string) => hmac(secret, 'pagoefectivo:secret-key', 'hex');

/** The token of a CIP's sandbox voucher page: only the CIP's answer (and so the booking's page) knows it. */
export const cipPageToken = (secret: string, cip: string) => hmac(secret, `pagoefectivo:cip-page:${cip}`, 'base64url');
export const isCipPageToken = (secret: string, cip: string, token: unknown) => sameSignature(cipPageToken(secret, cip), token);

const sandboxCip = (secret: string, orderNumber: string) => String(10_000_000 + (Number.parseInt(hmac(secret, `pagoefectivo:cip:${orderNumber}`, 'hex').slice(0, 12), 16) % 90_000_000));

const STATUS_OF_ORDER: Readonly<Record<string, CashCodeStatus>> = { PP: 'pending', CPO: 'paid', SQ: 'paid', EPO: 'expired', POC: 'cancelled' };

export function pagoEfectivoSandboxGateway(deps: SandboxDeps): CashCodeGateway {
  const secret = deps.sandboxPaymentSecret;
  return {
    async createCode(request) {
      const cip = sandboxCip(secret, request.orderNumber);
      return { cip, cipUrl: `${PAGOEFECTIVO_SANDBOX_PATH}/${cip}?token=${encodeURIComponent(cipPageToken(secret, cip))}`, expiresAt: request.expiresAt };
    },
    verifyNotification: (headers, rawBody) => verifyPagoEfectivoNotification(sandboxPagoEfectivoKey(secret), headers, rawBody),
    async status(cip) {
      const [row] = await deps.db
        .select({ status: paymentOrders.status, expiresAt: cashPaymentCodes.expiresAt })
        .from(cashPaymentCodes)
        .innerJoin(paymentOrders, eq(paymentOrders.number, cashPaymentCodes.paymentOrderNumber))
        .where(eq(cashPaymentCodes.cip, cip));
      if (!row) return null;
      const status = STATUS_OF_ORDER[row.status] ?? 'cancelled';
      return status === 'pending' && row.expiresAt <= deps.now() ? 'expired' : status;
    },
  };
}
