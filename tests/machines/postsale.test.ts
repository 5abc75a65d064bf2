import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { postSaleMachine, type PostSaleOrder, type PurchaseAnswer } from '../../machines/postsale.machine.ts';
import { storedCard } from '../../src/contract/fixtures/checkout.ts';
import { invoiceData } from '../../src/contract/fixtures/postsale.ts';
import { bookSeatsRoute, type AncillariesPurchaseRequest, type PostSaleOrderRef } from '../../src/contract/postsale.ts';
import { planOf } from './plans.ts';
import { appOrderId, postSaleInputs, postSaleOrders, postSaleSeatMap } from './postsale-plan.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

/** A post-sale actor whose order loads at once and whose purchase answers `answer` (or throws). */
function postSaleActor(order: PostSaleOrder, input = postSaleInputs.consumer, answer: PurchaseAnswer | Error = { sessionID: 'sess-1', transactionStatusCode: 1 }) {
  const requests: AncillariesPurchaseRequest[] = [];
  const refs: PostSaleOrderRef[] = [];
  const actor = createActor(
    postSaleMachine.provide({
      actors: {
        loadOrder: fromPromise<PostSaleOrder, PostSaleOrderRef>(async ({ input: ref }) => {
          refs.push(ref);
          return order;
        }),
        purchase: fromPromise<PurchaseAnswer, AncillariesPurchaseRequest>(async ({ input: request }) => {
          requests.push(request);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, requests, refs };
}

/** An order selling bags only: one bag chosen and finished, a card given, and 'Comprar' pressed; the purchase answers `answer`. */
async function buyOneBagByCard(answer: PurchaseAnswer | Error) {
  const bought = postSaleActor({ ...postSaleOrders.covered, ancillaries: { ...postSaleOrders.covered.ancillaries, seats: { segments: [] } } }, postSaleInputs.consumer, answer);
  const { actor } = bought;
  await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
  actor.send({ type: 'bags.toggle', flightIndex: 1, passengerIndex: 1, code: '0C3' });
  actor.send({ type: 'bags.next' });
  actor.send({ type: 'bags.finish' });
  actor.send({ type: 'bags.dismiss' });
  actor.send({ type: 'card.change', valid: true, stored: storedCard });
  actor.send({ type: 'purchase.submit' });
  return bought;
}

const firstPassenger = postSaleSeatMap.passengers[0]!.id;
const seatOf = (segmentIndex: number) => {
  const row = postSaleSeatMap.segments[segmentIndex]!.rows.find((candidate) => candidate.offerItems.some((item) => item.paxID === firstPassenger))!;
  const item = row.offerItems.find((candidate) => candidate.paxID === firstPassenger)!;
  return { row: row.rowNumber, column: item.seat.replace(/\d+/g, '') };
};

describe('post-sale machine', () => {
  const { machine, ...plan } = planOf('postSale');

  it('reaches every state and takes every transition', () => expectFullCoverage('postSale', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // A refusal always says why; a purchase only starts when every check passes; the order is there once loaded.
      expect(snapshot.matches({ selecting: 'refused' })).toBe(snapshot.context.problem !== null);
      expect(snapshot.matches('selecting') ? snapshot.context.order !== null : true).toBe(true);
      expect(snapshot.matches('invalidLink')).toBe(snapshot.context.ref === null);
    }
  });

  it("decodes the app's own dashed order ids and the business marker", () => {
    const ref = postSaleActor(postSaleOrders.covered).actor.getSnapshot().context.ref;
    expect(ref).toMatchObject({ identifier: appOrderId, isBusiness: false, isSabreRecordLocator: false });
    const business = postSaleActor(postSaleOrders.covered, postSaleInputs.business).actor.getSnapshot().context.ref;
    expect(business).toMatchObject({ identifier: 'KXQ7TZ', isBusiness: true, isSabreRecordLocator: true });
    expect(postSaleActor(postSaleOrders.covered, postSaleInputs.malformed).actor.getSnapshot().value).toBe('invalidLink');
  });

  it('checks in spec order, then buys one seat (through the seat picker child) and one bag by card', async () => {
    const { actor, requests } = postSaleActor(postSaleOrders.covered);
    await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
    const problem = () => {
      actor.send({ type: 'purchase.submit' });
      const value = actor.getSnapshot().context.problem;
      actor.send({ type: 'problem.dismiss' });
      return value;
    };
    expect(problem()).toBe('finishSeatsAndBaggage');
    // Seats: open, pick on each segment, finish on the last.
    actor.send({ type: 'seats.open' });
    actor.send({ type: 'seat.pick', ...seatOf(0) });
    for (let segment = 1; segment < postSaleSeatMap.segments.length; segment++) actor.send({ type: 'seats.next' });
    actor.send({ type: 'seats.finish' });
    expect(actor.getSnapshot().context.seatsFinished).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.seats.confirmed)).toEqual([`0:${firstPassenger}`]);
    expect(problem()).toBe('finishBaggage');
    actor.send({ type: 'bags.toggle', flightIndex: 0, passengerIndex: 0, code: '0C1' });
    actor.send({ type: 'bags.finish' });
    expect(actor.getSnapshot().matches({ selecting: 'editing' })).toBe(true);
    actor.send({ type: 'bags.next' });
    actor.send({ type: 'bags.finish' });
    expect(actor.getSnapshot().matches({ selecting: 'bagsDone' })).toBe(true);
    actor.send({ type: 'bags.dismiss' });
    actor.send({ type: 'invoice.toggle', on: true });
    expect(problem()).toBe('invoice');
    actor.send({ type: 'invoice.toggle', on: false });
    expect(problem()).toBe('card');
    actor.send({ type: 'card.change', valid: true, stored: storedCard });
    actor.send({ type: 'purchase.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('purchased'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      paymentOption: 'CARD',
      paymentCard: storedCard,
      confirmed: { seats: true, baggages: true },
      baggages: [{ flightIndex: 0, passengerIndex: 0, code: '0C1' }],
      invoice: null,
      authorization: null,
    });
    expect(requests[0]!.seats).toHaveLength(1);
    const { outcome } = actor.getSnapshot().context;
    expect(bookSeatsRoute(outcome!.transactionStatusCode, outcome!.sessionID)).toBe('/vuelos/seats/all/process/sess-1');
  });

  it('asks a consumer short of credit to authorise, and a business one to pay otherwise; an invoice is sent when complete', async () => {
    for (const [input, expected] of [
      [postSaleInputs.consumer, 'creditAuthorize'],
      [postSaleInputs.business, 'creditBusiness'],
    ] as const) {
      const { actor, requests } = postSaleActor(postSaleOrders.short, input);
      await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
      actor.send({ type: 'seats.open' });
      actor.send({ type: 'seats.close' });
      actor.send({ type: 'bags.toggle', flightIndex: 0, passengerIndex: 0, code: '0C1' });
      actor.send({ type: 'bags.next' });
      actor.send({ type: 'bags.finish' });
      actor.send({ type: 'bags.dismiss' });
      // Seats were offered and not finished (closing is not finishing).
      actor.send({ type: 'purchase.submit' });
      expect(actor.getSnapshot().context.problem).toBe('finishSeats');
      actor.send({ type: 'problem.dismiss' });
      actor.send({ type: 'seats.open' });
      for (let segment = 1; segment < postSaleSeatMap.segments.length; segment++) actor.send({ type: 'seats.next' });
      actor.send({ type: 'seats.finish' });
      actor.send({ type: 'method.choose', method: 'CASH' });
      actor.send({ type: 'purchase.submit' });
      expect(actor.getSnapshot().context.problem).toBe(expected);
      actor.send({ type: 'problem.dismiss' });
      actor.send({ type: 'authorize.toggle', on: true });
      actor.send({ type: 'authorizer.choose', authorizerId: 'AUT-1' });
      actor.send({ type: 'invoice.toggle', on: true });
      for (const field of ['ruc', 'companyName', 'companyAddress'] as const) actor.send({ type: 'invoice.change', field, value: invoiceData[field] });
      actor.send({ type: 'purchase.submit' });
      // The authorisation is not for the business channel: it still refuses.
      const refused = actor.getSnapshot().context.problem;
      expect(refused).toBe(input === postSaleInputs.business ? 'creditBusiness' : null);
      if (refused !== null) continue;
      await waitFor(actor, (snapshot) => snapshot.matches('purchased'));
      expect(requests[0]).toMatchObject({ paymentOption: 'CASH', paymentCard: null, authorization: { authorizerId: 'AUT-1' }, invoice: invoiceData, confirmed: { seats: true, baggages: true } });
    }
  });

  it('shows the earlier-attempt warning first; declining ends there, continuing shows the page', async () => {
    const declined = postSaleActor(postSaleOrders.earlierAttempt).actor;
    await waitFor(declined, (snapshot) => snapshot.matches('warning'));
    declined.send({ type: 'warning.decline' });
    expect(declined.getSnapshot().value).toBe('declined');
    const continued = postSaleActor(postSaleOrders.earlierAttempt).actor;
    await waitFor(continued, (snapshot) => snapshot.matches('warning'));
    continued.send({ type: 'warning.continue' });
    expect(continued.getSnapshot().matches({ selecting: 'editing' })).toBe(true);
    continued.send({ type: 'summary.open' });
    expect(continued.getSnapshot().matches({ selecting: 'summary' })).toBe(true);
  });

  it('records 1003 and goes to error/0 when the purchase throws in the browser; status 2 and others pick warning and error', async () => {
    const buy = async (answer: PurchaseAnswer | Error) => {
      const { actor } = await buyOneBagByCard(answer);
      const { outcome } = (await waitFor(actor, (snapshot) => snapshot.matches('purchased'))).context;
      return { route: bookSeatsRoute(outcome!.transactionStatusCode, outcome!.sessionID), code: outcome!.transactionStatusCode };
    };
    expect(await buy(new Error('Failed to fetch'))).toEqual({ route: '/vuelos/seats/all/process/error/0', code: 1003 });
    expect((await buy({ sessionID: 's2', transactionStatusCode: 2 })).route).toBe('/vuelos/seats/all/process/warning/s2');
    expect((await buy({ sessionID: 's3', transactionStatusCode: 3 })).route).toBe('/vuelos/seats/all/process/error/s3');
  });

  it('shows the server’s own check refusal on the page (credit spent meanwhile), and goes back to editing on dismiss', async () => {
    const refusedBy = (code: string, variant: string) => Object.assign(new Error('refused'), { status: 400, code, body: { status: 400, code, message: 'refused', errors: [{ code: variant, value: 'refused' }] } });
    for (const [code, variant, problem] of [
      ['CREDIT_INSUFFICIENT', 'consumer', 'creditAuthorize'],
      ['CREDIT_INSUFFICIENT', 'business', 'creditBusiness'],
      ['CARD_INCOMPLETE', 'CARD_INCOMPLETE', 'card'],
      ['ANCILLARIES_NOT_FINISHED', 'seats', 'finishSeats'],
    ] as const) {
      const { actor, requests } = await buyOneBagByCard(refusedBy(code, variant));
      const refused = await waitFor(actor, (snapshot) => snapshot.matches({ selecting: 'refused' }));
      expect(refused.context.problem).toBe(problem);
      expect(requests).toHaveLength(1);
      actor.send({ type: 'problem.dismiss' });
      expect(actor.getSnapshot().matches({ selecting: 'editing' })).toBe(true);
    }
  });
});
