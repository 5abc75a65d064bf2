import type { CardCheckoutFormKind } from '../../contract/niubiz.ts';

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

/**
 * The port a card acquirer (Niubiz's Pago Web, and the sandbox's stand-in) offers the card checkout: open a
 * session for an order's amount with its expiry, and authorise the transaction token the provider's hosted
 * fields gave the payer. The card number and CVV never pass through it: only the token.
 */
export interface CardSessionRequest {
  purchaseNumber: string;
  amount: number;
  currency: string;
  email?: string | undefined;
  documentId?: string | undefined;
  expiresAt: Date;
}

export interface CardAuthorizationRequest {
  transactionToken: string;
  sessionKey: string;
  purchaseNumber: string;
  amount: number;
  currency: string;
  installments: number;
}

/** The acquirer's answer: ACTION CODE 000 is approved; a denial carries the acquirer's own description. */
export interface CardAuthorizationResult {
  approved: boolean;
  actionCode: string;
  actionDescription: string;
  authorizationCode: string | null;
  /** Masked as the acquirer sends it: first six, asterisks, last four. */
  cardMask: string | null;
  brand: string | null;
  cardType: 'C' | 'D' | null;
  /** yyMMddHHmmss, as the acquirer sends it. */
  transactionDate: string | null;
  merchantId: string;
}

export interface CardGateway {
  /** The card form the payer's browser opens for this acquirer's sessions. */
  readonly form: CardCheckoutFormKind;
  createSession(request: CardSessionRequest): Promise<{ sessionKey: string; expiresAt: Date }>;
  /** Throws when the acquirer cannot be reached or answers nothing it can read. */
  authorize(request: CardAuthorizationRequest): Promise<CardAuthorizationResult>;
}

/**
 * The port a cash-code provider (PagoEfectivo's CIP, and the sandbox's stand-in) offers the payment
 * service: make a code for one of our orders that the payer pays at a bank, an agent or online until its
 * expiry; verify the provider's notification (paid, expired); ask a code's status.
 */
export interface CashCodeRequest {
  /** Our payment order number: PagoEfectivo's transactionCode, returned in its notifications. */
  orderNumber: string;
  amount: number;
  currency: 'USD' | 'PEN';
  /** The order's deadline: the code cannot be paid after it. */
  expiresAt: Date;
  concept: string;
  payer: { email: string; firstName: string; lastName: string };
}

export interface CashCode {
  cip: string;
  /** The provider's voucher page of the code. */
  cipUrl: string;
  expiresAt: Date;
}

export type CashCodeEvent = 'paid' | 'expired' | 'other';

export interface CashCodeNotification {
  /** Taken once: the provider's code and event (PagoEfectivo is idempotent on cip + eventType). */
  eventId: string;
  event: CashCodeEvent;
  eventType: string;
  cip: string;
  orderNumber: string;
  amount: number;
  currency: string;
}

export type CashCodeStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

export interface CashCodeGateway {
  createCode(request: CashCodeRequest): Promise<CashCode>;
  /** The notification when its signature is the provider's; null otherwise. */
  verifyNotification(headers: Headers, rawBody: string): CashCodeNotification | null;
  /** The code's status at the provider; null when it does not know the code. */
  status(cip: string): Promise<CashCodeStatus | null>;
}
