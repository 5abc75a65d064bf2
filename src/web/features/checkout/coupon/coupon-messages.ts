import { useLingui } from '@lingui/react/macro';
import type { CouponRefusal } from '../../../../contract/checkout.ts';

/** The server's coupon refusal codes in the reader's language (never the server's English). */
export function useCouponRefusalMessage(): (refusal: CouponRefusal | undefined) => string {
  const { t } = useLingui();
  return (refusal) =>
    ({
      COUPON_INVALID: t`Invalid code`,
      COUPON_EXPIRED: t`This code has expired`,
      COUPON_NOT_YET_VALID: t`This code is not valid yet`,
      COUPON_OTHER_PAYMENT: t`This code applies with another payment method`,
      COUPON_PAYMENT_NOT_OFFERED: t`This code is paid only with a method this flight cannot be paid with (such as a Banco Ripley card on this airline)`,
      COUPON_NOT_FOR_AIRLINE: t`This code does not apply to this airline`,
      COUPON_NOT_FOR_FARE: t`This code does not apply to this fare`,
      COUPON_USED_UP: t`This code has reached its limit of uses`,
    })[refusal ?? 'COUPON_INVALID'];
}
