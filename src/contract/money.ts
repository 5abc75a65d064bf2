import type { CurrencyFormat } from './engine.ts';

/** Spec 1 §9: lists show whole amounts, checkout and breakdowns show cents. */
export type MoneyPrecision = 'list' | 'detail';

/**
 * The one money formatter: the engine's currency mask, thousand and decimal separators (spec 1 §9).
 * `list` rounds to 0 decimals, `detail` uses the engine's decimal count (2 for US$).
 */
export function formatMoney(amount: number, currency: CurrencyFormat, precision: MoneyPrecision = 'list'): string {
  const decimals = precision === 'list' ? 0 : currency.decimalCount;
  const [whole = '0', fraction] = Math.abs(amount).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandSeparator);
  const digits = fraction ? `${grouped}${currency.decimalSeparator}${fraction}` : grouped;
  const sign = amount < 0 && Number(digits.replace(/\D/g, '')) !== 0 ? '-' : '';
  return `${sign}${currency.mask} ${digits}`;
}

/** The tax breakdown is always in US dollars, whatever the engine's mask (spec 1 §9). */
export const US_DOLLARS: CurrencyFormat = { code: 'USD', mask: 'US$', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };

/** Peruvian soles, the currency ACuotaz charges in and Yape's limits are in. */
export const PERUVIAN_SOLES: CurrencyFormat = { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };

/** An amount with cents in the currency a provider took it in (USD or PEN); another code is written after the figure. */
export function formatMoneyIn(amount: number, currencyCode: string): string {
  const currency = [US_DOLLARS, PERUVIAN_SOLES].find((known) => known.code === currencyCode);
  return currency ? formatMoney(amount, currency, 'detail') : `${amount.toFixed(2)} ${currencyCode}`;
}
