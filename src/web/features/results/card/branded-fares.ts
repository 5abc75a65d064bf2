import { queryOptions } from '@tanstack/react-query';
import { brandedFaresResponseSchema, type BrandedFareCatalogue } from '../../../../contract/fares.ts';
import { apiGet } from '../../../lib/api.ts';

/** The branded fare catalogue (GET /api/flights/branded_fares) changes with airline deals, not per visit. */
export const brandedFaresQueryOptions = () =>
  queryOptions({
    queryKey: ['branded-fares'],
    queryFn: ({ signal }) => apiGet('/flights/branded_fares', brandedFaresResponseSchema, signal).then((answer) => answer.data),
    staleTime: Infinity,
  });

/** Shown while the catalogue loads or when an airline's brand is not in it. */
export const NEUTRAL_BRAND_COLOUR = '#7b8794';

export function brandColour(catalogue: BrandedFareCatalogue[] | undefined, airlineCode: string, brandCode: string): string {
  const airline = catalogue?.find((entry) => entry.airlineCode === airlineCode);
  return airline?.brandedFares.find((fare) => fare.code === brandCode)?.color ?? NEUTRAL_BRAND_COLOUR;
}
