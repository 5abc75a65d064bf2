/**
 * The development mailbox (GET /dev/mailbox): without SMTP_URL, mail is "delivered" into the outbox and
 * kept there, and this page lists it, newest first, with each mail's HTML view, text and calendar
 * file. Mounted only outside production and without SMTP (app.ts): it shows travellers' mails to anyone.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { mailOutbox } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { usesDevelopmentMailbox } from './delivery.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';

const MAILBOX_SIZE = 200;

/** Whether this deployment shows the development mailbox: no SMTP server configured, not production. */
export const showsDevelopmentMailbox = () => usesDevelopmentMailbox() && process.env.NODE_ENV !== 'production';

export function devMailbox(deps: Pick<AppDeps, 'db'>) {
  const app = new Hono();
  app.get('/', async (c) => {
    const mails = await deps.db
      .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt, recipient: mailOutbox.recipient, subject: mailOutbox.subject, kind: mailOutbox.kind, language: mailOutbox.language, status: mailOutbox.status, hasCalendar: mailOutbox.ics })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(MAILBOX_SIZE);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Development mailbox</title>
        </head>
        <body>
          <h1>Development mailbox</h1>
          <p>Mail the app sent (no SMTP_URL is set), newest first.</p>
          <table>
            <thead>
              <tr><th>Created</th><th>To</th><th>Subject</th><th>Kind</th><th>Language</th><th>Status</th><th>Open</th></tr>
            </thead>
            <tbody>
              ${mails.map(
                (mail) => html`<tr>
                  <td>${mail.createdAt.toISOString()}</td>
                  <td>${mail.recipient}</td>
                  <td><a href="${DEV_MAILBOX_PATH}/${mail.id}">${mail.subject}</a></td>
                  <td>${mail.kind}</td>
                  <td>${mail.language}</td>
                  <td>${mail.status}</td>
                  <td>
                    <a href="${DEV_MAILBOX_PATH}/${mail.id}">HTML</a>
                    <a href="${DEV_MAILBOX_PATH}/${mail.id}/text">text</a>
                    ${mail.hasCalendar ? html`<a href="${DEV_MAILBOX_PATH}/${mail.id}/itinerary.ics" download>.ics</a>` : ''}
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>
        </body>
      </html>`);
  });
  const mailOf = async (id: string) => {
    // Ids are UUIDs: anything else is no mail, not a database error.
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return mail;
  };
  app.get('/:id', async (c) => {
    const mail = await mailOf(c.req.param('id'));
    return mail ? c.html(mail.html) : c.notFound();
  });
  app.get('/:id/text', async (c) => {
    const mail = await mailOf(c.req.param('id'));
    return mail ? c.text(mail.text) : c.notFound();
  });
  app.get('/:id/itinerary.ics', async (c) => {
    const mail = await mailOf(c.req.param('id'));
    if (!mail?.ics) return c.notFound();
    return c.body(mail.ics, 200, { 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="itinerary.ics"' });
  });
  return app;
}
