import type { Meta, StoryObj } from '@storybook/react-vite';
import { NO_BAGS } from '../../../../../machines/bag-prices.ts';
import { expect, fn, within } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { aerolineasPromoSearch, brandedFareCatalogue } from '../../../../contract/fixtures/search.ts';
import { recommendationCardMachine, type RecommendationCardContext } from '../../../../../machines/recommendation-card.machine.ts';
import { mockAgencyMarkup, mockCommission } from '../../../mocks/offer-handlers.ts';
import { mockEngine, mockSessionIds } from '../../../mocks/handlers.ts';
import { cardAudience } from './audience.ts';
import { connectionWithTrainOffer, latamRoundTripOffer, twoOutboundChoicesOffer } from './demo-offers.ts';
import { airportChangeOffer, nextDayArrivalOffer, overnightLongConnectionOffer } from './journey-offers.ts';
import { basicBagOffer, unpricedBagOffer } from './bag-offers.ts';
import { RecommendationCardView, type RecommendationCardViewProps } from './RecommendationCardView.tsx';

type CardState = StateValueFrom<typeof recommendationCardMachine>;

const consumer = mockEngine('9132868');
const agency = mockEngine('2113855');
const usAgency = mockEngine('7200983');
const roundTrip = { flightType: 'RT' as const, business: false };
const agencyRoundTrip = { flightType: 'RT' as const, business: true };

/** A card machine snapshot in the given state, its context built the way the machine builds it. */
function cardSnapshot(value: CardState, engine: typeof consumer, business: boolean, context: Partial<RecommendationCardContext> = {}) {
  const recommendation = context.recommendation ?? latamRoundTripOffer;
  const audience = cardAudience(engine, business);
  return recommendationCardMachine.resolveState({
    value,
    context: {
      recommendation,
      sessionID: mockSessionIds.live,
      isAgencyView: audience.isAgencyView,
      showsCommission: audience.showsCommission,
      choice: recommendation.itinerary.map(() => 0),
      expandedFlightIds: [],
      breakdownOpen: audience.isAgencyView,
      fees: recommendation.pricing.fees,
      markups: [],
      markupMessage: null,
      commission: null,
      chosenBags: NO_BAGS,
      ...context,
    },
  });
}

const consumerIn = (selection: 'idle' | 'saving' | 'failed' | 'notOwner' | 'done', context: Partial<RecommendationCardContext> = {}): Pick<RecommendationCardViewProps, 'snapshot' | 'engine' | 'search'> => ({
  snapshot: cardSnapshot({ markups: 'notApplicable', commission: 'notApplicable', selection }, consumer, false, context),
  engine: consumer,
  search: roundTrip,
});

const meta = {
  title: 'Results/RecommendationCard',
  component: RecommendationCardView,
  parameters: { layout: 'padded' },
  args: {
    ...consumerIn('idle'),
    send: fn(),
    onSeeFares: fn(),
    catalogue: brandedFareCatalogue,
    priceRange: { min: 360, max: 720 },
  },
} satisfies Meta<typeof RecommendationCardView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

// ── Consumers: no markups, no commission; the four selection states ──
export const Consumer: Story = {};
export const ConsumerSpanish = spanish(Consumer);
export const ConsumerSaving: Story = { args: consumerIn('saving') };
export const ConsumerSavingSpanish = spanish(ConsumerSaving);
export const ConsumerSaveFailed: Story = { args: consumerIn('failed') };
export const ConsumerSaveFailedSpanish = spanish(ConsumerSaveFailed);
/** 403 SESSION_KEY_REQUIRED: the search's session was started in another browser; a new search helps, a retry cannot. */
export const ConsumerNotSessionOwner: Story = { args: consumerIn('notOwner') };
export const ConsumerNotSessionOwnerSpanish = spanish(ConsumerNotSessionOwner);
export const ConsumerGoingToCheckout: Story = { args: consumerIn('done') };
export const ConsumerGoingToCheckoutSpanish = spanish(ConsumerGoingToCheckout);

/**
 * A basic fare spec 1 §5 forces to one carry-on (Aerolíneas Argentinas Promo), its details open: the
 * card says 1 piece, as the fare comparison and checkout do (issue 20).
 */
const promoOffer = aerolineasPromoSearch.data[0]!;
export const ConsumerBasicFare: Story = {
  args: { ...consumerIn('idle', { recommendation: promoOffer, expandedFlightIds: [promoOffer.itinerary[0]!.flights[0]!.id] }), search: { flightType: 'OW', business: false } },
};
export const ConsumerBasicFareSpanish = spanish(ConsumerBasicFare);

/** Two outbound flights to choose from, the second picked. */
export const ConsumerSecondFlightPicked: Story = { args: consumerIn('idle', { recommendation: twoOutboundChoicesOffer, choice: [1, 0] }) };
export const ConsumerSecondFlightPickedSpanish = spanish(ConsumerSecondFlightPicked);

/** Details open: technical stop, layover in Newark and the Amtrak train; arrives the next day. */
export const ConsumerDetailsOpen: Story = {
  args: {
    ...consumerIn('idle', { recommendation: connectionWithTrainOffer, expandedFlightIds: [connectionWithTrainOffer.itinerary[0]!.flights[0]!.id] }),
    search: { flightType: 'OW', business: false },
  },
};
export const ConsumerDetailsOpenSpanish = spanish(ConsumerDetailsOpen);

/** Journey flags (issue 21): a one-way card of the Lima–Boston journeys. */
const journeyCard = (recommendation: typeof airportChangeOffer): Story => ({
  args: { ...consumerIn('idle', { recommendation }), search: { flightType: 'OW', business: false }, priceRange: { min: 380, max: 540 } },
});
const onPhone = (story: Story): Story => ({ ...story, globals: { ...story.globals, viewport: { value: 'mobile1', isRotated: false } } });
/** 11 h 30 min overnight in Bogotá: 'Overnight layover' and 'Layover over 6 h', landing +1 day. */
export const JourneyOvernightLongLayover = journeyCard(overnightLongConnectionOffer);
export const JourneyOvernightLongLayoverSpanish = spanish(JourneyOvernightLongLayover);
export const JourneyOvernightLongLayoverMobile = onPhone(JourneyOvernightLongLayover);
/** Lands at Newark, leaves from JFK on separate tickets: 'Change of airport: EWR → JFK' and 'Separate tickets (self-transfer)'. */
export const JourneyAirportChangeSelfTransfer = journeyCard(airportChangeOffer);
export const JourneyAirportChangeSelfTransferSpanish = spanish(JourneyAirportChangeSelfTransfer);
export const JourneyAirportChangeSelfTransferMobile = spanish(onPhone(JourneyAirportChangeSelfTransfer));
/** A night flight landing the next day: '+1 day' by the arrival time, no flag (50 minutes of the connection fall in the night). */
export const JourneyNextDayArrival = journeyCard(nextDayArrivalOffer);
export const JourneyNextDayArrivalSpanish = spanish(JourneyNextDayArrival);

/** The card on a phone: one column, the price below the flights. */
export const ConsumerMobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const ConsumerMobileSpanish = spanish(ConsumerMobile);

// ── Agencies in B2B mode: markups loading → applied | failed ──
export const AgencyMarkupsLoading: Story = {
  args: { snapshot: cardSnapshot({ markups: 'loading', commission: 'notApplicable', selection: 'idle' }, agency, true), engine: agency, search: agencyRoundTrip },
};
export const AgencyMarkupsLoadingSpanish = spanish(AgencyMarkupsLoading);

/** Markups applied and a 25.00 extra charge typed in. */
export const AgencyMarkupsApplied: Story = {
  args: {
    snapshot: cardSnapshot({ markups: 'applied', commission: 'notApplicable', selection: 'idle' }, agency, true, {
      markups: [mockAgencyMarkup],
      fees: [...latamRoundTripOffer.pricing.fees, { amount: 25, description: 'CUSTOM' }],
    }),
    engine: agency,
    search: agencyRoundTrip,
  },
};
export const AgencyMarkupsAppliedSpanish = spanish(AgencyMarkupsApplied);

/** No rule applies: the markup tooltip says 'Esta recomendación no aplica markups'; saving. */
export const AgencyNoMarkupsSaving: Story = {
  args: { snapshot: cardSnapshot({ markups: 'applied', commission: 'notApplicable', selection: 'saving' }, agency, true), engine: agency, search: agencyRoundTrip },
};
export const AgencyNoMarkupsSavingSpanish = spanish(AgencyNoMarkupsSaving);

export const AgencyMarkupsFailedSaveFailed: Story = {
  args: {
    snapshot: cardSnapshot({ markups: 'failed', commission: 'notApplicable', selection: 'failed' }, agency, true, {
      markupMessage: 'The markup service did not answer.',
    }),
    engine: agency,
    search: agencyRoundTrip,
  },
};
export const AgencyMarkupsFailedSaveFailedSpanish = spanish(AgencyMarkupsFailedSaveFailed);

// ── US agency: commission loading → loaded (0.00 when not applied) ──
export const UsAgencyCommissionLoading: Story = {
  args: { snapshot: cardSnapshot({ markups: 'loading', commission: 'loading', selection: 'idle' }, usAgency, true), engine: usAgency, search: agencyRoundTrip },
};
export const UsAgencyCommissionLoadingSpanish = spanish(UsAgencyCommissionLoading);

export const UsAgencyCommissionLoaded: Story = {
  args: {
    snapshot: cardSnapshot({ markups: 'applied', commission: 'loaded', selection: 'idle' }, usAgency, true, { markups: [mockAgencyMarkup], commission: mockCommission }),
    engine: usAgency,
    search: agencyRoundTrip,
  },
};
export const UsAgencyCommissionLoadedSpanish = spanish(UsAgencyCommissionLoaded);

export const UsAgencyCommissionNotApplied: Story = {
  args: {
    snapshot: cardSnapshot({ markups: 'applied', commission: 'loaded', selection: 'done' }, usAgency, true, { commission: { isApplied: false, amount: 0 } }),
    engine: usAgency,
    search: agencyRoundTrip,
  },
};
export const UsAgencyCommissionNotAppliedSpanish = spanish(UsAgencyCommissionNotApplied);

// ── A family (2 adults, 1 child, 1 infant): the total for the party and its breakdown per passenger type (issue 20) ──
/** The service fee divides evenly among the three seated passengers, so each type line carries its share. */
const familyOffer: typeof latamRoundTripOffer = {
  ...latamRoundTripOffer,
  pricing: { ...latamRoundTripOffer.pricing, total: 657.69, fees: [{ description: 'PAX', amount: 36 }] },
};
export const ConsumerFamilyBreakdownOpen: Story = { args: consumerIn('idle', { recommendation: familyOffer, breakdownOpen: true }) };
export const ConsumerFamilyBreakdownOpenSpanish = spanish(ConsumerFamilyBreakdownOpen);
export const ConsumerFamilyBreakdownOpenMobile: Story = { ...ConsumerFamilyBreakdownOpen, globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const ConsumerFamilyBreakdownOpenMobileSpanish = spanish(ConsumerFamilyBreakdownOpenMobile);

/** The agency's breakdown with markups and an extra charge as booking lines. */
export const AgencyFamilyBreakdown: Story = {
  args: {
    snapshot: cardSnapshot({ markups: 'applied', commission: 'notApplicable', selection: 'idle' }, agency, true, {
      recommendation: familyOffer,
      markups: [mockAgencyMarkup],
      fees: [...familyOffer.pricing.fees, { amount: 25, description: 'CUSTOM' }],
    }),
    engine: agency,
    search: agencyRoundTrip,
  },
};
export const AgencyFamilyBreakdownSpanish = spanish(AgencyFamilyBreakdown);
export const AgencyFamilyBreakdownMobile: Story = { ...AgencyFamilyBreakdown, globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const AgencyFamilyBreakdownMobileSpanish = spanish(AgencyFamilyBreakdownMobile);

// ── Bags (issue 21): one checked bag per traveller on a fare that sells it, and on one whose bag price is unknown ──
const oneCheckedBag = { carryOn: 0, checked: 1 } as const;
/** Basic fare 300 + 25 × 2 legs × 3 travellers: the total reads 450 and says the bags add 150. */
export const ConsumerWithBags: Story = {
  args: { ...consumerIn('idle', { recommendation: basicBagOffer }), bags: oneCheckedBag },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article').getAttribute('aria-label')).toBe('Trip option, US$ 450');
    await expect(canvas.getByText('Includes bags (+US$ 150.00)')).toBeVisible();
  },
};
export const ConsumerWithBagsSpanish = spanish({ args: ConsumerWithBags.args });
export const ConsumerWithBagsMobileSpanish = spanish({ args: ConsumerWithBags.args, globals: { viewport: { value: 'mobile1', isRotated: false } } });
/** No bag price from the supplier: the fare's own total, said plainly. */
export const ConsumerWithBagsPriceUnknown: Story = { args: { ...consumerIn('idle', { recommendation: unpricedBagOffer }), bags: oneCheckedBag } };
export const ConsumerWithBagsPriceUnknownSpanish = spanish(ConsumerWithBagsPriceUnknown);
