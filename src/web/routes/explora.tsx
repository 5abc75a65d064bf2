import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { exploreMonthSchema } from '../../contract/explore.ts';
import { locationCodeSchema } from '../../contract/search.ts';
import { ExplorePage } from '../features/explore/ExplorePage.tsx';
import { optionalQueryText } from '../lib/url.ts';

/** Explora's address keeps its choice; a value that is not one is ignored. */
const exploreSearchSchema = z.object({
  origin: locationCodeSchema.optional().catch(undefined),
  month: exploreMonthSchema.optional().catch(undefined),
  sort: z.enum(['price', 'destination', 'date']).optional().catch(undefined),
  token: optionalQueryText,
});

export const Route = createFileRoute('/explora')({ validateSearch: exploreSearchSchema, component: ExploreRoute });

/** Explora (issue 21): the cheapest destinations from an origin in a month, each leading to its results. */
function ExploreRoute() {
  const search = Route.useSearch();
  return <ExplorePage choice={{ origin: search.origin, month: search.month, sort: search.sort, token: search.token }} />;
}
