/**
 * The operator's mail of a refund due (issue 36): money a provider took that is owed back. Written into
 * the outbox in the transaction that records the refund (services/refunds-due.ts), once per payment (the
 * dedupe key names the payment's reference). Sent to OPERATOR_EMAIL, in Spanish (the operator's desk).
 */
import { randomUUID } from 'node:crypto';
import { html } from 'hono/html';
import type { Language } from '../../contract/common.ts';
import { formatMoneyIn } from '../../contract/money.ts';
import type { Database, Transaction } from '../db/client.ts';
import { mailOutbox, type RefundDueReason } from '../db/schema/index.ts';
import type { RefundDue } from '../services/refunds-due.ts';

/** Where refunds due are told (env OPERATOR_EMAIL). */
export const operatorEmail = () => process.env.OPERATOR_EMAIL?.trim() || 'operaciones@vuelos.localhost';

const OPERATOR_LANGUAGE = 'es' satisfies Language;

const texts = {
  es: {
    subject: (pnr: string, money: string) => `Reembolso pendiente: ${money} de la reserva ${pnr}`,
    intro: 'Llegó dinero que hay que devolver. No se aplicó a la reserva: devuélvelo al cliente por el medio con que pagó.',
    reasons: {
      'order-expired': 'El pago llegó cuando la orden de pago ya había expirado.',
      'order-cancelled': 'El pago llegó cuando la orden de pago ya estaba anulada.',
      'order-already-paid': 'El pago llegó para una orden que ya estaba pagada con otro pago.',
      'booking-expired': 'Extras pagados en una reserva que expiró sin pagarse.',
      'booking-cancelled': 'Extras pagados en una reserva que se anuló.',
    } satisfies Record<RefundDueReason, string>,
    booking: 'Reserva',
    order: 'Orden de pago',
    provider: 'Medio de pago',
    reference: 'Referencia del pago',
    amount: 'Monto a devolver',
  },
} as const;

/** What the operator's mail tells of a refund due: the recorded refund, by the booking's PNR. */
export type RefundDueMailFacts = Omit<RefundDue, 'bookingId'> & { pnr: string };

/** Writes the operator's mail of one refund due into the outbox, in `tx`; a second call for the same payment writes none. */
export async function enqueueRefundDueMail(tx: Transaction | Database, bookingId: string, facts: RefundDueMailFacts, at: Date): Promise<void> {
  const t = texts[OPERATOR_LANGUAGE];
  const money = formatMoneyIn(facts.amount, facts.currency);
  const subject = t.subject(facts.pnr, money);
  const lines = [
    t.reasons[facts.reason],
    `${t.booking}: ${facts.pnr}`,
    ...(facts.paymentOrderNumber ? [`${t.order}: ${facts.paymentOrderNumber}`] : []),
    `${t.provider}: ${facts.provider}`,
    `${t.reference}: ${facts.paymentReference}`,
    `${t.amount}: ${money}`,
  ];
  const text = [t.intro, ...lines].join('\n');
  const body = await html`<!doctype html>
    <html lang="${OPERATOR_LANGUAGE}">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.5">
        <p>${t.intro}</p>
        <ul>
          ${lines.map((line) => html`<li>${line}</li>`)}
        </ul>
      </body>
    </html>`;
  await tx
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      bookingId,
      kind: 'refund-due',
      dedupeKey: `refund-due:${facts.paymentReference}`,
      language: OPERATOR_LANGUAGE,
      recipient: operatorEmail(),
      subject,
      text,
      html: body.toString(),
      nextAttemptAt: at,
      createdAt: at,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}
