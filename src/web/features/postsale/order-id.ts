/** What the post-sale address names (spec 3 §2): an order, or a Sabre-type booking record locator. */
export interface PostSaleOrder {
  identifier: string;
  kind: 'orderId' | 'recordLocator';
  /** Marker `b`: the purchase comes from the business (agency) channel. */
  business: boolean;
}

/**
 * The orderId route parameter is base64 of "{identifier}-{optional marker letter}". A 6-character
 * identifier is a record locator; anything else is an order id. Returns null for text that is not that.
 */
export function decodePostSaleOrderId(parameter: string): PostSaleOrder | null {
  let text: string;
  try {
    text = atob(parameter.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const match = /^([A-Za-z0-9]+)(?:-([A-Za-z])?)?$/.exec(text.trim());
  const identifier = match?.[1];
  if (!identifier) return null;
  return {
    identifier,
    kind: identifier.length === 6 ? 'recordLocator' : 'orderId',
    business: match[2]?.toLowerCase() === 'b',
  };
}
