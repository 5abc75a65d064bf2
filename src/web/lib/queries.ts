import { queryOptions } from '@tanstack/react-query';
import { countryTerminalsResponseSchema, engineResponseSchema } from '../../contract/engine.ts';
import { ApiRequestError, apiGet } from './api.ts';

/**
 * Engine configuration changes rarely: keep it for the whole visit. The root route's loader asks for it; a
 * server or network failure is asked once more there, an unknown terminal (a 4xx answer) is not. The layout
 * mounting on a failure shows it rather than asking again in the same load.
 */
export const engineQueryOptions = (terminalId: string) =>
  queryOptions({
    queryKey: ['engine', terminalId],
    queryFn: ({ signal }) => apiGet(`/engines/${encodeURIComponent(terminalId)}`, engineResponseSchema, signal).then((r) => r.data),
    staleTime: Infinity,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status < 500),
    retryOnMount: false,
  });

export const countryTerminalsQueryOptions = () =>
  queryOptions({
    queryKey: ['country-terminals'],
    queryFn: ({ signal }) => apiGet('/engines/countries', countryTerminalsResponseSchema, signal).then((r) => r.data),
    staleTime: Infinity,
  });
