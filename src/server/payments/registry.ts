/**
 * The one answer to "how is an order of this payment provider paid here?" (issue #13: a method the grid
 * offers must be payable, or not offered). A provider code without a flow under the configured gateway
 * is neither listed by the sales channel (findEngine) nor bookable.
 */
import { PaymentProvider } from '../../contract/checkout.ts';
import type { AppDeps } from '../deps.ts';

/**
 * - pagoEfectivo: PagoEfectivo (102): the order's CIP, paid at a bank, agent or online from PagoEfectivo's
 *   page until the order's deadline; its signed notification settles or expires the order (pagoefectivo.ts;
 *   PagoEfectivo's API when PAGOEFECTIVO_* is set, else the sandbox's page, pagoefectivo-sandbox-page.ts);
 * - providerPage: the redirect providers (SafetyPay 105 and 106, Cuotéalo BCP's redirect 124): the waiting
 *   page posts the order to the provider's page, whose signed notification settles it (redirect-payment.ts;
 *   the sandbox serves the page, redirect-sandbox.ts);
 * - payLater: booked without payment (103), settled at a counter;
 * - cardAtCheckout: a card the gateway's vault tokenised at checkout;
 * - paymePage: PayMe's payment page (the sandbox serves it, payme-sandbox.ts);
 * - payPal: a PayPal order approved by the payer and captured on return (paypal.ts, on the gateway port);
 * - cardCheckout: the card provider flow of spec 3 (Niubiz, niubiz.ts): the card's last four are typed at
 *   checkout, and the pending order is paid later with 'Realizar pago' (the two card provider codes:
 *   Interbank 104 and Scotiabank 123, NIUBIZ_CARD_PROVIDER_CODES);
 * - bankTransfer: transferred into one of the accounts the payment tab lists, quoting the order code; the
 *   bank's signed notification settles it (bank-transfer.ts; the sandbox bank page sends it);
 * - cuotealo: Cuotéalo BCP (137): the encrypted form posted to the bank's page, its signed notification
 *   settles the order (cuotealo.ts; the sandbox serves the bank's page, cuotealo-sandbox.ts);
 * - acuotaz: ACuotaz (125): its instalment page, framed on the payment tab or opened in a tab of its own,
 *   charges the order in soles at the exchange rate; its signed notification settles the order
 *   (acuotaz.ts; the sandbox serves the page, acuotaz-sandbox.ts).
 */
export type PaymentFlow = 'pagoEfectivo' | 'providerPage' | 'payLater' | 'cardAtCheckout' | 'paymePage' | 'payPal' | 'cardCheckout' | 'bankTransfer' | 'cuotealo' | 'acuotaz';

interface FlowEntry {
  flow: PaymentFlow;
  /** Flows that run through the card gateway exist only where one is configured (PAYMENT_GATEWAY). */
  needsGateway: boolean;
}

const providerPage: FlowEntry = { flow: 'providerPage', needsGateway: true };
const cardAtCheckout: FlowEntry = { flow: 'cardAtCheckout', needsGateway: true };
const cardCheckout: FlowEntry = { flow: 'cardCheckout', needsGateway: true };

/**
 * Per provider code. Absent on purpose, until each has a flow: the second PayMe code (126) and the codes the spec leaves unnamed.
 */
const FLOWS: Readonly<Partial<Record<number, FlowEntry>>> = {
  [PaymentProvider.pagoEfectivo]: { flow: 'pagoEfectivo', needsGateway: true },
  [PaymentProvider.safetyPayCash]: providerPage,
  [PaymentProvider.safetyPay]: providerPage,
  [PaymentProvider.cuotealoBcp]: providerPage,
  [PaymentProvider.bookWithoutPayment]: { flow: 'payLater', needsGateway: false },
  [PaymentProvider.interbank]: cardCheckout,
  [PaymentProvider.cybersource]: cardAtCheckout,
  [PaymentProvider.ripley]: cardAtCheckout,
  [PaymentProvider.tarjetaOh]: cardAtCheckout,
  [PaymentProvider.scotiabank]: cardCheckout,
  [PaymentProvider.payMe]: { flow: 'paymePage', needsGateway: true },
  // PayPal's Orders v2 API when PAYPAL_* is set, else the sandbox's (paypal.ts payPalGatewayOf).
  [PaymentProvider.payPal]: { flow: 'payPal', needsGateway: true },
  // Only the sandbox bank's notification exists so far (bank-transfer.ts): it comes with the sandbox gateway.
  [PaymentProvider.bankTransfer]: { flow: 'bankTransfer', needsGateway: true },
  [PaymentProvider.instalmentBank]: { flow: 'cuotealo', needsGateway: true },
  [PaymentProvider.aCuotaz]: { flow: 'acuotaz', needsGateway: true },
};

/**
 * The configured gateway, as the server knows it: the sandbox's secret is set only when it is the one
 * chosen; a real provider's configuration (Niubiz, PayPal) when its variables are all set.
 */
export type ConfiguredGateway = Pick<AppDeps, 'sandboxPaymentSecret' | 'niubiz' | 'payPal' | 'pagoEfectivo'>;

/** The flows a real provider's adapter carries on its own, without the sandbox gateway. */
const realProviderOf = (gateway: ConfiguredGateway, flow: PaymentFlow) => (flow === 'cardCheckout' && gateway.niubiz !== undefined) || (flow === 'payPal' && gateway.payPal !== undefined) || (flow === 'pagoEfectivo' && gateway.pagoEfectivo !== undefined);

/** The flow that pays this provider's orders under the configured gateway; null when nothing here can. */
export function paymentFlowOf(gateway: ConfiguredGateway, providerCode: number): PaymentFlow | null {
  const entry = FLOWS[providerCode];
  if (!entry || (entry.needsGateway && !gateway.sandboxPaymentSecret && !realProviderOf(gateway, entry.flow))) return null;
  return entry.flow;
}
