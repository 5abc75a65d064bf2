import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockConfirmationSessionIds as ids } from '../../src/web/mocks/confirmation-handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';

async function paymentTerms(id: string, lang: 'es' | 'en', region: string) {
  renderApp(`/vuelos/book/confirmation/${id}?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Confirmación de reserva' : 'Booking confirmation');
  const section = await screen.findByRole('region', { name: region }, { timeout: 5000 });
  return Object.fromEntries([...section.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
}

/** Spec 3 §2 "Payment order screens": the order's details on the confirmation's payment tab. */
describe('the payment order’s details', () => {
  it('lists order number, amount to pay, the date and time of the order, reference, currency and client with document (es)', async () => {
    expect(await paymentTerms(ids.cashDeposit, 'es', 'Orden de pago')).toMatchObject({
      'Número de orden': '1002345678',
      'Monto a pagar': 'US$ 786.01',
      'Fecha y hora de la orden': '20 nov 2026, 10:15 (hora de Lima)',
      'Referencia (código de reserva)': 'KXQ7TZ',
      Moneda: 'USD',
      Cliente: 'Lucía Quispe Mamani · 45871236',
    });
  });

  it('adds the card’s brand and last four when a card paid the order (en)', async () => {
    expect(await paymentTerms(ids.paidCardCheckout, 'en', 'Payment with Interbank')).toMatchObject({
      'Order number': '1002345678',
      'Order date and time': 'Nov 20, 2026, 10:15 AM (Lima time)',
      'Reference (booking code)': 'KXQ7TZ',
      Currency: 'USD',
      Card: 'Visa ending in 1111',
    });
  });
});
