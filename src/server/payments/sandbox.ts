import { PROCESS_PAGE_PROVIDER_CODE, REDIRECT_PROVIDER_CODES } from '../../contract/checkout.ts';

/** PayMe's payment-processing page, as the sandbox serves it (payme-sandbox.ts). */
export const PAYME_SANDBOX_PATH = '/sandbox/payme';

/**
 * Where the traveller pays a booking's order, for providers that pay on their own page (spec 3 §9
 * redirect group: PagoEfectivo CIP, SafetyPay, Cuotealo). Card and pay-later methods have no page:
 * cards are charged through the card checkout, pay-later orders at a counter or bank. PayMe (119) is
 * paid on its payment-processing page, which the sandbox serves itself (payme-sandbox.ts).
 */
export function sandboxPaymentUrl(providerCode: number, orderNumber: string): string | null {
  if (providerCode === PROCESS_PAGE_PROVIDER_CODE) return PAYME_SANDBOX_PATH;
  if (!(REDIRECT_PROVIDER_CODES as readonly number[]).includes(providerCode)) return null;
  if (providerCode === 102) return `https://pagoefectivo.sandbox.vuelos.example/cip/${orderNumber}`;
  return `https://checkout.sandbox.vuelos.example/${providerCode}/${orderNumber}`;
}
