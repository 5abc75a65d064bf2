import { fromPromise } from 'xstate';
import { commissionResponseSchema, markupResponseSchema } from '../../../../contract/agency.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Recommendation } from '../../../../contract/search.ts';
import { chosenFlights, type CommissionResult, type MarkupResult, type SelectionToSave } from '../../../../../machines/selection.ts';
import { apiPost } from '../../../lib/api.ts';
import { saveSessionParts } from '../../../lib/session-api.ts';

/** What every call about an offer carries besides the offer: the terminal and the agency's search token. */
export interface OfferCaller {
  engine: Engine;
  token: string | null;
}

interface OfferChoice {
  recommendation: Recommendation;
  choice: number[];
}

const flightIdsOf = ({ recommendation, choice }: OfferChoice) => chosenFlights(recommendation, choice).map((flight) => flight.id);

/** The card machine's loadMarkups actor: POST /api/flights/markups/apply for the chosen flights. */
export const markupsLoader = ({ engine, token }: OfferCaller) =>
  fromPromise<MarkupResult, OfferChoice>(({ input, signal }) =>
    apiPost(
      '/flights/markups/apply',
      { engineCode: engine.id, profileId: engine.profile.id, recommendationId: input.recommendation.id, flightIds: flightIdsOf(input), token },
      markupResponseSchema,
      signal,
    ).then((answer) => answer.data),
  );

/** The card machine's loadCommission actor: POST /api/flights/commission. */
export const commissionLoader = ({ engine, token }: OfferCaller) =>
  fromPromise<CommissionResult, OfferChoice>(({ input, signal }) =>
    apiPost('/flights/commission', { id: input.recommendation.id, flightIds: flightIdsOf(input), terminalId: engine.id, token }, commissionResponseSchema, signal).then(
      (answer) => answer.data,
    ),
  );

/**
 * Both machines' saveSelection actor: the selection payload goes into the session
 * (POST /api/sessions/save?id=) as the session parts checkout reads, with the engine it was priced on.
 */
export const selectionSaver = (engine: Engine) =>
  fromPromise<void, SelectionToSave>(async ({ input, signal }) => {
    const { sessionID, ...parts } = input;
    await saveSessionParts(sessionID, { engine, ...parts }, signal);
  });
