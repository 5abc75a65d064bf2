/** A card brand as people read it (card-validator's type names). */
export function cardBrandLabel(brand: string): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', 'american-express': 'American Express', 'diners-club': 'Diners Club', discover: 'Discover', jcb: 'JCB' };
  return names[brand] ?? brand;
}
