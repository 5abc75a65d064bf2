import { screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../machines/checkout.machine.ts';
import { CouponForm } from '../../src/web/features/checkout/coupon/CouponForm.tsx';
import { limCuzFlights, limCuzRecommendation } from '../../src/contract/fixtures/checkout.ts';
import { COUPON_REFUSAL_TEXTS } from '../../src/contract/checkout.ts';
import { useFieldMessage } from '../../src/web/features/checkout/checkout-messages.ts';
import { renderPart, startCheckout } from './checkout-parts.tsx';
import { server } from './setup.ts';

afterEach(() => server.events.removeAllListeners());

/** The coupon calls the page makes, as sent. */
function couponCalls() {
  const bodies: Array<{ promotionalCode: string; paymentType: number; markupRQ?: { recommendationId: string; flightIds?: string[] } }> = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/engines/coupon') void request.clone().json().then((body) => bodies.push(body as (typeof bodies)[number]));
  });
  return bodies;
}

function PaymentReadout({ checkout }: { checkout: ActorRefFrom<typeof checkoutMachine> }) {
  const code = useSelector(checkout, (snapshot) => snapshot.context.draft.paymentCode);
  return <output aria-label="Selected payment">{code}</output>;
}

async function renderCoupon(paymentCode = 102, language: 'es' | 'en' = 'en') {
  const checkout = await startCheckout();
  checkout.send({ type: 'payment.select', code: paymentCode });
  const view = renderPart(
    <>
      <CouponForm checkout={checkout} discount={12.5} />
      <PaymentReadout checkout={checkout} />
    </>,
    { language },
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

  it('switches the payment to Banco Ripley (121) for the ripley code where the offer takes it, and gives the traveller’s payment back when the code goes (issue 37)', async () => {
    // A GDS offer: Banco Ripley pays it, and the server applies the code with payment 121.
    server.use(http.post('/api/engines/coupon', () => HttpResponse.json({ status: 200, data: { description: 'COUPON', amount: 20, percentage: false, perBooking: true, brandedFares: [], promotionalCode: 'RIPLEY', apply: true, paymentType: 121 } })));
    const { user } = await renderCoupon(130);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'ripley');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Code RIPLEY applied/)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Selected payment').textContent).toBe('121'));
    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.getByLabelText('Selected payment').textContent).toBe('130'));
  });

  it.each([
    ['en', 'Discount code', 'Apply', 'This code is paid only with a method this flight cannot be paid with (such as a Banco Ripley card on this airline)'],
    ['es', 'Código de descuento', 'Aplicar', 'Este código solo se paga con un medio que este vuelo no acepta (como una tarjeta del Banco Ripley en esta aerolínea)'],
  ] as const)('(%s) refuses the ripley code on a LATAM NDC offer with its reason, and the payment stays (issue 37)', async (language, field, apply, reason) => {
    const { user } = await renderCoupon(102, language);
    await user.type(screen.getByRole('textbox', { name: field }), 'ripley');
    await user.click(screen.getByRole('button', { name: apply }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByLabelText('Selected payment').textContent).toBe('102');
  });

  it('en español, tras un código inválido, editar el campo borra el error y otro código se verifica y aplica', async () => {
    const calls = couponCalls();
    const { user, checkout } = await renderCoupon(102, 'es');
    const field = screen.getByRole('textbox', { name: 'Código de descuento' });
    await user.type(field, 'noexiste');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Código inválido')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // One keystroke: the stale refusal goes.
    await user.clear(field);
    expect(screen.queryByText('Código inválido')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.type(field, 'bienvenida10');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Código BIENVENIDA10 aplicado: - US$ 12.50')).toBeTruthy();
    expect(checkout.getSnapshot().context.draft.coupon?.promotionalCode).toBe('BIENVENIDA10');
    // Both codes were checked on the session's offer, the one the booking books.
    expect(calls.map((call) => call.promotionalCode)).toEqual(['NOEXISTE', 'BIENVENIDA10']);
    expect(calls[1]?.markupRQ).toMatchObject({ recommendationId: limCuzRecommendation.id, flightIds: limCuzFlights.map((flight) => flight.id) });
  });

  it('en español, pulsar Aplicar de nuevo tras un rechazo vuelve a verificar el código', async () => {
    const calls = couponCalls();
    const { user } = await renderCoupon(102, 'es');
    await user.type(screen.getByRole('textbox', { name: 'Código de descuento' }), 'navidad2025');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Este código ha vencido')).toBeTruthy();
    // The refusal never blocks the form: 'Aplicar' checks again.
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(calls.map((call) => call.promotionalCode)).toEqual(['NAVIDAD2025', 'NAVIDAD2025']));
    expect(await screen.findByText('Este código ha vencido')).toBeTruthy();
  });

  it('translates the server’s refusal code: a code not for this fare', async () => {
    const { user } = await renderCoupon(102);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'latamplus');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code does not apply to this fare')).toBeTruthy();
  });

  it.each([
    ['es', ['Código inválido', 'Este código ha vencido', 'Este código aún no está vigente', 'Este código aplica con otro medio de pago', 'Este código solo se paga con un medio que este vuelo no acepta (como una tarjeta del Banco Ripley en esta aerolínea)', 'Este código no aplica para esta aerolínea', 'Este código no aplica para esta tarifa', 'Este código ya alcanzó su límite de usos']],
    ['en', ['Invalid code', 'This code has expired', 'This code is not valid yet', 'This code applies with another payment method', 'This code is paid only with a method this flight cannot be paid with (such as a Banco Ripley card on this airline)', 'This code does not apply to this airline', 'This code does not apply to this fare', 'This code has reached its limit of uses']],
  ] as const)('words a coupon the booking refused in the reader’s language (%s)', (language, expected) => {
    function Messages() {
      const message = useFieldMessage();
      return (
        <ul aria-label="refusals">
          {Object.values(COUPON_REFUSAL_TEXTS).map((text) => (
            <li key={text}>{message(text)}</li>
          ))}
        </ul>
      );
    }
    renderPart(<Messages />, { language });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expected);
  });
});
