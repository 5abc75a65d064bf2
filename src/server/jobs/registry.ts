/**
 * The periodic jobs of the API: one entry each. Every API process runs the same list; the runner
 * makes each scheduled run execute once across processes (jobs/runner.ts), and every handler is
 * idempotent anyway, so a run repeated after a crash or a slot boundary changes nothing twice.
 */
import type { AppDeps } from '../deps.ts';
import { expireOverduePaymentOrders } from '../services/order-lifecycle.ts';
import { deliverPendingMails } from '../mail/delivery.ts';
import { enqueuePaymentReminders } from '../mail/reminders.ts';
import { resumeAbandonedPurchases } from '../services/postsale.ts';
import { runSessionRetention } from '../services/session-retention.ts';
import { settleSupplierOrders } from '../services/supplier-orders.ts';
import { checkPriceAlerts } from '../services/price-alerts.ts';

export interface PeriodicJob {
  /** The job's queue name on pg-boss (letters, digits, dashes) and its name in logs. */
  name: string;
  /** How often it runs. On PostgreSQL this is rounded to whole seconds (pg-boss's singleton slots). */
  everySeconds: number;
  /** The work itself: reads the time only from deps.now(), so tests move the clock instead of waiting. */
  handler: (deps: AppDeps) => Promise<unknown>;
}

export const periodicJobs: readonly PeriodicJob[] = [
  // Pending orders past their payment deadline become EPO and their bookings expired (7).
  { name: 'expire-overdue-payment-orders', everySeconds: 60, handler: expireOverduePaymentOrders },
  // The outbox's due mails go out (SMTP_URL, else the development mailbox), failures retried later.
  { name: 'deliver-mail', everySeconds: 15, handler: (deps) => deliverPendingMails(deps) },
  // Unpaid cash and bank orders near their deadline get their one payment reminder.
  { name: 'payment-reminders', everySeconds: 5 * 60, handler: enqueuePaymentReminders },
  // Sessions past their limits without a booking are deleted, booked ones lose the travellers' personal
  // fields once their checkout is over, and 24-hour-old idempotency keys are cleared.
  { name: 'session-retention', everySeconds: 5 * 60, handler: runSessionRetention },
  // Post-sale card purchases interrupted mid-charge (unanswered past their grace period) are resumed by their
  // charge's reference: charged at most once and answered, or their seats and bags given back.
  { name: 'resume-postsale-purchases', everySeconds: 60, handler: resumeAbandonedPurchases },
  // A real supplier's held orders are paid there once their traveller paid; those never paid are cancelled there.
  { name: 'settle-supplier-orders', everySeconds: 60, handler: settleSupplierOrders },
  // Price alerts (issue 21): each confirmed alert's route priced once a day (hourly runs, per-alert 23 h guard),
  // a new low mailed; stale alerts (unconfirmed 3 days, unsubscribed or ended) deleted with their mails.
  { name: 'check-price-alerts', everySeconds: 60 * 60, handler: checkPriceAlerts },
];
