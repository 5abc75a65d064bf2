import { queryOptions } from '@tanstack/react-query';
import { countryTerminalsResponseSchema, engineResponseSchema } from '../../contract/engine.ts';
import { apiGet } from './api.ts';

/** Engine configuration changes rarely: keep it for the whole visit. */
export const engineQueryOptions = (terminalId: string) =>
  queryOptions({
    queryKey: ['engine', terminalId],
    queryFn: ({ signal }) => apiGet(`/engines/${encodeURIComponent(terminalId)}`, engineResponseSchema, signal).then((r) => r.data),
    staleTime: Infinity,
    retry: false,
  });

export const countryTerminalsQueryOptions = () =>
  queryOptions({
    queryKey: ['country-terminals'],
    queryFn: ({ signal }) => apiGet('/engines/countries', countryTerminalsResponseSchema, signal).then((r) => r.data),
    staleTime: Infinity,
  });
