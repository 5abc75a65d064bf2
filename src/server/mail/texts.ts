/**
 * The words of the booking mails per language. Server-side and small, so a typed dictionary rather
 * than the web's Lingui catalogs: a missing translation is a type error.
 */
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderCode } from '../../contract/checkout.ts';
import type { Language } from '../../contract/common.ts';
import type { PaymentOrderStatus } from '../../contract/postsale.ts';
import type { BookingTotals } from '../../contract/checkout-totals.ts';
import type { BookingMailKind } from '../db/schema/mail.ts';

type TotalsLine = Exclude<keyof BookingTotals, 'total'>;

export interface MailTexts {
  subject: Record<BookingMailKind, (pnr: string) => string>;
  greeting: (firstName: string) => string;
  intro: Record<BookingMailKind, string>;
  /** What a payment status mail says happened, per order status. */
  paymentStatus: Partial<Record<PaymentOrderStatus, string>>;
  bookingCode: string;
  orderId: string;
  itinerary: string;
  flight: string;
  departs: string;
  arrives: string;
  travellers: string;
  price: string;
  totalsLines: Record<TotalsLine, string>;
  total: string;
  payment: string;
  paymentDeadline: string;
  /** How to pay a cash or bank order: its provider and order number. */
  bankOrderInstructions: (provider: string, orderNumber: string) => string;
  /** PagoEfectivo (102): how to pay its CIP, the CIP's terms, its link, and where it is when the mail could not tell it. */
  cipInstructions: (cip: string) => string;
  cipCode: string;
  cipAmount: string;
  cipExpiry: string;
  limaTime: string;
  cipLink: string;
  cipOnBookingPage: string;
  paymentMethod: (provider: string) => string;
  /** The providers named as their checkout tiles are (not by the gateway's brand: issue 37); the others by PAYMENT_PROVIDER_NAMES. */
  providerNames: Partial<Record<number, string>>;
  bookedWithoutPayment: string;
  /** Extras paid after booking, on a booking that then expired or was cancelled: the amount is given back. */
  extrasRefund: (amount: string) => string;
  manageBooking: string;
  manageBookingHint: string;
  calendarHint: string;
  signature: string;
}

const es: MailTexts = {
  subject: {
    'booking-confirmed': (pnr) => `Tu reserva ${pnr} está confirmada`,
    'payment-status': (pnr) => `Novedades del pago de tu reserva ${pnr}`,
    'payment-reminder': (pnr) => `Recuerda pagar tu reserva ${pnr}`,
  },
  greeting: (firstName) => `Hola, ${firstName}:`,
  intro: {
    'booking-confirmed': 'Tu reserva está hecha. Guarda este correo: tiene todo lo que necesitas para volver a ella.',
    'payment-status': 'El estado del pago de tu reserva cambió.',
    'payment-reminder': 'Tu reserva aún no está pagada y el plazo de pago vence pronto. Si no pagas a tiempo, la reserva se anula.',
  },
  paymentStatus: {
    CPO: 'Recibimos tu pago. Tu reserva está pagada.',
    SQ: 'Recibimos tu pago. Estamos emitiendo tus boletos.',
    POC: 'La orden de pago fue anulada y la reserva ya no está vigente.',
    EPO: 'El plazo de pago venció y la reserva expiró.',
  },
  bookingCode: 'Código de reserva',
  orderId: 'Número de pedido',
  itinerary: 'Itinerario',
  flight: 'Vuelo',
  departs: 'Sale',
  arrives: 'Llega',
  travellers: 'Pasajeros',
  price: 'Detalle del precio',
  totalsLines: {
    fare: 'Tarifa, tasas e impuestos',
    customFee: 'Cargo por servicio',
    couponDiscount: 'Descuento por cupón',
    paymentDiscount: 'Descuento por medio de pago',
    insurance: 'Asistencia en viaje',
    extras: 'Equipaje adicional',
    seats: 'Asientos',
  },
  total: 'Total',
  payment: 'Pago',
  paymentDeadline: 'Fecha límite de pago',
  bankOrderInstructions: (provider, orderNumber) => `Paga en ${provider} con el código de pago ${orderNumber} antes de la fecha límite.`,
  cipInstructions: (cip) => `Paga el código CIP ${cip} de PagoEfectivo en tu banca por internet o móvil, en agentes o en bodegas, antes de que venza.`,
  cipCode: 'Código CIP',
  cipAmount: 'Monto a pagar',
  cipExpiry: 'El CIP vence el',
  limaTime: 'hora de Lima',
  cipLink: 'Ver y pagar tu CIP en PagoEfectivo',
  cipOnBookingPage: 'Tu código de pago CIP de PagoEfectivo está en la página de tu reserva: ábrela para verlo y pagarlo antes de la fecha límite.',
  paymentMethod: (provider) => `Medio de pago: ${provider}.`,
  providerNames: { 105: 'SafetyPay (banca por internet / efectivo)', 120: 'Tarjeta de crédito o débito', 130: 'Transferencia bancaria' },
  bookedWithoutPayment: 'Reservaste sin pago: un asesor se pondrá en contacto contigo.',
  extrasRefund: (amount) => `Los extras que pagaste después de reservar (${amount}) quedan sin efecto: te devolveremos ese monto por el mismo medio de pago.`,
  manageBooking: 'Gestionar tu reserva',
  manageBookingHint: 'Consulta tu reserva, su pago y su estado cuando quieras en este enlace:',
  calendarHint: 'Adjuntamos tus vuelos como archivo de calendario (.ics).',
  signature: 'Buen viaje,\nVuelos',
};

const en: MailTexts = {
  subject: {
    'booking-confirmed': (pnr) => `Your booking ${pnr} is confirmed`,
    'payment-status': (pnr) => `Payment update for your booking ${pnr}`,
    'payment-reminder': (pnr) => `Reminder: pay for your booking ${pnr}`,
  },
  greeting: (firstName) => `Hello ${firstName},`,
  intro: {
    'booking-confirmed': 'Your booking is made. Keep this e-mail: it has everything you need to come back to it.',
    'payment-status': 'The payment status of your booking has changed.',
    'payment-reminder': 'Your booking is not paid yet and its payment deadline is near. If it is not paid in time, the booking is cancelled.',
  },
  paymentStatus: {
    CPO: 'We received your payment. Your booking is paid.',
    SQ: 'We received your payment. Your tickets are being issued.',
    POC: 'The payment order was cancelled and the booking is no longer valid.',
    EPO: 'The payment deadline passed and the booking expired.',
  },
  bookingCode: 'Booking code',
  orderId: 'Order number',
  itinerary: 'Itinerary',
  flight: 'Flight',
  departs: 'Departs',
  arrives: 'Arrives',
  travellers: 'Travellers',
  price: 'Price breakdown',
  totalsLines: {
    fare: 'Fare, fees and taxes',
    customFee: 'Service fee',
    couponDiscount: 'Coupon discount',
    paymentDiscount: 'Payment method discount',
    insurance: 'Travel assistance',
    extras: 'Extra baggage',
    seats: 'Seats',
  },
  total: 'Total',
  payment: 'Payment',
  paymentDeadline: 'Payment deadline',
  bankOrderInstructions: (provider, orderNumber) => `Pay at ${provider} with the payment code ${orderNumber} before the deadline.`,
  cipInstructions: (cip) => `Pay the PagoEfectivo CIP code ${cip} in your online or mobile banking, at an agent or at a shop, before it expires.`,
  cipCode: 'CIP code',
  cipAmount: 'Amount to pay',
  cipExpiry: 'The CIP expires on',
  limaTime: 'Lima time',
  cipLink: 'See and pay your CIP at PagoEfectivo',
  cipOnBookingPage: 'Your PagoEfectivo CIP payment code is on your booking’s page: open it to see and pay it before the deadline.',
  paymentMethod: (provider) => `Payment method: ${provider}.`,
  providerNames: { 105: 'SafetyPay (online banking / cash)', 120: 'Credit or debit card', 130: 'Bank transfer' },
  bookedWithoutPayment: 'You booked without payment: an adviser will contact you.',
  extrasRefund: (amount) => `The extras you paid for after booking (${amount}) no longer apply: we will refund that amount by the same means of payment.`,
  manageBooking: 'Manage your booking',
  manageBookingHint: 'See your booking, its payment and its status at any time with this link:',
  calendarHint: 'Your flights are attached as a calendar file (.ics).',
  signature: 'Have a good trip,\nVuelos',
};

export const mailTexts: Record<Language, MailTexts> = { es, en };

/** A payment provider's name in `language`: as its checkout tile names it where that has words (SafetyPay 105), else its brand. */
export function providerNameIn(language: Language, code: number): string {
  return mailTexts[language].providerNames[code] ?? PAYMENT_PROVIDER_NAMES[code as PaymentProviderCode] ?? String(code);
}
