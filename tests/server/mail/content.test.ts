import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { formatMoney, US_DOLLARS } from '../../../src/contract/money.ts';
import { bookings, cashPaymentCodes, mailOutbox, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { bookingIdOfLinkToken } from '../../../src/server/domain/booking-link.ts';
import { flightsOf, useLatamNdcOffer } from '../checkout/support.ts';
import { enqueueInTransaction, madeBooking } from './support.ts';

const world = useLatamNdcOffer();

/** The events of an iCalendar text, each as its properties (folded lines unfolded, RFC 5545 §3.1). */
function calendarEvents(ics: string): Array<Record<string, string>> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/).filter(Boolean);
  expect([lines[0], lines.at(-1)]).toEqual(['BEGIN:VCALENDAR', 'END:VCALENDAR']);
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

const utcStamp = (localIso: string) => Temporal.Instant.from(localIso).toString().replace(/[-:]/g, '').replace(/\.\d+/, '').slice(0, 13);

describe.each([
  { language: 'es' as const, deadlineLabel: 'Fecha límite de pago', manage: 'Gestionar tu reserva', cipLabel: 'Código CIP', orderCode: 'con el código de pago', lima: 'Lima, Aeropuerto Internacional Jorge Chávez, Perú', english: 'International Airport' },
  { language: 'en' as const, deadlineLabel: 'Payment deadline', manage: 'Manage your booking', cipLabel: 'CIP code', orderCode: 'with the payment code', lima: 'Lima, Jorge Chávez International Airport, Peru', english: 'Aeropuerto' },
])('the confirmation mail in $language', ({ language, deadlineLabel, manage, cipLabel, orderCode, lima, english }) => {
  it('names the airports in its language, in the mail and in its calendar file (issue 37)', async () => {
    const booking = await madeBooking(world.api, world.offer, language);
    const [mail] = await world.api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    expect(mail!.text).toContain(`(${lima})`);
    expect(mail!.text).not.toContain(english);
    expect(calendarEvents(mail!.ics!)[0]!.LOCATION).toBe(lima.replace(/,/g, '\\,'));
  });

  it('tells PNR, order, local departure times, travellers, total, deadline, the PagoEfectivo CIP and the manage link', async () => {
    const booking = await madeBooking(world.api, world.offer, language);
    const { id } = (await enqueueInTransaction(world.api, booking.id, 'booking-confirmed'))!;
    const [mail] = await world.api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    const [order] = await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentOrderNumber!));
    const segments = flightsOf(world.offer).flatMap((flight) => flight.segments);
    const deadlineInLima = Temporal.Instant.fromEpochMilliseconds(order!.expiresAt.getTime()).toZonedDateTimeISO('America/Lima');
    // The booking's mail made the order's CIP: PagoEfectivo is paid by it, not by the order number.
    const [code] = await world.api.deps.db.select().from(cashPaymentCodes).where(eq(cashPaymentCodes.paymentOrderNumber, booking.paymentOrderNumber!));

    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(booking.pnr!);
      expect(body).toContain(booking.orderId!);
      // Local wall-clock times: the supplier's local departure, not UTC.
      for (const segment of segments) expect(body).toContain(segment.departureDateTime.slice(11, 16));
      for (const passenger of booking.passengers) expect(body).toContain(passenger.lastName);
      expect(body).toContain(formatMoney(booking.totals!.total, US_DOLLARS, 'detail'));
      expect(body).toContain(deadlineLabel);
      expect(body).toContain(`${String(deadlineInLima.hour).padStart(2, '0')}:${String(deadlineInLima.minute).padStart(2, '0')}`);
      expect(body).toContain(`${cipLabel}: ${code!.cip}`);
      expect(body).not.toContain(`${orderCode} ${booking.paymentOrderNumber}`);
    }
    expect(mail!.subject).toContain(booking.pnr!);
    expect(mail!.html).toContain(manage);
    const [, token] = /http:\/\/localhost:3000\/vuelos\/bookings\/link\/([\w.-]+)/.exec(mail!.text)!;
    expect(bookingIdOfLinkToken(token!, world.api.deps.bookingLinkSecret)).toBe(booking.id);
  });
});

describe.each([
  { language: 'es' as const, line: 'Medio de pago: Tarjeta de crédito o débito.' },
  { language: 'en' as const, line: 'Payment method: Credit or debit card.' },
])('the payment method in a card booking’s mail ($language)', ({ language, line }) => {
  it('is named as its checkout tile, not by the gateway (issue 37)', async () => {
    const booking = await madeBooking(world.api, world.offer, language);
    // The same booking paid by card: its confirmation mail made again.
    await world.api.deps.db.update(bookings).set({ paymentProviderCode: 120 }).where(eq(bookings.id, booking.id));
    await world.api.deps.db.delete(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    const { id } = (await enqueueInTransaction(world.api, booking.id, 'booking-confirmed', language))!;
    const [mail] = await world.api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(mail!.text).toContain(line);
    expect(mail!.text).not.toContain('Cybersource');
  });
});

describe('the calendar file', () => {
  it('parses, with one event per flight segment at its real instants', async () => {
    const booking = await madeBooking(world.api, world.offer);
    const { id } = (await enqueueInTransaction(world.api, booking.id))!;
    const [mail] = await world.api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    const segments = flightsOf(world.offer).flatMap((flight) => flight.segments);
    const events = calendarEvents(mail!.ics!);
    expect(events).toHaveLength(segments.length);
    expect(events.map((event) => [event.SUMMARY, event.DTSTART?.slice(0, 13), event.DTEND?.slice(0, 13)])).toEqual(
      segments.map((segment) => [
        `${segment.marketingAirline.code}${segment.flightNumber} ${segment.departureAirport.code} → ${segment.arrivalAirport.code}`,
        utcStamp(segment.departureDateTime),
        utcStamp(segment.arrivalDateTime),
      ]),
    );
  });
});
