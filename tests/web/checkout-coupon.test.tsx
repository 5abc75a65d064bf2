import { screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../machines/checkout.machine.ts';
import { CouponForm } from '../../src/web/features/checkout/coupon/CouponForm.tsx';
import { renderPart, startCheckout } from './checkout-parts.tsx';

function PaymentReadout({ checkout }: { checkout: ActorRefFrom<typeof checkoutMachine> }) {
  const code = useSelector(checkout, (snapshot) => snapshot.context.draft.paymentCode);
  return <output aria-label="Selected payment">{code}</output>;
}

async function renderCoupon(paymentCode = 102) {
  const checkout = await startCheckout();
  checkout.send({ type: 'payment.select', code: paymentCode });
  const view = renderPart(
    <>
      <CouponForm checkout={checkout} discount={12.5} />
      <PaymentReadout checkout={checkout} />
    </>,
  );
  return { ...view, checkout };
}

describe('discount code', () => {
  it('removes spaces, upper-cases, applies and shows the discount in US$', async () => {
    const { user, checkout } = await renderCoupon(102);
    const field = screen.getByRole('textbox', { name: 'Discount code' });
    await user.type(field, ' bienvenida 10');
    expect((field as HTMLInputElement).value).toBe('BIENVENIDA10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code BIENVENIDA10 applied: - US$ 12.50')).toBeTruthy();
    expect(checkout.getSnapshot().context.draft.coupon?.amount).toBe(10);
    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(checkout.getSnapshot().context.draft.coupon).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Discount code' }) as HTMLInputElement).value).toBe('');
  });

  it("says 'Invalid code' when the rejection is for the selected payment", async () => {
    const { user } = await renderCoupon(102);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'noexiste');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
  });

  it('stays quiet when the code belongs to another payment', async () => {
    const { user } = await renderCoupon(102);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ohdescuento');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Remove code' })).toBeTruthy();
    expect(screen.queryByText('Invalid code')).toBeNull();
  });

  it('switches the payment to Banco Ripley (121) for the ripley code', async () => {
    const { user } = await renderCoupon(102);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ripley');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Code RIPLEY applied/)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Selected payment').textContent).toBe('121'));
  });
});
