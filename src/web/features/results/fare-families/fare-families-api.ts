import { fromPromise } from 'xstate';
import { fareFamiliesResponseSchema, type FareFamilies } from '../../../../contract/fares.ts';
import type { Recommendation } from '../../../../contract/search.ts';
import { chosenFlights } from '../../../../../machines/selection.ts';
import { apiPost } from '../../../lib/api.ts';
import type { OfferCaller } from '../card/card-api.ts';

/** The fare families machine's loadFareFamilies actor: POST /api/flights/family_fares for the chosen flights. */
export const fareFamiliesLoader = ({ engine, token }: OfferCaller) =>
  fromPromise<FareFamilies, { recommendation: Recommendation; choice: number[] }>(({ input, signal }) =>
    apiPost(
      '/flights/family_fares',
      {
        id: input.recommendation.id,
        flightIds: chosenFlights(input.recommendation, input.choice).map((flight) => flight.id),
        terminalId: engine.id,
        token,
      },
      fareFamiliesResponseSchema,
      signal,
    ).then((answer) => answer.data),
  );
