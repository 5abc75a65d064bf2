import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { aerolineasFamilyFares, aerolineasPromoSearch, latamFamilyFares } from '../../../../contract/fixtures/search.ts';
import { fareFamiliesMachine, type FareFamiliesContext } from '../../../../../machines/fare-families.machine.ts';
import { mockEngine, mockSessionIds } from '../../../mocks/handlers.ts';
import { latamRoundTripOffer } from '../card/demo-offers.ts';
import { FareFamiliesModalView } from './FareFamiliesModal.tsx';
import { NO_BAGS, type BagChoice } from '../../../../../machines/bag-prices.ts';
import { cheapestFareForBags } from '../../../../../machines/fare-families.rules.ts';

type ModalState = StateValueFrom<typeof fareFamiliesMachine>;

/** A fare families snapshot for the LATAM round trip, its context as the machine builds it. */
function modalSnapshot(value: ModalState, context: Partial<FareFamiliesContext> = {}) {
  return fareFamiliesMachine.resolveState({
    value,
    context: {
      recommendation: latamRoundTripOffer,
      sessionID: mockSessionIds.live,
      choice: [0, 0],
      families: null,
      chosenCode: null,
      errorMessage: null,
      failure: null,
      bags: NO_BAGS,
      fareForBags: null,
      ...context,
    },
  });
}

const loaded = { families: latamFamilyFares, chosenCode: 'SE' };

const meta = {
  title: 'Results/FareFamiliesModal',
  component: FareFamiliesModalView,
  args: { snapshot: modalSnapshot('closed'), send: fn(), engine: mockEngine('9132868'), search: { business: false } },
} satisfies Meta<typeof FareFamiliesModalView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The comparison opened from a card with bags chosen on the results (issue 21), the fares' context as the machine sets it. */
function withBags(bags: BagChoice, families = latamFamilyFares) {
  return { ...loaded, families, bags, fareForBags: cheapestFareForBags(families.fares, latamRoundTripOffer.itinerary.length, bags) };
}
const basicAndLight = { ...latamFamilyFares, fares: latamFamilyFares.fares.filter((fare) => fare.code === 'QP' || fare.code === 'SL') };
const withoutBagPrices = { ...latamFamilyFares, fares: latamFamilyFares.fares.slice(0, 2).map((fare) => ({ ...fare, baggagePrices: undefined })) };

/** Nothing on screen: the card's 'See fares' button opens it. */
export const Closed: Story = {};
export const Loading: Story = { args: { snapshot: modalSnapshot('loading') } };
export const LoadingSpanish = spanish(Loading);
/** The offer's own family (Standard) starts chosen. */
export const Choosing: Story = { args: { snapshot: modalSnapshot('choosing', loaded) } };
export const ChoosingSpanish = spanish(Choosing);
export const ChoosingAnotherFare: Story = { args: { snapshot: modalSnapshot('choosing', { ...loaded, chosenCode: 'SF' }) } };
export const ChoosingAnotherFareSpanish = spanish(ChoosingAnotherFare);
/** Back to choosing after the selection could not be saved. */
export const SaveFailed: Story = { args: { snapshot: modalSnapshot('choosing', { ...loaded, chosenCode: 'SF', errorMessage: 'Network error' }) } };
export const SaveFailedSpanish = spanish(SaveFailed);
/** An agency in B2B mode booking LATAM sees each family's code and booking classes. */
export const AgencyLatamCodes: Story = {
  args: { snapshot: modalSnapshot('choosing', loaded), engine: mockEngine('2113855'), search: { business: true } },
};
export const AgencyLatamCodesSpanish = spanish(AgencyLatamCodes);
export const Submitting: Story = { args: { snapshot: modalSnapshot('submitting', { ...loaded, chosenCode: 'SF' }) } };
export const SubmittingSpanish = spanish(Submitting);
/** Saved: the loader stays while the browser goes to checkout. */
export const Done: Story = { args: { snapshot: modalSnapshot('done', { ...loaded, chosenCode: 'SF' }) } };
export const DoneSpanish = spanish(Done);
export const Failed: Story = { args: { snapshot: modalSnapshot('failed') } };
export const FailedSpanish = spanish(Failed);
/** The airline sells the offer no more (409 code 1001): the checkout's 1001 dialog, over the results. */
export const OfferUnavailable: Story = {
  args: {
    snapshot: modalSnapshot('offerUnavailable', {
      failure: { statusCode: 1001, error: { status: 409, code: 1001, message: 'Segmentos cancelados', errors: [] } },
    }),
  },
  // The dialog's code loads on demand: the checks run once it shows.
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).getByRole('alertdialog')).toBeTruthy(), { timeout: 5000 });
  },
};
export const OfferUnavailableSpanish = spanish(OfferUnavailable);
/**
 * Aerolíneas Argentinas: Promo is a basic fare spec 1 §5 forces to one carry-on, so every column shows
 * one (issue 20); the rows and cells are worded from the fares' inclusions in the page's language.
 */
export const ChoosingBasicFare: Story = {
  args: { snapshot: modalSnapshot('choosing', { recommendation: aerolineasPromoSearch.data[0]!, choice: [0], families: aerolineasFamilyFares, chosenCode: 'PROMO' }) },
};
export const ChoosingBasicFareSpanish = spanish(ChoosingBasicFare);

/** The columns marked as the cheapest with the chosen bags (green frame and words), whatever the page's language. */
const markedColumns = (canvasElement: HTMLElement) => [...canvasElement.ownerDocument.body.querySelectorAll('[role="dialog"] th[data-for-bags]')];

/**
 * A carry-on and a checked bag per traveller: Standard (US$ 473) includes both and is marked, in words and with a
 * green frame, as the cheapest fare with those bags.
 */
export const ChoosingWithBags: Story = {
  args: { snapshot: modalSnapshot('choosing', withBags({ carryOn: 1, checked: 1 })) },
  play: async ({ canvasElement }) => {
    const marked = markedColumns(canvasElement);
    await expect(marked).toHaveLength(1);
    await expect(marked[0]?.textContent).toContain('Standard');
    await expect(marked[0]?.textContent).toContain('US$ 473');
  },
};
export const ChoosingWithBagsSpanish = spanish(ChoosingWithBags);
/** One checked bag, Basic and Light only: Basic plus the bags it sells (US$ 565) beats Light plus the same bags. */
export const ChoosingWithBagsBought: Story = {
  args: { snapshot: modalSnapshot('choosing', { ...withBags({ carryOn: 0, checked: 1 }, basicAndLight), chosenCode: 'QP' }) },
  play: async ({ canvasElement }) => {
    const marked = markedColumns(canvasElement);
    await expect(marked).toHaveLength(1);
    await expect(marked[0]?.textContent).toContain('Basic');
    await expect(marked[0]?.textContent).toContain('US$ 565');
  },
};
export const ChoosingWithBagsBoughtSpanish = spanish(ChoosingWithBagsBought);
/** The supplier did not say what these fares' bags cost: nothing is marked, and the note says so. */
export const ChoosingWithBagsUnpriced: Story = {
  args: { snapshot: modalSnapshot('choosing', { ...withBags({ carryOn: 0, checked: 1 }, withoutBagPrices), chosenCode: 'QP' }) },
  play: async ({ canvasElement }) => {
    await expect(markedColumns(canvasElement)).toHaveLength(0);
    await expect(canvasElement.ownerDocument.body.querySelector('.fare-families__bags')).toBeTruthy();
  },
};
export const ChoosingWithBagsUnpricedSpanish = spanish(ChoosingWithBagsUnpriced);
