import { fromPromise } from 'xstate';
import type { PostSaleOrder, PurchaseAnswer } from '../../../../machines/postsale.machine.ts';
import {
  ancillariesByOrderIdResponseSchema,
  bookSeatsHttpResponseSchema,
  creditAuthorizersResponseSchema,
  creditLimitResponseSchema,
  type AncillariesPurchaseRequest,
  type PostSaleOrderRef,
} from '../../../contract/postsale.ts';
import { apiGet, apiPost } from '../../lib/api.ts';
import { agencyHeaders, grantHeaders } from '../../lib/booking-access.ts';
import { rememberAnsweredSessionKey } from '../../lib/session-api.ts';

/** What proves this browser may act on an order: a grant of it, and the agency's token when an agent came through its platform. */
const orderHeaders = (identifier: string) => ({ ...agencyHeaders(), ...grantHeaders(identifier) });

/** Fetching a credit line fails quietly (spec 3 §8): an unknown credit is an empty result. */
async function quietly<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch {
    return fallback;
  }
}

/**
 * POST /api/ancillaries/orderId (by order id, or by record locator for a Sabre booking), then the order's
 * credit line and its authorisers when it has one (GET /api/engines/creditLimit/{accountId}[/authorizers]).
 */
export async function loadPostSaleOrder(ref: PostSaleOrderRef, signal?: AbortSignal): Promise<PostSaleOrder> {
  const body = ref.isSabreRecordLocator ? { recordLocator: ref.identifier, isFromSabreSkyGDS: true } : { orderId: ref.identifier };
  const answer = await apiPost('/ancillaries/orderId', body, ancillariesByOrderIdResponseSchema, signal, orderHeaders(ref.identifier));
  const { ancillaries } = answer.data;
  const account = ancillaries.creditAccountId;
  if (!account) return { ancillaries, credit: null, authorizers: [] };
  const path = `/engines/creditLimit/${encodeURIComponent(account)}`;
  const [credit, authorizers] = await Promise.all([
    quietly(
      apiGet(path, creditLimitResponseSchema, signal, agencyHeaders()).then((response) => response.data),
      null,
    ),
    quietly(
      apiGet(`${path}/authorizers`, creditAuthorizersResponseSchema, signal, agencyHeaders()).then((response) => response.data),
      [],
    ),
  ]);
  return { ancillaries, credit, authorizers };
}

/** POST /api/flights/bookSeats: the purchase; its status and session pick the outcome page. */
export async function purchaseAncillaries(request: AncillariesPurchaseRequest, signal?: AbortSignal): Promise<PurchaseAnswer> {
  const answer = await apiPost('/flights/bookSeats', request, bookSeatsHttpResponseSchema, signal, orderHeaders(request.transactionId));
  // The outcome pages read the session the purchase answered with, as its owner.
  if (answer.data.sessionID && answer.data.sessionKey) rememberAnsweredSessionKey(answer.data.sessionID, answer.data.sessionKey);
  return { sessionID: answer.data.sessionID ?? null, transactionStatusCode: answer.data.transactionStatusCode };
}

/** The machine's actors, calling the API. */
export const postSaleActors = {
  loadOrder: fromPromise<PostSaleOrder, PostSaleOrderRef>(({ input, signal }) => loadPostSaleOrder(input, signal)),
  purchase: fromPromise<PurchaseAnswer, AncillariesPurchaseRequest>(({ input, signal }) => purchaseAncillaries(input, signal)),
};
