/**
 * Mail delivery: a periodic job sends the outbox's due pending mails. Each row is claimed, one at a
 * time just before it is sent, in a short transaction (FOR UPDATE SKIP LOCKED) that also moves its next
 * attempt past a lease (CLAIM_LEASE_MS), so several processes never take the same mail; the mail is then
 * sent outside any transaction, within SEND_TIMEOUT_MS (well inside the lease), and marked sent, or
 * retried later with a growing backoff, and given up (failed) after MAX_ATTEMPTS. A process that dies
 * (kill -9) holding a claim leaves it for at most the lease: another process sends the mail half a
 * minute later (issue 36: it used to wait minutes). One that dies between the SMTP server's acceptance
 * and the mark sends the mail again then: delivery is at least once (SMTP offers no more), the outbox
 * row is marked sent once.
 *
 * Where mail goes: SMTP_URL set, that SMTP server (nodemailer); unset, the development mailbox: the
 * message is built by nodemailer's JSON transport and the sent row in the outbox is the mailbox
 * (GET /dev/mailbox lists it).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { mailOutbox } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';

/** What delivers a message: a nodemailer transporter, or a test's stand-in. */
export interface MailSender {
  sendMail(message: SendMailOptions): Promise<unknown>;
}

/** A delivery attempt after the first waits 1, 2, 4 … minutes, at most an hour. */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A claimed mail not finished within this time (its process died mid-send) is due again. */
export const CLAIM_LEASE_MS = 30_000;
/** One send is given up (and retried later) after this long, so a live sender never outlasts its lease. */
export const SEND_TIMEOUT_MS = 20_000;
/** Mails sent per run at most; the next run (every 15 s) takes the rest. */
const BATCH_SIZE = 20;

export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);

/** Without SMTP_URL mail stays in the development mailbox. */
export const usesDevelopmentMailbox = () => !process.env.SMTP_URL;

let senderFromEnv: MailSender | null = null;
/** SMTP_URL's server (e.g. smtps://user:pass@smtp.example.com:465), else nodemailer's JSON transport. */
export function mailSenderFromEnv(): MailSender {
  // The SMTP timeouts sit inside SEND_TIMEOUT_MS (the lease's margin), not nodemailer's minutes.
  senderFromEnv ??= process.env.SMTP_URL
    ? createTransport({ url: process.env.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: SEND_TIMEOUT_MS })
    : createTransport({ jsonTransport: true });
  return senderFromEnv;
}

/** The sender address (env MAIL_FROM). */
const fromAddress = () => process.env.MAIL_FROM ?? 'Vuelos <reservas@vuelos.localhost>';

type OutboxRow = typeof mailOutbox.$inferSelect;

export function messageOf(mail: OutboxRow): SendMailOptions {
  return {
    // The outbox row's id: a mail sent again after a crash mid-send (SMTP is at least once) is the
    // same message to the receiving servers and mail clients, which may drop the copy.
    messageId: `<${mail.id}@${fromAddress().match(/@([^>\s]+)/)?.[1] ?? 'vuelos.localhost'}>`,
    from: fromAddress(),
    to: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.ics ? [{ filename: mail.language === 'es' ? 'itinerario.ics' : 'itinerary.ics', content: mail.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : [],
    // One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the URL.
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}

/** Takes the next due mail for this process, or null: rows another process holds are skipped. */
async function claimDueMail(deps: Pick<AppDeps, 'db' | 'now'>): Promise<OutboxRow | null> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (due.length === 0) return null;
    const [claimed] = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(mailOutbox.id, due.map((row) => row.id)))
      .returning();
    return claimed ?? null;
  });
}

/** The send, or a failure once SEND_TIMEOUT_MS has passed (the mail is retried later; a late 250 makes it at least once). */
async function sendWithin(sender: MailSender, message: SendMailOptions): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The mail server did not accept the message within ${SEND_TIMEOUT_MS / 1000} s`)), SEND_TIMEOUT_MS);
  });
  try {
    await Promise.race([sender.sendMail(message), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the due pending mails once each; returns how many were sent and how many failed this run.
 * A failure is kept on the row (message only) for the next attempt; it never fails the job.
 */
export async function deliverPendingMails(deps: Pick<AppDeps, 'db' | 'now'>, sender: MailSender = mailSenderFromEnv()): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let taken = 0; taken < BATCH_SIZE; taken++) {
    const mail = await claimDueMail(deps);
    if (!mail) break;
    try {
      await sendWithin(sender, messageOf(mail));
      await deps.db.update(mailOutbox).set({ status: 'sent', sentAt: deps.now(), lastError: null }).where(eq(mailOutbox.id, mail.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const gaveUp = mail.attempts >= MAX_ATTEMPTS;
      const lastError = error instanceof Error ? error.message : String(error);
      console.error(`Mail ${mail.id} (${mail.kind}) attempt ${mail.attempts} failed${gaveUp ? ', giving up' : ''}: ${lastError}`);
      await deps.db
        .update(mailOutbox)
        .set({ status: gaveUp ? 'failed' : 'pending', lastError, nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(mail.attempts)) })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return { sent, failed };
}
