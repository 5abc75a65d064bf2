/**
 * The price alert mails (issue 21), in the alert's language: the confirmation link, and a new low of
 * the route with the old and new price, a link to the search and the one-click unsubscribe. Written
 * into the outbox like the booking mails (outbox.ts); the dedupe key makes each mail once.
 */
import { randomUUID } from 'node:crypto';
import { html } from 'hono/html';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_TERMINAL_ID, type Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import { priceAlertConfirmPath, priceAlertUnsubscribeApiPath, priceAlertUnsubscribePath } from '../../contract/price-alerts.ts';
import type { Database, Transaction } from '../db/client.ts';
import { mailOutbox, type PriceAlertMailKind, type priceAlerts } from '../db/schema/index.ts';
import { publicBaseUrl } from './outbox.ts';

type Alert = typeof priceAlerts.$inferSelect;

const LOCALES: Record<Language, string> = { es: 'es-PE', en: 'en-US' };
const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');
const day = (isoDate: string, language: Language) => Temporal.PlainDate.from(isoDate).toLocaleString(LOCALES[language], { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

interface Texts {
  confirmSubject: (route: string) => string;
  confirmIntro: string;
  confirmAction: string;
  confirmIgnore: string;
  dropSubject: (route: string, price: string) => string;
  dropIntro: string;
  was: string;
  now: string;
  search: string;
  travellers: (count: number) => string;
  unsubscribeHint: string;
  unsubscribe: string;
  signature: string;
}

const texts: Record<Language, Texts> = {
  es: {
    confirmSubject: (route) => `Confirma tu alerta de precio ${route}`,
    confirmIntro: 'Pediste seguir el precio de este viaje. Confirma tu correo y te escribiremos cuando el precio más bajo baje.',
    confirmAction: 'Confirmar mi alerta de precio',
    confirmIgnore: 'Si no lo pediste, ignora este correo: sin confirmar, la alerta se borra en unos días.',
    dropSubject: (route, price) => `Bajó el precio: ${route} ahora desde ${price}`,
    dropIntro: 'El precio más bajo del viaje que sigues bajó.',
    was: 'Antes',
    now: 'Ahora',
    search: 'Ver los vuelos',
    travellers: (count) => (count === 1 ? '1 pasajero' : `${count} pasajeros`),
    unsubscribeHint: '¿Ya no quieres estos correos?',
    unsubscribe: 'Dejar de seguir este precio',
    signature: 'Buen viaje,\nVuelos',
  },
  en: {
    confirmSubject: (route) => `Confirm your price alert ${route}`,
    confirmIntro: 'You asked to track the price of this trip. Confirm your e-mail and we will write when the lowest price drops.',
    confirmAction: 'Confirm my price alert',
    confirmIgnore: 'If you did not ask for it, ignore this e-mail: unconfirmed, the alert is deleted in a few days.',
    dropSubject: (route, price) => `Price drop: ${route} now from ${price}`,
    dropIntro: 'The lowest price of the trip you track has dropped.',
    was: 'Was',
    now: 'Now',
    search: 'See the flights',
    travellers: (count) => (count === 1 ? '1 traveller' : `${count} travellers`),
    unsubscribeHint: 'No longer want these e-mails?',
    unsubscribe: 'Stop tracking this price',
    signature: 'Have a good trip,\nVuelos',
  },
};

const routeOf = (alert: Alert) => `${alert.origin} → ${alert.destination}`;

function tripLine(alert: Alert): string {
  const language = alert.language;
  const dates = [alert.departureDate, ...(alert.returnDate ? [alert.returnDate] : [])].map((date) => day(date, language)).join(' – ');
  return `${routeOf(alert)} · ${dates} · ${texts[language].travellers(alert.adults + alert.children + alert.infants)}`;
}

/** The search of the alert on the results page, in its language. */
export function searchUrlOf(alert: Alert): string {
  const dates = [alert.departureDate, ...(alert.returnDate ? [alert.returnDate] : [])];
  const query = new URLSearchParams({ lang: alert.language, ...(alert.cabin === 'I' ? {} : { cabinType: alert.cabin }), ...(alert.terminalId === DEFAULT_TERMINAL_ID ? {} : { terminalId: alert.terminalId }) });
  return `${publicBaseUrl()}/vuelos/${[alert.origin, alert.destination, ...dates, alert.adults, alert.children, alert.infants].join('/')}?${query}`;
}

interface Link {
  label: string;
  href: string;
}

/** Subject, text and HTML of a mail of paragraphs and links, plus the unsubscribe footer when there is one. */
async function render(language: Language, subject: string, lines: (string | Link)[], unsubscribe: Link | null) {
  const t = texts[language];
  const all = [...lines, ...(unsubscribe ? [t.unsubscribeHint, unsubscribe] : [])];
  const text = [...all.map((line) => (typeof line === 'string' ? line : `${line.label}: ${line.href}`)), t.signature].join('\n\n');
  const body = await html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <title>${subject}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.5">
        ${all.map((line) => (typeof line === 'string' ? html`<p>${line}</p>` : html`<p><a href="${line.href}">${line.label}</a></p>`))}
        <p style="white-space: pre-line">${t.signature}</p>
      </body>
    </html>`;
  return { subject, text, html: body.toString() };
}

async function enqueue(tx: Transaction | Database, alert: Alert, kind: PriceAlertMailKind, dedupeKey: string, content: { subject: string; text: string; html: string }, unsubscribeUrl: string | null, at: Date) {
  await tx
    .insert(mailOutbox)
    .values({ id: randomUUID(), priceAlertId: alert.id, kind, dedupeKey, language: alert.language, recipient: alert.email, ...content, unsubscribeUrl, nextAttemptAt: at, createdAt: at })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/** The alert's one mail asking to confirm the address, with the confirm token (only the mail knows it). */
export async function enqueuePriceAlertConfirmMail(tx: Transaction | Database, alert: Alert, confirmToken: string, at: Date): Promise<void> {
  const t = texts[alert.language];
  const content = await render(alert.language, t.confirmSubject(routeOf(alert)), [
    t.confirmIntro,
    tripLine(alert),
    { label: t.confirmAction, href: `${publicBaseUrl()}${priceAlertConfirmPath(confirmToken)}?lang=${alert.language}` },
    t.confirmIgnore,
  ], null);
  await enqueue(tx, alert, 'price-alert-confirm', `price-alert:${alert.id}:confirm`, content, null, at);
}

/** A new low of the alert's route: once per alert and price (the dedupe key names the price). */
export async function enqueuePriceDropMail(tx: Transaction | Database, alert: Alert, newTotal: number, unsubscribeToken: string, at: Date): Promise<void> {
  const t = texts[alert.language];
  const content = await render(
    alert.language,
    t.dropSubject(routeOf(alert), money(newTotal)),
    [t.dropIntro, tripLine(alert), `${t.was}: ${money(alert.baselineTotal)}`, `${t.now}: ${money(newTotal)}`, { label: t.search, href: searchUrlOf(alert) }],
    { label: t.unsubscribe, href: `${publicBaseUrl()}${priceAlertUnsubscribePath(unsubscribeToken)}?lang=${alert.language}` },
  );
  await enqueue(tx, alert, 'price-alert-drop', `price-alert:${alert.id}:drop:${newTotal.toFixed(2)}`, content, `${publicBaseUrl()}${priceAlertUnsubscribeApiPath(unsubscribeToken)}`, at);
}
