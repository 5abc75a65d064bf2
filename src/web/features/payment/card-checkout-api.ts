/** The card checkout's side effects in the browser: our server's token, authorisation and notification, and the provider's hosted fields. */
import { fromPromise } from 'xstate';
import { cardCheckoutMachine } from '../../../../machines/card-checkout.machine.ts';
import {
  NIUBIZ_AUTHORIZATION_PATH,
  NIUBIZ_NOTIFY_PATH,
  NIUBIZ_SANDBOX_CHALLENGE_PATH,
  NIUBIZ_SANDBOX_TOKENIZE_PATH,
  NIUBIZ_TOKEN_PATH,
  niubizAuthorizationResponseSchema,
  niubizChallengeResponseSchema,
  niubizNotifyResponseSchema,
  niubizTokenizeResponseSchema,
  niubizTokenResponseSchema,
  type NiubizAuthorization,
  type NiubizAuthorizationRequest,
  type NiubizSession,
  type NiubizTokenized,
  type NiubizTokenizeRequest,
  type NiubizTokenRequest,
} from '../../../contract/niubiz.ts';
import { apiPost } from '../../lib/api.ts';

export const cardCheckoutLogic = cardCheckoutMachine.provide({
  actors: {
    requestToken: fromPromise<NiubizSession, NiubizTokenRequest>(({ input, signal }) => apiPost(NIUBIZ_TOKEN_PATH, input, niubizTokenResponseSchema, signal).then((answer) => answer.data)),
    // The provider's hosted fields (the sandbox's): the card goes there and only a token, brand and last four come back.
    tokenize: fromPromise<NiubizTokenized, NiubizTokenizeRequest>(({ input, signal }) => apiPost(NIUBIZ_SANDBOX_TOKENIZE_PATH, input, niubizTokenizeResponseSchema, signal).then((answer) => answer.data)),
    confirmChallenge: fromPromise<{ transactionToken: string }, { challengeId: string }>(({ input, signal }) =>
      apiPost(NIUBIZ_SANDBOX_CHALLENGE_PATH, input, niubizChallengeResponseSchema, signal).then((answer) => answer.data),
    ),
    authorize: fromPromise<NiubizAuthorization, NiubizAuthorizationRequest>(({ input, signal }) => apiPost(NIUBIZ_AUTHORIZATION_PATH, input, niubizAuthorizationResponseSchema, signal).then((answer) => answer.data)),
    notify: fromPromise<unknown, { purchaseNumber: string }>(({ input, signal }) => apiPost(NIUBIZ_NOTIFY_PATH, input, niubizNotifyResponseSchema, signal)),
  },
});
