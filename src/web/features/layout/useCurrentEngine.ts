import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { engineQueryOptions } from '../../lib/queries.ts';
import { resolveTerminalId } from './terminal.ts';

/** The terminal the current address selects (spec 1 §2): ?terminalId=, else /iframe/:accountId, else the default. */
export function useCurrentTerminalId(): string {
  const { terminalId } = useSearch({ from: '__root__' });
  const { accountId } = useParams({ strict: false });
  return resolveTerminalId({ terminalId, accountId });
}

/** The engine of the current terminal. The root layout loads it before any page renders, so this never waits. */
export function useCurrentEngine() {
  return useSuspenseQuery(engineQueryOptions(useCurrentTerminalId())).data;
}
