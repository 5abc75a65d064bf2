import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { agencyApiKeys, creditAccounts, engines } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { checkSearchToken } from '../domain/search-token.ts';

/** Whether the API key a search token was issued with is still live for its terminal (revoking a key revokes its tokens). */
export async function isLiveAgencyKey(deps: AppDeps, keyId: string, terminalId: string): Promise<boolean> {
  const [key] = await deps.db
    .select({ id: agencyApiKeys.id })
    .from(agencyApiKeys)
    .where(and(eq(agencyApiKeys.id, keyId), eq(agencyApiKeys.terminalId, terminalId), isNull(agencyApiKeys.revokedAt)));
  return Boolean(key);
}

/** Whether `token` is a valid, unexpired search token of the agency terminal `terminalId`, issued with a live key. */
export async function agencyTokenProves(deps: AppDeps, token: string, terminalId: string): Promise<boolean> {
  const check = checkSearchToken(token, terminalId, deps.now(), deps.searchTokenSecret);
  if (check.result !== 'valid') return false;
  const [engine] = await deps.db.select({ config: engines.config }).from(engines).where(eq(engines.id, terminalId));
  return Boolean(engine?.config.isAgency) && (await isLiveAgencyKey(deps, check.keyId, terminalId));
}

/**
 * The agency terminal a credit line belongs to, named by its account id or its terminal id: the line's own
 * terminal, else the agency engine whose profile is that account. Null when no agency holds it.
 */
export async function terminalOfCreditAccount(deps: AppDeps, accountOrTerminal: string): Promise<string | null> {
  const [account] = await deps.db
    .select({ accountId: creditAccounts.accountId, terminalId: creditAccounts.terminalId })
    .from(creditAccounts)
    .where(or(eq(creditAccounts.accountId, accountOrTerminal), eq(creditAccounts.terminalId, accountOrTerminal)));
  if (!account) return null;
  if (account.terminalId) return account.terminalId;
  const [engine] = await deps.db.select({ id: engines.id }).from(engines).where(sql`${engines.config} -> 'profile' ->> 'id' = ${account.accountId}`);
  return engine?.id ?? null;
}
