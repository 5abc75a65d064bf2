import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { normaliseCouponCode } from '../../../../contract/checkout.ts';
import { showsInvalidCoupon, type couponMachine, type CouponEvent } from '../../../../../machines/coupon.machine.ts';
import type { checkoutMachine } from '../../../../../machines/checkout.machine.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TooManyRequests } from '../../../ui/TooManyRequests.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useCouponRefusalMessage } from './coupon-messages.ts';
import './coupon.css';

export type CouponSnapshot = SnapshotFrom<typeof couponMachine>;
export type CouponActor = ActorRefFrom<typeof couponMachine>;

export interface CouponFormViewProps {
  snapshot: CouponSnapshot;
  send: (event: CouponEvent) => void;
  /** The checkout's selected payment: 'Invalid code' shows only for a rejection of that payment (spec 2 §5). */
  paymentCode: number | null;
  /** The discount the applied code takes off this booking (percentage coupons depend on the total). */
  discount: number;
}

/**
 * The discount code box (spec 2 §5): spaces removed and upper-cased, the discount in US$, and the
 * server's refusal ('Invalid code', expired, not for this fare …) translated. Editing the field after a
 * refusal clears it, and any code can be checked again.
 */
export function CouponFormView({ snapshot, send, paymentCode, discount }: CouponFormViewProps) {
  const { t } = useLingui();
  const refusalMessage = useCouponRefusalMessage();
  const [code, setCode] = useState(snapshot.context.code);
  const rejected = snapshot.matches('rejected');
  const applying = snapshot.matches('applying');
  const applied = snapshot.matches('applied');
  const invalid = rejected && showsInvalidCoupon(snapshot.context.coupon, paymentCode);
  const unreachable = rejected && snapshot.context.coupon === null;
  const amount = formatMoney(discount, US_DOLLARS, 'detail');
  const appliedCode = snapshot.context.code;
  return (
    <form
      className="coupon"
      aria-label={t`Discount code`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'coupon.apply', code });
      }}
    >
      <div className="coupon__row">
        <TextField
          label={t`Discount code`}
          value={code}
          onChange={(value) => {
            const next = normaliseCouponCode(value);
            setCode(next);
            if (rejected && next !== code) send({ type: 'coupon.edit' });
          }}
          isDisabled={applying}
          isInvalid={invalid}
          // The refusal is the server's answer, not the browser's: it must never block the next 'Apply'.
          validationBehavior="aria"
          errorMessage={refusalMessage(snapshot.context.coupon?.refusal)}
          autoComplete="off"
        />
        <Button type="submit" isDisabled={applying || code === ''}>
          {t`Apply`}
        </Button>
        {(applied || rejected) && (
          <Button
            variant="secondary"
            onPress={() => {
              setCode('');
              send({ type: 'coupon.clear' });
            }}
          >
            {t`Remove code`}
          </Button>
        )}
      </div>
      {unreachable && snapshot.context.rateLimited && <TooManyRequests seconds={snapshot.context.rateLimited.retryAfterSeconds} />}
      {unreachable && !snapshot.context.rateLimited && <p role="alert">{t`The code could not be checked. Try again.`}</p>}
      {applying && <Spinner label={t`Checking the code`} />}
      <output className="coupon__status">{applied ? t`Code ${appliedCode} applied: - ${amount}` : ''}</output>
    </form>
  );
}

export interface CouponFormProps {
  checkout: ActorRefFrom<typeof checkoutMachine>;
  discount: number;
}

/** The coupon box bound to the checkout's 'coupon' child. */
export function CouponForm({ checkout, discount }: CouponFormProps) {
  const coupon = useSelector(checkout, (snapshot) => snapshot.children.coupon as CouponActor | undefined);
  const paymentCode = useSelector(checkout, (snapshot) => snapshot.context.draft.paymentCode);
  if (!coupon) return null;
  return <BoundCouponForm coupon={coupon} paymentCode={paymentCode} discount={discount} />;
}

function BoundCouponForm({ coupon, paymentCode, discount }: { coupon: CouponActor; paymentCode: number | null; discount: number }) {
  const snapshot = useSelector(coupon, (current) => current);
  return <CouponFormView snapshot={snapshot} send={(event) => coupon.send(event)} paymentCode={paymentCode} discount={discount} />;
}
