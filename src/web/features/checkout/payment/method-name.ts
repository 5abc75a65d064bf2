import { useLingui } from '@lingui/react/macro';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderCode } from '../../../../contract/checkout.ts';
import type { PaymentMethod } from '../../../../contract/engine.ts';

/**
 * A payment method's name in the reader's language. Terminals configure one name per method in one
 * language ('Tarjeta de crédito o débito', 'Book now, pay later'); the generic methods are named by their
 * provider code instead (SafetyPay 105 too, whose name says how it is paid), and brand names (PagoEfectivo, Tarjeta Oh!, PayPal …) are shown as configured.
 */
export function usePaymentMethodName() {
  const { t } = useLingui();
  return (method: Pick<PaymentMethod, 'onlineCode' | 'name'>): string => {
    switch (method.onlineCode) {
      case 120:
        return t`Credit or debit card`;
      case 103:
        return t`Book without payment`;
      case 130:
        return t`Bank transfer`;
      // Configured in Spanish on every terminal ("banca por internet / efectivo"): named in the reader's words.
      case 105:
        return t`SafetyPay (online banking / cash)`;
      default:
        return method.name;
    }
  };
}

/**
 * A payment provider's name by its code (spec 2 §9) in the reader's language: the name of its checkout tile
 * (issue 37: the card's confirmation says "card", not the gateway's brand), brands as they are.
 */
export function useProviderName() {
  const { t } = useLingui();
  const methodName = usePaymentMethodName();
  return (code: number): string => {
    const name = PAYMENT_PROVIDER_NAMES[code as PaymentProviderCode] as string | undefined;
    return name === undefined || name.startsWith('Provider ') ? t`Payment provider ${code}` : methodName({ onlineCode: code, name });
  };
}
