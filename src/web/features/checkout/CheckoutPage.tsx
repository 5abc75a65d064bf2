import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { fromPromise, type ActorRefFrom, type ContextFrom } from 'xstate';
import { checkoutMachine, checkoutSetting, type BookingAttempt } from '../../../../machines/checkout.machine.ts';
import { pathAfterBooking, type SubmitProblem } from '../../../../machines/checkout.rules.ts';
import { couponMachine } from '../../../../machines/coupon.machine.ts';
import { insuranceMachine } from '../../../../machines/insurance.machine.ts';
import { needsDuplicateNameCheck, needsPersonalDataAuthorization } from '../../../contract/checkout-policy.ts';
import type { Engine } from '../../../contract/engine.ts';
import type { Session } from '../../../contract/session.ts';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { useGoBack } from '../layout/useGoBack.ts';
import { todayInLima } from '../../lib/dates.ts';
import { buildResultsUrl } from '../results/results-url.ts';
import type { SelectedExtras, SelectedSeat } from '../../../contract/checkout.ts';
import { bookCheckout, fetchCheckoutSession, lookUpScotiabank } from './checkout-api.ts';
import { forgetDraft, keepDraft, readStoredDraft } from './draft-storage.ts';
import { FareRulesModal } from './fare-rules/FareRulesModal.tsx';
import { insuranceProductsLoader } from './insurance/insurance-api.ts';
import { ItineraryHeader } from './itinerary/ItineraryHeader.tsx';
import { couponApplier } from './coupon/coupon-api.ts';
import { CouponForm } from './coupon/CouponForm.tsx';
import { InsuranceBlock } from './insurance/InsuranceBlock.tsx';
import { PricingBox, PricingTotalBar } from './pricing/PricingBox.tsx';
import { totalsOfCheckout } from './pricing/totals.ts';
import { CheckoutView } from './CheckoutView.tsx';
import { useBookingInProgressGuard } from './useBookingInProgressGuard.ts';
import { PaymentSection } from './payment/PaymentSection.tsx';
import { focusFirstInvalidField } from '../../lib/focus.ts';
import { withQueryValue } from '../../lib/url.ts';


/** The extras and seats cards: only some providers and terminals sell them, so they load when offered. */
const CheckoutAncillaries = lazy(() => import('./CheckoutAncillaries.tsx').then((module) => ({ default: module.CheckoutAncillaries })));

/** The results address of the session's search (errors 1002 and 1303: "search other flights"). */
export function resultsHrefOf(session: Session | null, business: boolean): string {
  const search = session?.searchParams;
  if (!search) return '/vuelos/';
  return buildResultsUrl({
    flightType: search.flightType,
    itinerary: search.itinerary,
    passengers: search.passengers,
    cabinType: search.cabinType.code === 'I' ? null : search.cabinType.code,
    airline: search.airline?.code ?? null,
    corporateCode: search.corporateCode ?? null,
    terminalId: search.terminalId,
    token: search.token ?? null,
    business,
  });
}

/** What the page's parts hand to the machine's side effects: the loaded session, the confirmed extras and seats. */
interface SharedCheckout {
  session: Session | null;
  extras: SelectedExtras | undefined;
  seats: SelectedSeat[];
}

/** The part of the page each refused-submit problem names (spec 2 §4 check order). */
const sectionOfProblem: Record<SubmitProblem['kind'], string> = {
  payment: '.payment',
  travellers: '.checkout-passengers',
  insurance: '.insurance',
  contact: '.checkout-contact',
  agency: '.checkout-agency',
  additional: '.checkout-additional',
  terms: '.checkout-terms',
};

/**
 * Focus on the first field to fix in the part the problem names (other parts may show errors too),
 * once React has drawn the messages: the machine acts before the view re-renders.
 */
const focusFirstProblem = (problem: SubmitProblem | null, options?: FocusOptions) =>
  window.setTimeout(() => {
    const section = document.querySelector(`.checkout-main ${problem ? sectionOfProblem[problem.kind] : ''}`);
    focusFirstInvalidField(section ?? document.querySelector('.checkout-main'), options);
  }, 0);

/** The checkout machine with the app's side effects: API calls, scrolling, focus and navigation. */
function useCheckoutActor(id: string, business: boolean, engine: Engine, shared: SharedCheckout) {
  const router = useRouter();
  // Read once: the actor starts from it, later renders need not parse it again.
  const [storedDraft] = useState(() => readStoredDraft(id));
  // The router is one object for the app's life: read the language when navigating, not before.
  const [go] = useState(() => (href: string, replace = false) => {
    const lang = (router.state.location.search as { lang?: string }).lang;
    // The checkout's own moves (to the confirmation, to other flights) are not the traveller leaving mid-booking.
    void router.navigate({ href: withQueryValue(href, 'lang', lang), ignoreBlocker: true, replace });
  });
  const [machine] = useState(() => {
    // The insurance and coupon children run after the session loads; they read it from here.
    const loaded = shared;
    return checkoutMachine.provide({
      actors: {
        loadSession: fromPromise(async ({ input, signal }: { input: { sessionID: string }; signal: AbortSignal }) => {
          loaded.session = await fetchCheckoutSession(input.sessionID, signal);
          return loaded.session as Session;
        }),
        book: fromPromise(({ input, signal }: { input: BookingAttempt; signal: AbortSignal }) => bookCheckout(input, signal, { selectedExtras: loaded.extras, seats: loaded.seats })),
        lookupScotiabank: fromPromise(({ input, signal }: { input: { sessionID: string }; signal: AbortSignal }) => lookUpScotiabank(input.sessionID, signal)),
        insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: insuranceProductsLoader(engine.id, () => loaded.session) } }),
        coupon: couponMachine.provide({ actors: { applyCoupon: couponApplier(engine, () => loaded.session) } }),
      },
      actions: {
        // The draft survives a reload of this tab (sessionStorage), never with card data; dropped once booked.
        saveDraft: (_, draft) => keepDraft(id, draft),
        forgetDraft: () => forgetDraft(id),
        scrollToTop: () => {
          if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
          focusFirstProblem({ kind: 'travellers', firstInvalid: 0 }, { preventScroll: true });
        },
        focusFirstInvalidField: ({ context }) => focusFirstProblem(context.problem),
        // As useGoBack: back in history, or home for someone who arrived by a direct link.
        goBack: () => (router.history.canGoBack() ? router.history.back() : go('/vuelos/')),
        // Opened on a checkout booked before (Back, reload, an old tab: no attempt on this page): the closed
        // checkout leaves the history, so Back from its booking does not land on it again.
        routeAfterBooking: ({ context }) => go(bookedPathOf(context), context.attempt === 0),
        searchOtherFlights: ({ context }) => {
          go(resultsHrefOf(context.session, context.business));
        },
      },
    });
  });
  const actorRef = useTracedActorRef(machine, {
    input: {
      sessionID: id,
      business,
      today: todayInLima(),
      engine,
      duplicateNamesChecked: needsDuplicateNameCheck(engine.profile.id),
      needsPersonalDataAuthorization: needsPersonalDataAuthorization(engine.id, engine.profile.id),
      storedDraft,
    },
  }, {
    // Recorded birthdates keep their age band on the trip's final arrival, as the checkout measures it.
    ageReference: ({ context }) => checkoutSetting(context),
  });
  const [reroute] = useState(() => (context: ContextFrom<typeof checkoutMachine>) => go(bookedPathOf(context), true));
  useBookedCheckoutStaysClosed(actorRef, reroute);
  return actorRef;
}

/** Where a booked checkout leads: its payment page or its confirmation. */
function bookedPathOf(context: ContextFrom<typeof checkoutMachine>): string {
  const providerCode = context.booking?.paymentDetails.providerCode ?? 0;
  const terminalId = context.session?.searchParams?.terminalId ?? context.engine.id;
  return pathAfterBooking(context.sessionID, providerCode, terminalId);
}

/**
 * Back to a booked checkout whose page had not yet given way to the booking's (the move to the
 * confirmation still loading): the router keeps this page and its finished machine, so nothing loads
 * again. The address coming back to the checkout sends the traveller to the booking once more.
 */
function useBookedCheckoutStaysClosed(checkout: ActorRefFrom<typeof checkoutMachine>, reroute: (context: ContextFrom<typeof checkoutMachine>) => void) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [checkoutPath] = useState(pathname);
  const leftOnce = useRef(false);
  useEffect(() => {
    if (pathname !== checkoutPath) {
      leftOnce.current = true;
      return;
    }
    const snapshot = checkout.getSnapshot();
    if (leftOnce.current && snapshot.status === 'done') reroute(snapshot.context);
  }, [pathname, checkoutPath, checkout, reroute]);
}

/** The coupon box with the discount its code takes off this booking. */
function BoundCoupon({ checkout }: { checkout: ActorRefFrom<typeof checkoutMachine> }) {
  const discount = useSelector(checkout, ({ context }) => totalsOfCheckout(context)?.couponDiscount ?? 0);
  return <CouponForm checkout={checkout} discount={discount} />;
}

/** The checkout page of a session (spec 2): the machine-driven forms, payment and pricing. */
export function CheckoutPage({ id, business }: { id: string; business: boolean }) {
  const engine = useCurrentEngine();
  const goBack = useGoBack();
  const [shared] = useState<SharedCheckout>(() => ({ session: null, extras: undefined, seats: [] }));
  const [extrasTotal, setExtrasTotal] = useState(0);
  const [seatsTotal, setSeatsTotal] = useState(0);
  const [onExtras] = useState(() => (extras: SelectedExtras, total: number) => {
    shared.extras = total > 0 ? extras : undefined;
    setExtrasTotal(total);
  });
  const [onSeats] = useState(() => (seats: SelectedSeat[], total: number) => {
    shared.seats = seats;
    setSeatsTotal(total);
  });
  const actorRef = useCheckoutActor(id, business, engine, shared);
  useBookingInProgressGuard(actorRef);
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const session = state.context.session;
  const terminalId = session?.searchParams?.terminalId ?? engine.id;
  const agencyView = engine.isAgency && business;
  return (
    <CheckoutView
      state={state}
      send={actorRef.send}
      pageUrl={typeof window === 'undefined' ? '' : window.location.href}
      slots={
        session
          ? {
              itinerary: <ItineraryHeader session={session} onBack={goBack} />,
              extras: (
                <Suspense fallback={null}>
                  <CheckoutAncillaries session={session} terminalId={terminalId} checkout={actorRef} onExtras={onExtras} onSeats={onSeats} />
                </Suspense>
              ),
              insurance: <InsuranceBlock checkout={actorRef} />,
              payment: <PaymentSection checkout={actorRef} extras={extrasTotal} seats={seatsTotal} />,
              fareRules: <FareRulesModal terminalId={terminalId} isAgencyEngine={engine.isAgency} session={session} />,
              pricing: (
                <>
                  <PricingBox checkout={actorRef} extras={extrasTotal} seats={seatsTotal} />
                  <PricingTotalBar checkout={actorRef} extras={extrasTotal} seats={seatsTotal} />
                </>
              ),
              coupon: agencyView ? null : <BoundCoupon checkout={actorRef} />,
            }
          : {}
      }
    />
  );
}
