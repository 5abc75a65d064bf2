/**
 * The port a wallet gateway (PayPal Orders v2 and its sandbox stand-in) offers the payment service: create
 * a payment for one of our orders with its expiry, send the payer to approve it, capture it, ask its
 * status, and verify a notification. Amounts are decimal strings, as PayPal sends them.
 */
export interface WalletMoney {
  currency: 'USD';
  value: string;
}

export interface WalletItem {
  name: string;
  sku: string;
  quantity: string;
  unitAmount: WalletMoney;
}

export interface WalletOrderRequest {
  /** PayPal-Request-Id: the same id answers the same order, however often it is sent. */
  requestId: string;
  /** Our payment order number (purchase unit reference_id and invoice_id). */
  reference: string;
  description: string;
  amount: WalletMoney;
  items: WalletItem[];
  payerCountryCode: string;
  shippingPreference: 'NO_SHIPPING';
  language: string;
  /** Where the payer returns after approving, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** Our order's payment deadline: the payer cannot approve after it. */
  expiresAt: Date;
}

/** PayPal's order statuses that the flow reads. */
export type WalletOrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED';

export interface WalletNotification {
  eventId: string;
  eventType: string;
  /** The provider order the event is about (resource.supplementary_data.related_ids.order_id). */
  providerOrderId: string;
}

export interface WalletGateway {
  createOrder(request: WalletOrderRequest): Promise<{ id: string; approveUrl: string }>;
  /** Captures an approved order; a replay with the same request id answers the same capture. */
  capture(orderId: string, requestId: string): Promise<WalletOrderStatus>;
  status(orderId: string): Promise<WalletOrderStatus | null>;
  /** The notification when its signature is the provider's; null otherwise. */
  verifyNotification(headers: Headers, rawBody: string): Promise<WalletNotification | null>;
}
