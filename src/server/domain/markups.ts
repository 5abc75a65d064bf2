import type { MarkupRule } from '../../contract/agency.ts';
import type { Pricing } from '../../contract/search.ts';

export interface AppliedMarkup {
  id: string;
  name: string;
  nameTranslations?: MarkupRule['nameTranslations'];
  amount: number;
  /** PAX for per-passenger markups, CUSTOM for per-booking ones (spec 1 §3). */
  description: 'PAX' | 'CUSTOM';
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The rules that apply: this payment method (or any) and this validating airline (or any). */
export function applicableRules(rules: readonly MarkupRule[], validatingAirline: string, paymentMethod: number | null): MarkupRule[] {
  return rules.filter(
    (rule) => (rule.paymentMethod === null || rule.paymentMethod === paymentMethod) && (rule.airlineCode === null || rule.airlineCode === validatingAirline),
  );
}

/**
 * A markup's amount on an offer. Per passenger: on each passenger of the rule's types (fixed: value
 * each; percentage: of that passenger's base or total). Per booking: fixed once, or a percentage of
 * the booking's base or airline total of those passenger types.
 */
export function markupAmount(rule: MarkupRule, pricing: Pricing): number {
  const { value, perBooking, percentage, appliesToBase, passengersType } = rule.amount;
  const byType = { ADT: pricing.passengers.adults, CHD: pricing.passengers.children, INF: pricing.passengers.infants };
  const travellers = passengersType.map((type) => byType[type]).filter((entry) => entry !== null);
  if (!percentage) {
    return cents(perBooking ? value : value * travellers.reduce((count, entry) => count + entry.quantity, 0));
  }
  const amountOn = travellers.reduce((sum, entry) => sum + (appliesToBase ? entry.base : entry.total) * entry.quantity, 0);
  return cents((amountOn * value) / 100);
}

export function applyMarkups(rules: readonly MarkupRule[], pricing: Pricing, paymentMethod: number | null): AppliedMarkup[] {
  return applicableRules(rules, pricing.validatingAirline, paymentMethod).map((rule) => ({
    id: rule.id,
    name: rule.name,
    ...(rule.nameTranslations ? { nameTranslations: rule.nameTranslations } : {}),
    amount: markupAmount(rule, pricing),
    description: rule.amount.perBooking ? 'CUSTOM' : 'PAX',
  }));
}
