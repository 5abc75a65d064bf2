import { and, assertEvent, assign, not, sendParent, setup } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import { insuranceSelectionSchema, type Birthdate, type InsuranceProduct, type InsuranceSelection } from '../src/contract/checkout.ts';
import { insuranceRejectedByAge } from '../src/contract/checkout-rules.ts';
import { notProvided } from './not-provided.ts';

/** Plan 1, plan 2 or none (spec 2 §4). */
export type InsuranceChoice = 'product1' | 'product2' | 'none';

export interface InsuranceInput {
  offered: boolean;
  passengersQuantity: number;
  /** After a reload: the answer given before, and the whole birthdates already typed (issue 11). */
  restoredChoice?: InsuranceChoice | null;
  birthdates?: Birthdate[];
  /** The trip's final arrival (YYYY-MM-DD), the day ages are measured on. */
  finalArrival?: string;
}

export interface InsuranceContext extends InsuranceInput {
  products: InsuranceProduct[];
  choice: InsuranceChoice | null;
  /** The coverage detail modal shows this product. */
  detailsProductId: string | null;
  /** The over-70 notice was acknowledged ('Aceptar'). */
  acknowledged: boolean;
}

export type InsuranceEvent =
  | { type: 'insurance.choose'; choice: InsuranceChoice }
  | { type: 'insurance.details'; productId: string | null }
  | { type: 'insurance.ages'; birthdates: Birthdate[]; finalArrival: string }
  | { type: 'insurance.acknowledge' }
  /** The checkout's submit found no answer: the 'insurance not chosen' modal asks for one (spec 2 §2, §4). */
  | { type: 'insurance.ask' }
  /** The modal closed without an answer: the block keeps asking inline. */
  | { type: 'insurance.dismiss' };

/**
 * The insurance answer the book form carries: the chosen plan, 'none' (declined: still an answer the
 * profiles that require one accept), or nothing while unanswered.
 */
export function selectionFor(products: InsuranceProduct[], choice: InsuranceChoice | null, passengersQuantity: number): InsuranceSelection | null {
  if (choice === 'none') return insuranceSelectionSchema.parse({ passengersQuantity, isSelect: false, productSelected: 'none' });
  const product = choice === 'product1' ? products[0] : choice === 'product2' ? products[1] : undefined;
  if (!product) return null;
  return insuranceSelectionSchema.parse({
    productId: product.productId,
    productName: product.familyName,
    destination: product.destinationName,
    price: product.priceDay,
    priceTotal: product.priceTotal,
    igv: product.tax,
    feeAgency: product.fees,
    feeCostamar: 0,
    fareProduct: product.priceTotal,
    coverageItems: product.atributos,
    passengersQuantity,
    isSelect: true,
    isRejected: false,
    productSelected: choice,
  });
}

/** Someone over 70: no plan for anyone (spec 2 §4); the server checks the ages again. */
export const rejectedSelection = (passengersQuantity: number): InsuranceSelection =>
  insuranceSelectionSchema.parse({ passengersQuantity, isSelect: false, isRejected: true });

export const insuranceMachine = setup({
  types: { context: {} as InsuranceContext, events: {} as InsuranceEvent, input: {} as InsuranceInput },
  actors: { loadInsuranceProducts: notProvided<InsuranceProduct[], void>('loadInsuranceProducts') },
  actions: {
    choose: assign({
      choice: ({ event }) => {
        assertEvent(event, 'insurance.choose');
        return event.choice;
      },
    }),
    showDetails: assign({
      detailsProductId: ({ event }) => {
        assertEvent(event, 'insurance.details');
        return event.productId;
      },
    }),
    tellCheckout: sendParent(({ context }) => ({
      type: 'insurance.changed',
      offered: true,
      choice: context.choice,
      selection: selectionFor(context.products, context.choice, context.passengersQuantity),
    })),
    /** Over 70: no insurance for anyone, and the total drops it (spec 2 §4). */
    dropChoice: assign({ choice: null, acknowledged: false }),
    tellCheckoutNoInsurance: sendParent(({ context }) => ({
      type: 'insurance.changed',
      offered: false,
      choice: null,
      selection: rejectedSelection(context.passengersQuantity),
    })),
    acknowledge: assign({ acknowledged: true }),
    storeProducts: assign({ products: ({ event }) => (event as unknown as { output: InsuranceProduct[] }).output }),
    takeRestoredChoice: assign({ choice: ({ context }) => context.restoredChoice ?? null }),
  },
  guards: {
    isOffered: ({ context }) => context.offered,
    hasProducts: ({ event }) => (event as unknown as { output: InsuranceProduct[] }).output.length > 0,
    /** The restored birthdates (after a reload) already include someone over 70. */
    restoredOver70: ({ context }) =>
      Boolean(context.finalArrival && context.birthdates?.length) && insuranceRejectedByAge(context.birthdates ?? [], Temporal.PlainDate.from(context.finalArrival!)),
    /** The restored answer is one the loaded plans still offer. */
    restoredChoiceFits: ({ context, event }) => {
      const products = (event as unknown as { output: InsuranceProduct[] }).output;
      const choice = context.restoredChoice;
      return choice === 'none' || (choice === 'product1' && products.length > 0) || (choice === 'product2' && products.length > 1);
    },
    anyoneOver70: ({ event }) => {
      assertEvent(event, 'insurance.ages');
      return insuranceRejectedByAge(event.birthdates, Temporal.PlainDate.from(event.finalArrival));
    },
  },
}).createMachine({
  id: 'insurance',
  context: ({ input }) => ({ ...input, products: [], choice: null, detailsProductId: null, acknowledged: false }),
  initial: 'deciding',
  states: {
    /** Only whitelisted profiles, and never for provider 101 (spec 2 §5). */
    deciding: { always: [{ guard: 'isOffered', target: 'loading' }, { target: 'notOffered' }] },
    notOffered: {},
    loading: {
      invoke: {
        id: 'loadInsuranceProducts',
        src: 'loadInsuranceProducts',
        onDone: [
          // After a reload: someone over 70 gets no plan; otherwise the answer given before comes back.
          { guard: and(['hasProducts', 'restoredOver70']), target: 'rejected', actions: ['storeProducts', 'tellCheckoutNoInsurance'] },
          { guard: and(['hasProducts', 'restoredChoiceFits']), target: 'chosen', actions: ['storeProducts', 'takeRestoredChoice', 'tellCheckout'] },
          { guard: 'hasProducts', target: 'choosing', actions: ['storeProducts', 'tellCheckout'] },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    unavailable: {},
    /** Nothing chosen yet: 'Por favor selecciona una de estas 3 opciones' when submitting. */
    choosing: {
      initial: 'quiet',
      states: {
        quiet: { on: { 'insurance.ask': 'asking' } },
        /** The 'insurance not chosen' modal: plan 1, plan 2 or none; closing it leaves the choice to the block. */
        asking: { on: { 'insurance.dismiss': 'quiet' } },
      },
      on: {
        'insurance.choose': { target: 'chosen', actions: ['choose', 'tellCheckout'] },
        'insurance.details': { actions: 'showDetails' },
        'insurance.ages': { guard: 'anyoneOver70', target: 'rejected', actions: ['dropChoice', 'tellCheckoutNoInsurance'] },
      },
    },
    chosen: {
      on: {
        'insurance.choose': { actions: ['choose', 'tellCheckout'] },
        'insurance.details': { actions: 'showDetails' },
        'insurance.ages': { guard: 'anyoneOver70', target: 'rejected', actions: ['dropChoice', 'tellCheckoutNoInsurance'] },
      },
    },
    /** 'Uno de los pasajeros supera los 70 años por lo tanto no aplica el seguro para ningún pasajero' */
    rejected: {
      on: {
        'insurance.acknowledge': { actions: 'acknowledge' },
        'insurance.ages': { guard: not('anyoneOver70'), target: 'choosing', actions: 'tellCheckout' },
      },
    },
  },
});
