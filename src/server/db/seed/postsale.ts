import type { Database } from '../client.ts';
import { creditAccounts } from '../schema/index.ts';

type CreditAccountRow = Omit<typeof creditAccounts.$inferInsert, 'debts' | 'updatedAt'>;

const authorizers = (prefix: string) => [
  { id: `${prefix}-AUT-1`, displayName: 'Gerente de cuentas' },
  { id: `${prefix}-AUT-2`, displayName: 'Supervisor de counter' },
];

/**
 * Sandbox credit lines (US$): per agency account and the terminal of its engine, some with plenty of credit
 * and some with little, so both answers of the credit check can be tried (docs: /tmp/postsale-api.md).
 */
export const seedCreditAccounts: CreditAccountRow[] = [
  { accountId: 'AG-VUELOS', terminalId: '9132868', creditLimit: 5000, authorisationMargin: 1000, authorizers: authorizers('VUE') },
  { accountId: 'AG-ANDES', terminalId: '2113855', creditLimit: 80, authorisationMargin: 500, authorizers: authorizers('AND') },
  { accountId: 'AG-PACIFICO', terminalId: null, creditLimit: 3000, authorisationMargin: 500, authorizers: authorizers('PAC') },
  { accountId: 'AG-MIAMISUR', terminalId: '7200983', creditLimit: 40, authorisationMargin: 200, authorizers: authorizers('MIA') },
];

/** Creates the sandbox lines; a re-run restores their limits and authorizers but never their debts (the ledger's). */
export async function seedPostSale(db: Database, now: Date = new Date()): Promise<void> {
  for (const account of seedCreditAccounts) {
    const { accountId: _id, ...shipped } = account;
    await db
      .insert(creditAccounts)
      .values({ ...account, debts: 0, updatedAt: now })
      .onConflictDoUpdate({ target: creditAccounts.accountId, set: { ...shipped, updatedAt: now } });
  }
}
