import { CheckoutPage } from './CheckoutPage.tsx';

/**
 * The checkout route's screen. Keyed by session and channel so another session (or /b/) starts a fresh
 * checkout actor.
 */
export function CheckoutScreen({ id, business }: { id: string; business: boolean }) {
  return <CheckoutPage key={`${business ? 'b' : 'c'}:${id}`} id={id} business={business} />;
}
