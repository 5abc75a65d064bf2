import { z } from 'zod';
import {
  documentTypeSchema,
  genderSchema,
  insuranceChoiceSchema,
  MAX_PASSENGERS,
  paymentCodeSchema,
  passengerTypeSchema,
  termsAcceptanceSchema,
} from '../src/contract/checkout.ts';
import { customFeeOf } from '../src/contract/checkout-totals.ts';
import type { Fee, Passengers } from '../src/contract/search.ts';
import { passengerDrafts } from './checkout.rules.ts';
import type { CheckoutDraft } from './checkout.machine.ts';
import { withCustomFee } from './selection.ts';

/**
 * What a reload keeps of a checkout (issue 11): everything the traveller typed or chose, so a reload
 * (or reopening the checkout address in the same tab) puts it back. Never the card: its number,
 * security code and expiry are typed again, and not even the gateway token is kept. Coupons keep only
 * their code (the discount is checked again), insurance only the answer (its price is loaded again),
 * the agency's extra charge only its amount.
 *
 * The schema checks types, not the form rules: a half-typed e-mail is a draft like any other.
 */
const text = z.string().max(1000);
const birthdatePartsSchema = z.object({
  year: z.number().int().optional(),
  month: z.number().int().optional(),
  day: z.number().int().optional(),
});

const storedPassengerSchema = z.object({
  type: passengerTypeSchema,
  firstName: text.optional(),
  lastName: text.optional(),
  gender: genderSchema.optional(),
  birthdate: birthdatePartsSchema.optional(),
  countryCode: text.optional(),
  documentType: documentTypeSchema.optional(),
  documentNumber: text.optional(),
  email: text.optional(),
  phoneNumber: text.optional(),
  assignedPassenger: z.number().int().min(1).max(MAX_PASSENGERS).optional(),
  frequentFlyer: text.optional(),
  acceptsContactInfo: z.boolean().optional(),
});

const invoiceFields = {
  invoice: z.boolean().optional(),
  ruc: text.optional(),
  companyName: text.optional(),
  companyAddress: text.optional(),
};

const storedContactSchema = z.object({
  firstName: text.optional(),
  lastName: text.optional(),
  email: text.optional(),
  countryCode: text.optional(),
  phoneNumber: text.optional(),
  ...invoiceFields,
});

const storedAgencySchema = z.object({
  email: text.optional(),
  countryCode: text.optional(),
  ...invoiceFields,
  isInvoiceChecked: z.boolean().optional(),
});

export const STORED_DRAFT_VERSION = 1;

export const storedCheckoutDraftSchema = z.object({
  version: z.literal(STORED_DRAFT_VERSION),
  /** The session the draft was typed in: a draft never moves to another session. */
  sessionID: z.string().min(1),
  passengers: z.array(storedPassengerSchema).min(1).max(MAX_PASSENGERS),
  contact: storedContactSchema,
  agency: storedAgencySchema,
  additional: z.object({ enabled: z.boolean(), accountId: text }),
  terms: termsAcceptanceSchema,
  paymentCode: paymentCodeSchema.nullable(),
  insuranceChoice: insuranceChoiceSchema.nullable(),
  /** Only an applied code; it is checked again when the draft comes back. */
  couponCode: text.nullable(),
  /** The agency's extra charge (US$, 0 = none). */
  customFee: z.number().min(0).max(1_000_000),
});
export type StoredCheckoutDraft = z.infer<typeof storedCheckoutDraftSchema>;

/** The parts of a checkout draft a reload keeps (the card is not among them). */
export type DraftToStore = Pick<CheckoutDraft, 'passengers' | 'contact' | 'agency' | 'additional' | 'terms' | 'paymentCode' | 'coupon' | 'fees'> & {
  insurance: Pick<CheckoutDraft['insurance'], 'choice'>;
};

/**
 * The stored form of a draft, built field by field (the schema drops anything else, so the card cannot
 * slip in); null for a draft that does not fit the schema (nothing is then kept).
 */
export function storedDraftOf(sessionID: string, draft: DraftToStore): StoredCheckoutDraft | null {
  const stored = storedCheckoutDraftSchema.safeParse({
    version: STORED_DRAFT_VERSION,
    sessionID,
    passengers: draft.passengers,
    contact: draft.contact,
    agency: draft.agency,
    additional: draft.additional,
    terms: draft.terms,
    paymentCode: draft.paymentCode,
    insuranceChoice: draft.insurance.choice,
    couponCode: draft.coupon?.apply ? draft.coupon.promotionalCode : null,
    customFee: customFeeOf(draft.fees),
  });
  return stored.success ? stored.data : null;
}

/** A stored draft of this session, or null (nothing stored, not a draft, or another session's). */
export function storedDraftOfSession(stored: unknown, sessionID: string): StoredCheckoutDraft | null {
  if (stored === undefined || stored === null) return null;
  const parsed = storedCheckoutDraftSchema.safeParse(stored);
  return parsed.success && parsed.data.sessionID === sessionID ? parsed.data : null;
}

/**
 * Whether a stored draft fits the session's party: one passenger of each type in the order the search
 * gives them. A draft for another party is ignored, not cut to size.
 */
export function draftFitsParty(stored: StoredCheckoutDraft, passengers: Passengers): boolean {
  const expected = passengerDrafts(passengers).map((passenger) => passenger.type);
  const types = stored.passengers.map((passenger) => passenger.type);
  return types.length === expected.length && types.every((type, index) => type === expected[index]);
}

/** The session's fees with the stored extra charge put back (0 removes any). */
export const feesWithStoredCustomFee = (fees: Fee[], customFee: number): Fee[] => withCustomFee(fees, String(customFee)) ?? fees;
