import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { bannersResponseSchema } from '../../../../contract/agency.ts';
import type { Engine, airlineBannerSchema } from '../../../../contract/engine.ts';
import { apiPost } from '../../../lib/api.ts';

export type AirlineBanner = z.infer<typeof airlineBannerSchema>;

/** POST /api/engines/banners: the terminal's active airline banners for airlines flying the route. */
export const airlineBannersQueryOptions = (engine: Engine, origin: string, destination: string) =>
  queryOptions({
    queryKey: ['airline-banners', engine.id, origin, destination],
    queryFn: ({ signal }) =>
      apiPost('/engines/banners', { engineCode: engine.id, profileId: engine.profile.id, origin, destination }, bannersResponseSchema, signal).then(
        (answer) => answer.data,
      ),
    staleTime: Infinity,
  });

/** The banners a results page shows, each null when no active banner asks for that place. */
export interface ResultsBanners {
  /** Cube (300×250) and rectangle (300×600) beside the list. */
  side: AirlineBanner | null;
  /** Title, subtitle and link placed among the cards (see `isInlineBannerSlot`). */
  inline: AirlineBanner | null;
  /** The airline the terminal prefers, announced above the first recommendation. */
  preference: AirlineBanner | null;
}

export function pickBanners(banners: AirlineBanner[]): ResultsBanners {
  const active = banners.filter((banner) => banner.active);
  return {
    side: active.find((banner) => banner.cube.active || banner.rectangle.active) ?? null,
    inline: active.find((banner) => banner.inlineAdd.active) ?? null,
    preference: active.find((banner) => banner.airlinePreference) ?? null,
  };
}

/**
 * The route's banners for a results page (first leg's origin and destination). If the banners call
 * fails, the engine's own airline banners stand in, so a glitch never empties a paid placement.
 */
export function useResultsBanners(engine: Engine, origin: string, destination: string): ResultsBanners {
  const query = useQuery(airlineBannersQueryOptions(engine, origin, destination));
  if (query.isError) return pickBanners(engine.bannersByAirlines);
  return pickBanners(query.data ?? []);
}

/** Spec 1 §4: an inline banner goes above every third recommendation (the 3rd, 6th, 9th … card). */
export const isInlineBannerSlot = (index: number) => index % 3 === 2;
