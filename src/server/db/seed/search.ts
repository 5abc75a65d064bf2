import type { Database } from '../client.ts';
import { agencyApiKeys, markupRules } from '../schema/index.ts';
import { TOKEN_EXEMPT_TERMINAL_ID } from '../../../contract/common.ts';
import { hashApiKey } from '../../domain/search-token.ts';

/**
 * Development API keys of the seeded agency terminals (docs/agency-tokens.md). They only work
 * against seeded demo data; a real deployment creates its own keys and never ships these.
 */
export const devAgencyApiKeys: Readonly<Record<string, string>> = {
  '2113855': 'sbx_key_andes_2113855_dev',
  [TOKEN_EXEMPT_TERMINAL_ID]: 'sbx_key_pacifico_0604596344_dev',
  '7200983': 'sbx_key_miamisur_7200983_dev',
};

type MarkupRow = typeof markupRules.$inferInsert;

const rule = (row: Omit<MarkupRow, 'active'>): MarkupRow => ({ ...row, active: true });

/** Markup rules of the agency terminals: each kind of rule the spec describes appears once. */
export const seedMarkupRules: MarkupRow[] = [
  rule({ id: 'MK-ANDES-SERVICE', terminalId: '2113855', name: 'Cargo por servicio', nameTranslations: { en: 'Service charge' }, paymentMethod: null, airlineCode: null, value: 15, perBooking: false, percentage: false, appliesToBase: false, passengerTypes: ['ADT', 'CHD'] }),
  rule({ id: 'MK-ANDES-PROFIT', terminalId: '2113855', name: 'Margen agencia', nameTranslations: { en: 'Agency margin' }, paymentMethod: null, airlineCode: null, value: 4, perBooking: true, percentage: true, appliesToBase: true, passengerTypes: ['ADT', 'CHD', 'INF'] }),
  rule({ id: 'MK-ANDES-CASH', terminalId: '2113855', name: 'Gestión pago en efectivo', nameTranslations: { en: 'Cash payment handling' }, paymentMethod: 102, airlineCode: null, value: 10, perBooking: true, percentage: false, appliesToBase: false, passengerTypes: ['ADT'] }),
  rule({ id: 'MK-ANDES-LA', terminalId: '2113855', name: 'Recargo LATAM', nameTranslations: { en: 'LATAM surcharge' }, paymentMethod: null, airlineCode: 'LA', value: 2, perBooking: false, percentage: true, appliesToBase: false, passengerTypes: ['ADT'] }),
  rule({ id: 'MK-ANDES-OLD', terminalId: '2113855', name: 'Campaña vencida', nameTranslations: { en: 'Expired campaign' }, paymentMethod: null, airlineCode: null, value: 99, perBooking: true, percentage: false, appliesToBase: false, passengerTypes: ['ADT'] }),
  rule({ id: 'MK-PACIFICO-FEE', terminalId: TOKEN_EXEMPT_TERMINAL_ID, name: 'Fee de emisión', nameTranslations: { en: 'Issuing fee' }, paymentMethod: null, airlineCode: null, value: 20, perBooking: true, percentage: false, appliesToBase: false, passengerTypes: ['ADT'] }),
  rule({ id: 'MK-MIAMISUR-TOTAL', terminalId: '7200983', name: 'Service fee', nameTranslations: { es: 'Cargo por servicio' }, paymentMethod: null, airlineCode: null, value: 3, perBooking: false, percentage: true, appliesToBase: false, passengerTypes: ['ADT', 'CHD'] }),
];
/** The expired campaign stays in the table, switched off, to prove inactive rules do not apply. */
const inactiveRuleIds = new Set(['MK-ANDES-OLD']);

export async function seedSearch(db: Database): Promise<void> {
  for (const [terminalId, key] of Object.entries(devAgencyApiKeys)) {
    const row = { id: `KEY-${terminalId}-DEV`, terminalId, keyHash: hashApiKey(key), label: 'Development key (seed)' };
    await db.insert(agencyApiKeys).values(row).onConflictDoUpdate({ target: agencyApiKeys.id, set: { keyHash: row.keyHash, label: row.label, revokedAt: null } });
  }
  for (const markup of seedMarkupRules) {
    const row = { ...markup, active: !inactiveRuleIds.has(markup.id) };
    await db.insert(markupRules).values(row).onConflictDoUpdate({ target: markupRules.id, set: row });
  }
}
