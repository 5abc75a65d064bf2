import { and, eq, isNull } from 'drizzle-orm';
import { searchNeedsAgencyToken, type Engine } from '../../contract/engine.ts';
import { agencyApiKeys } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { checkSearchToken, hashApiKey, issueSearchToken } from '../domain/search-token.ts';
import { ApiFailure } from '../errors.ts';
import { findEngine } from './engines.ts';
import { isLiveAgencyKey } from '../access/agency.ts';

export const accessErrors = {
  missingToken: new ApiFailure(402, 402, 'Token inexistente: no access token. Generate a search link from the sales platform.'),
  invalidToken: (reason: string) =>
    new ApiFailure(401, 401, 'Token inválido: the token has expired or does not belong to the agency. Generate a new search URL from the sales platform.', [
      { path: 'token', code: reason, value: 'Token inválido' },
    ]),
  agencyOnly: new ApiFailure(403, 'AGENCY_ONLY', 'Commission and markups are only available to agency terminals.'),
};

/**
 * The terminal of a request, after the agency token rule of spec 1 §5: agency terminals need a
 * valid search token (missing → 402, invalid/expired/another agency's → 401), except 0604596344;
 * consumer terminals need none.
 */
export async function resolveTerminal(deps: AppDeps, terminalId: string, token: string | null | undefined): Promise<Engine> {
  const engine = await findEngine(deps, terminalId);
  if (!searchNeedsAgencyToken(engine)) return engine;
  if (!token) throw accessErrors.missingToken;
  const check = checkSearchToken(token, engine.id, deps.now(), deps.searchTokenSecret);
  if (check.result !== 'valid') throw accessErrors.invalidToken(check.result);
  if (!(await isLiveAgencyKey(deps, check.keyId, engine.id))) throw accessErrors.invalidToken('revoked-key');
  return engine;
}

/** Agency-only calls (commission, markups): consumer terminals are refused, never given data. */
export async function resolveAgencyTerminal(deps: AppDeps, terminalId: string, token: string | null | undefined): Promise<Engine> {
  const engine = await resolveTerminal(deps, terminalId, token);
  if (!engine.isAgency) throw accessErrors.agencyOnly;
  return engine;
}

/** Issues a search token to the holder of an agency terminal's API key. */
export async function issueAgencyToken(deps: AppDeps, apiKey: string | undefined, terminalId: string, ttlMinutes: number) {
  const invalidKey = new ApiFailure(401, 'INVALID_API_KEY', 'The x-api-key header is missing or is not a key of this agency terminal.');
  if (!apiKey) throw invalidKey;
  const [key] = await deps.db
    .select()
    .from(agencyApiKeys)
    .where(and(eq(agencyApiKeys.keyHash, hashApiKey(apiKey)), eq(agencyApiKeys.terminalId, terminalId), isNull(agencyApiKeys.revokedAt)));
  if (!key) throw invalidKey;
  const engine = await findEngine(deps, terminalId);
  if (!engine.isAgency) throw new ApiFailure(400, 'NOT_AN_AGENCY', `Terminal ${terminalId} is a consumer terminal: its searches need no token.`);
  const { token, expiresAt } = issueSearchToken({ terminalId, keyId: key.id }, deps.now(), ttlMinutes, deps.searchTokenSecret);
  return { token, terminalId, expiresAt: expiresAt.toISOString() };
}
