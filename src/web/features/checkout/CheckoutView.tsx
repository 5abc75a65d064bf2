import { lazy, Suspense, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { checkoutSetting, type CheckoutEvent, type checkoutMachine } from '../../../../machines/checkout.machine.ts';
import { agencyIssues, contactIssues, submitBlockedByCard, travellerIssues } from '../../../../machines/checkout.rules.ts';
import { PAYMENT_PROVIDER_NAMES, PaymentProvider, type PaymentProviderCode } from '../../../contract/checkout.ts';
import { invoiceOffered } from '../../../contract/checkout-rules.ts';
import { inclusionsOfFlight } from '../../../contract/fare-inclusions.ts';
import type { Session } from '../../../contract/session.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { AlertDialog } from '../../ui/overlays.tsx';
import { Button } from '../../ui/Button.tsx';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../ui/Disclosure.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useInclusionTexts } from '../fare-inclusions/inclusion-texts.ts';
import { brandNameIn } from '../fare-inclusions/brand-name.ts';
import { useLanguage } from '../search/use-language.ts';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { DuplicateNamesDialog } from './errors/DuplicateNamesDialog.tsx';
import { AdditionalForm } from './forms/AdditionalForm.tsx';
import { AgencyForm } from './forms/AgencyForm.tsx';
import { ContactForm } from './forms/ContactForm.tsx';
import { FlightRulesAcceptance, TermsBlock } from './forms/TermsBlock.tsx';
import { PassengerForm } from './passengers/PassengerForm.tsx';
import { useDrawnInSlices } from '../../lib/use-drawn-in-slices.ts';
import './checkout.css';

/** The booking error dialog loads when a submit is pressed (its intent), not with the page. */
const loadBookingErrorDialog = () => import('./errors/BookingErrorDialog.tsx');
const BookingErrorDialog = lazy(() => loadBookingErrorDialog().then((module) => ({ default: module.BookingErrorDialog })));

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * The checkout's slices, one task each: what the server's first paint shows (itinerary, notes, baggage), then
 * extras, the first traveller and the price, the other travellers, insurance and terms, payment, contact and the
 * buy button. The first slice renders in the same task as the session's arrival, which React cannot split (a
 * machine's update is synchronous); the later ones are transitions, which yield to the browser as they go.
 */
const CHECKOUT_SLICES = 6;

/** Parts other views own (itinerary header, insurance, payment, pricing box …), composed by the page. */
export interface CheckoutSlots {
  itinerary?: ReactNode;
  insurance?: ReactNode;
  payment?: ReactNode;
  pricing?: ReactNode;
  extras?: ReactNode;
  /** The fare rules modal with its own trigger, beside the flight-rules acceptance. */
  fareRules?: ReactNode;
  /** The discount code box: just before the buy button, so the keyboard meets it first (issue 37). */
  coupon?: ReactNode;
}

export interface CheckoutViewProps {
  state: CheckoutSnapshot;
  send: (event: CheckoutEvent) => void;
  /** The page's address (the IT-error dialog asks to copy it). */
  pageUrl: string;
  slots?: CheckoutSlots;
}

function BaggagePanel({ session }: { session: Session }) {
  const { t } = useLingui();
  const bagTexts = useInclusionTexts();
  const flights = session.flights ?? [];
  const flightType = session.searchParams?.flightType ?? 'OW';
  const legLabel = (index: number) =>
    flightType === 'MC' ? t`Flight ${index + 1}` : index === 0 ? t`Outbound` : t`Return`;
  const language = useLanguage();
  const chosenFare = session.selectedFare;
  const fareName = chosenFare ? brandNameIn(chosenFare, language) : undefined;
  const brandName = (flight: NonNullable<Session['flights']>[number]) => {
    const brand = chosenFare ?? flight.brandedFare;
    return brand ? brandNameIn(brand, language) : undefined;
  };
  return (
    <section className="card checkout-baggage" aria-labelledby="checkout-baggage-title">
      <Disclosure defaultExpanded>
        <h2 id="checkout-baggage-title" className="checkout-baggage__title">
          <DisclosureTrigger>{t`Baggage included`}</DisclosureTrigger>
        </h2>
        <DisclosurePanel>
          {fareName && <p>{t`Selected fare: ${fareName}`}</p>}
          <ul className="checkout-baggage__list">
            {flights.map((flight, index) => {
              const origin = flight.segments[0]?.departureAirport.code ?? '';
              const destination = flight.segments.at(-1)?.arrivalAirport.code ?? '';
              // The fare chosen in the comparison, else the flight's own: the inclusions the card and the comparison showed.
              const inclusions = session.selectedFare?.inclusions ?? inclusionsOfFlight(flight);
              return (
                <li key={flight.id}>
                  <strong>
                    {legLabel(index)}: {origin} → {destination}
                  </strong>
                  {brandName(flight) && <span> · {brandName(flight)}</span>}
                  <ul>
                    <li>
                      {bagTexts.bagKind('carryOn')}: {bagTexts.bag(inclusions.carryOn)}
                    </li>
                    <li>
                      {bagTexts.bagKind('checkedBag')}: {bagTexts.bag(inclusions.checkedBag)}
                    </li>
                  </ul>
                </li>
              );
            })}
          </ul>
        </DisclosurePanel>
      </Disclosure>
    </section>
  );
}

function InfoBox() {
  const { t } = useLingui();
  return (
    <aside className="card checkout-info" aria-label={t`Before you book`}>
      <ul>
        <li>{t`Enter the names exactly as they appear in each passenger's travel document.`}</li>
        <li>{t`Check that every passport is valid for at least 6 more months.`}</li>
        <li>{t`Cash payments must be completed within 6 hours of the booking.`}</li>
        <li>{t`We will send the booking confirmation to the contact e-mail.`}</li>
      </ul>
    </aside>
  );
}

/** The checkout page (spec 2 §2) for any state of the checkout machine; it sends events and reads the snapshot only. */
export function CheckoutView({ state, send, pageUrl, slots = {} }: CheckoutViewProps) {
  const { t } = useLingui();
  const { context } = state;
  const { engine, session, draft } = context;
  const agencyView = engine.isAgency && context.business;
  const title = t`Complete your details`;
  // The form draws in slices once the session is there: its first screen, then the parts below it (issue 38).
  const slices = useDrawnInSlices(session ? CHECKOUT_SLICES : 1, 1, 1);

  if (state.matches('bookingInProgress')) {
    return (
      <BookingStepPage step={1} title={title}>
        <output className="checkout-loading">
          <Spinner label={t`Your booking is in progress`} showLabel />
          <span>{t`We are waiting for the airline's answer. Do not book again: this page moves on to your booking by itself.`}</span>
        </output>
      </BookingStepPage>
    );
  }

  if (state.matches('loading') || state.matches('sessionExpired') || !session) {
    return (
      <BookingStepPage step={1} title={title}>
        {state.matches('loading') && (
          <div className="checkout-loading">
            <Spinner label={t`Loading your selection…`} showLabel />
          </div>
        )}
        <AlertDialog isOpen={state.matches('sessionExpired')} title={t`Your session has expired`} actionLabel={t`Go back`} onAction={() => send({ type: 'dialog.close' })}>
          <p>{t`For your security, a booking session closes after 30 minutes without activity. Please search for your flight again.`}</p>
        </AlertDialog>
      </BookingStepPage>
    );
  }

  const setting = checkoutSetting(context);
  const passengerIssues = travellerIssues(draft.passengers, setting);
  const adults = draft.passengers.filter((passenger) => passenger.type === 'ADT').length;
  const ordinalOf = (index: number) => draft.passengers.slice(0, index + 1).filter((passenger) => passenger.type === draft.passengers[index]?.type).length;
  const paymentCode = draft.paymentCode ?? PaymentProvider.bookWithoutPayment;
  const offersInvoice = invoiceOffered({
    systemProviderCode: session.recommendation?.pos.systemProviderCode ?? 0,
    pricingSource: session.recommendation?.pricing.source,
    profileCountry: engine.profile.countryCode,
    paymentCode,
    agencyProfileId: engine.isAgency ? engine.profile.id : null,
  });
  const discount = engine.discounts.find((candidate) => candidate.apply && candidate.value > 0);
  const discountPayment = discount ? (PAYMENT_PROVIDER_NAMES[discount.paymentCode as PaymentProviderCode] ?? discount.description) : '';
  const discountAmount = discount ? formatMoney(discount.value, US_DOLLARS, 'detail').replace(/^US\$ /, '') : '';
  const problem = context.problem;
  const booking = state.matches('booking');
  const submitLabel = booking ? t`Processing…` : paymentCode === PaymentProvider.bookWithoutPayment ? t`Book` : t`Checkout`;
  const termsFailure = problem?.kind === 'terms' ? problem.failure : null;

  return (
    <BookingStepPage step={1} title={title}>
      <div className="checkout-layout">
        <div className="checkout-main">
          {slots.itinerary}
          {context.bookingInterrupted && (
            <div className="checkout-notice" role="alert">
              <p>{t`Your booking was not completed. Check your details and book again.`}</p>
            </div>
          )}
          {/* A declined card or a method's minimum is told at the payment, where it is fixed. */}
          {problem && !(problem.kind === 'payment' && problem.issue !== 'incomplete') && (
            <div className="checkout-notice" role="alert">
              <p>{t`Some fields are incompleted. Please check the form and enter all the requested information.`}</p>
              {problem.kind === 'insurance' && <p>{t`Please choose one of these 3 options`}</p>}
              <button type="button" className="checkout-notice__close" aria-label={t`Close`} onClick={() => send({ type: 'notice.dismiss' })}>
                ×
              </button>
            </div>
          )}
          <InfoBox />
          {discount && (
            <p className="checkout-discount">{t`Get a discount of US$ ${discountAmount} paying with ${discountPayment}`}</p>
          )}
          <BaggagePanel session={session} />
          {slices > 1 && slots.extras}
          {slices > 1 && (
            <section className="checkout-passengers" aria-labelledby="checkout-passengers-title">
              <h2 id="checkout-passengers-title">{t`Passengers`}</h2>
              {draft.passengers.slice(0, slices > 2 ? undefined : 1).map((passenger, index) => (
                <PassengerForm
                  // Passengers never reorder: the index is the passenger.
                  key={index}
                  index={index}
                  ordinal={ordinalOf(index)}
                  draft={passenger}
                  issues={passengerIssues[index] ?? {}}
                  showAllErrors={context.showAllErrors}
                  setting={setting}
                  adults={adults}
                  onChange={(changes) => send({ type: 'passenger.change', index, changes })}
                />
              ))}
            </section>
          )}
          {slices > 3 && slots.insurance}
          {slices > 3 && engine.addFieldToAccountId && (
            <AdditionalForm
              value={draft.additional}
              showAllErrors={context.showAllErrors}
              onChange={(value) => send({ type: 'additional.change', enabled: value.enabled, accountId: value.accountId })}
            />
          )}
          {slices > 3 && (
            <TermsBlock
              terms={draft.terms}
              failure={termsFailure}
              needsPersonalDataAuthorization={context.needsPersonalDataAuthorization}
              onChange={(changes) => send({ type: 'terms.change', changes })}
            />
          )}
          {slices > 4 && !agencyView && slots.payment}
          {slices < 6 ? null : agencyView ? (
            <AgencyForm
              draft={draft.agency}
              issues={agencyIssues(draft.agency)}
              showAllErrors={context.showAllErrors}
              invoiceOffered={offersInvoice}
              onChange={(changes) => send({ type: 'agency.change', changes })}
            />
          ) : (
            <ContactForm
              draft={draft.contact}
              issues={contactIssues(draft.contact, context.phoneCheck)}
              showAllErrors={context.showAllErrors}
              invoiceOffered={offersInvoice}
              onChange={(changes) => send({ type: 'contact.change', changes })}
              onCopyFirstPassenger={() => send({ type: 'contact.copyFirstPassenger' })}
            />
          )}
          {discount && (
            <p className="checkout-discount checkout-discount--mobile" aria-hidden="true">
              {t`Get a discount of US$ ${discountAmount} paying with ${discountPayment}`}
            </p>
          )}
          {slices > 5 && (
            <div className="checkout-submit">
              <FlightRulesAcceptance terms={draft.terms} failure={termsFailure} onChange={(changes) => send({ type: 'terms.change', changes })} />
              {slots.fareRules}
              {slots.coupon}
              <Button
                variant="submit"
                isPending={booking}
                isDisabled={!booking && submitBlockedByCard(draft.paymentCode, draft.card.valid, engine.cardVault !== false)}
                onPress={() => {
                  void loadBookingErrorDialog();
                  send({ type: 'checkout.submit' });
                }}
              >
                {submitLabel}
              </Button>
            </div>
          )}
        </div>
        <div className="checkout-aside">{slices > 1 && slots.pricing}</div>
      </div>
      {state.matches('booked') && <output className="checkout-loading">{t`Booking confirmed. Taking you to your booking…`}</output>}
      <DuplicateNamesDialog isOpen={state.matches('duplicateNames')} onClose={() => send({ type: 'dialog.close' })} />
      {(state.matches('bookingFailed') || state.matches('bookingUnanswered')) && context.failure && (
        <Suspense fallback={null}>
          <BookingErrorDialog
            failure={context.failure}
            engine={engine}
            agencyView={agencyView}
            pageUrl={pageUrl}
            onClose={() => send({ type: 'dialog.close' })}
            onAcceptFareChange={() => send({ type: 'fareChange.accept' })}
            onRetry={() => send({ type: 'booking.retry' })}
            onSearchOther={() => send({ type: 'search.other' })}
          />
        </Suspense>
      )}
    </BookingStepPage>
  );
}
