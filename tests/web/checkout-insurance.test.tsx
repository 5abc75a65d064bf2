import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adultPassenger } from '../../src/contract/fixtures/checkout.ts';
import { InsuranceBlock } from '../../src/web/features/checkout/insurance/InsuranceBlock.tsx';
import { renderPart, startCheckout } from './checkout-parts.tsx';

async function renderInsurance({ adults = 2, language = 'en' as 'en' | 'es' } = {}) {
  // 9132868's profile is one of the listed ones that must answer the insurance question.
  const checkout = await startCheckout({ adults, duplicateNamesChecked: true });
  const view = renderPart(<InsuranceBlock checkout={checkout} />, { language });
  const plans = await screen.findByRole('radiogroup', { name: language === 'es' ? 'Seguro de viaje' : 'Travel insurance' });
  return { ...view, checkout, plans };
}

describe('travel insurance', () => {
  it('offers plan 1, plan 2 and none with the price per day and the trip total', async () => {
    const { plans } = await renderInsurance({ adults: 2 });
    expect(within(plans).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('US$ 1.75 per day per passenger')).toBeTruthy();
    // Plan total per passenger × 2 travellers.
    expect(screen.getByText('Total for the trip (9 days): US$ 31.50')).toBeTruthy();
    expect(screen.getByText('Covers flight delays of more than 6 hours.')).toBeTruthy();
  });

  it('keeps the chosen plan in the checkout, and none is an answer the book form carries', async () => {
    const { user, checkout } = await renderInsurance();
    await user.click(screen.getByRole('radio', { name: 'Asistencia Nacional Plus' }));
    await waitFor(() => expect(checkout.getSnapshot().context.draft.insurance.selection?.productId).toBe('ASSIST-PLUS'));
    await user.click(screen.getByRole('radio', { name: 'I travel without insurance' }));
    await waitFor(() => expect(checkout.getSnapshot().context.draft.insurance).toMatchObject({ choice: 'none', selection: { isSelect: false, productSelected: 'none' } }));
    expect(checkout.getSnapshot().context.draft.insurance.selection?.productId).toBeUndefined();
  });

  it('shows the coverage in a modal, its lines in the page’s language (issue 37)', async () => {
    const { user } = await renderInsurance();
    await user.click(screen.getByRole('button', { name: 'See coverage: Asistencia Nacional Básica' }));
    const dialog = await screen.findByRole('dialog', { name: 'Coverage of Asistencia Nacional Básica' });
    expect(within(dialog).getAllByRole('rowheader').map((row) => row.textContent)).toEqual(['Medical assistance for accident or illness', 'Flight delay (over 6 hours)']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    { language: 'es' as const, title: 'Seguro de viaje', ask: 'Por favor selecciona una de estas 3 opciones', none: 'Viajo sin seguro', close: 'Cerrar' },
    { language: 'en' as const, title: 'Travel insurance', ask: 'Please choose one of these 3 options', none: 'I travel without insurance', close: 'Close' },
  ])('a submit without an answer opens the insurance-not-chosen modal; its choice is the answer, closing it keeps asking inline ($language)', async ({ language, title, ask, none, close }) => {
    const { user, checkout } = await renderInsurance({ adults: 1, language });
    checkout.send({ type: 'passenger.change', index: 0, changes: { ...adultPassenger, type: 'ADT' } as never });
    checkout.send({ type: 'contact.change', changes: { firstName: 'Lucía', lastName: 'Quispe', email: 'lucia@correo.pe', countryCode: 'PE+51', phoneNumber: '987654321' } });
    checkout.send({ type: 'checkout.submit' });
    const dialog = await screen.findByRole('dialog', { name: title });
    const options = within(dialog).getByRole('radiogroup', { name: ask });
    expect(within(options).getAllByRole('radio')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(ask)).toBeTruthy();
    checkout.send({ type: 'checkout.submit' });
    const again = await screen.findByRole('dialog', { name: title });
    await user.click(within(again).getByRole('radio', { name: none }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checkout.getSnapshot().context.draft.insurance.choice).toBe('none');
  });

  it('drops the insurance for everybody when a passenger is over 70 (Spanish)', async () => {
    const { user, checkout } = await renderInsurance({ adults: 1, language: 'es' });
    checkout.send({ type: 'passenger.change', index: 0, changes: { birthdate: { year: 1950, month: 1, day: 1 } } });
    const alert = await screen.findByRole('alertdialog', { name: 'PASAJERO ES MAYOR A 70 AÑOS' });
    expect(within(alert).getByText('Uno de los pasajeros supera los 70 años por lo tanto no aplica el seguro para ningún pasajero')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(checkout.getSnapshot().context.draft.insurance.selection).toMatchObject({ isSelect: false, isRejected: true });
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
