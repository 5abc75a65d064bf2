import { and, eq } from 'drizzle-orm';
import type { MarkupRule } from '../../contract/agency.ts';
import type { OfferRequest } from '../../contract/fares.ts';
import { markupRules } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { applyMarkups } from '../domain/markups.ts';
import type { OfferSelection } from '../supply/port.ts';
import { onOffer as onCheckoutOffer } from './checkout.ts';
import { resolveAgencyTerminal, resolveTerminal } from './agency-access.ts';
import { businessToday } from './search.ts';

interface OfferReference {
  id: string;
  flightIds?: readonly string[] | undefined;
}

function selectionFor(deps: AppDeps, reference: OfferReference, agency: boolean): OfferSelection {
  const now = deps.now();
  return { offerId: reference.id, flightIds: reference.flightIds, today: businessToday(now), now: now.getTime(), agency };
}

/** Supplier calls on an offer, as the checkout makes them (an unknown id 400, an offer sold no more 1001). */
const onOffer = <T>(call: () => Promise<T>): Promise<T> => onCheckoutOffer(call, 'body.id');

export async function familyFares(deps: AppDeps, request: OfferRequest) {
  const engine = await resolveTerminal(deps, request.terminalId, request.token);
  return onOffer(() => deps.supplier.fareFamilies(selectionFor(deps, request, engine.isAgency)));
}

export async function offerExtras(deps: AppDeps, request: OfferRequest) {
  const engine = await resolveTerminal(deps, request.terminalId, request.token);
  return onOffer(() => deps.supplier.extras(selectionFor(deps, request, engine.isAgency)));
}

export async function offerCommission(deps: AppDeps, request: OfferRequest) {
  await resolveAgencyTerminal(deps, request.terminalId, request.token);
  const { offer } = await onOffer(() => deps.supplier.price(selectionFor(deps, request, true)));
  const amount = offer.pricing.commission ?? 0;
  return { recommendationId: request.id, details: { isApplied: amount > 0, amount } };
}

export async function loadMarkupRules(deps: AppDeps, terminalId: string): Promise<MarkupRule[]> {
  const rows = await deps.db
    .select()
    .from(markupRules)
    .where(and(eq(markupRules.terminalId, terminalId), eq(markupRules.active, true)))
    .orderBy(markupRules.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ...(row.nameTranslations ? { nameTranslations: row.nameTranslations } : {}),
    paymentMethod: row.paymentMethod,
    engineCode: row.terminalId,
    airlineCode: row.airlineCode,
    amount: { value: row.value, perBooking: row.perBooking, percentage: row.percentage, appliesToBase: row.appliesToBase, passengersType: row.passengerTypes },
  }));
}

export interface MarkupApplication {
  engineCode: string;
  recommendationId: string;
  flightIds?: string[] | undefined;
  paymentMethod?: number | null | undefined;
  token?: string | null | undefined;
}

export async function applyOfferMarkups(deps: AppDeps, request: MarkupApplication) {
  await resolveAgencyTerminal(deps, request.engineCode, request.token);
  const { offer } = await onOffer(() => deps.supplier.price(selectionFor(deps, { id: request.recommendationId, flightIds: request.flightIds }, true)));
  const applied = applyMarkups(await loadMarkupRules(deps, request.engineCode), offer.pricing, request.paymentMethod ?? null);
  return {
    recommendationId: request.recommendationId,
    markups: applied.map((markup, index) => ({ ...markup, rph: index + 1, brandedFares: offer.brandedFares.filter(Boolean) })),
    error: applied.length === 0 ? 'Esta recomendación no aplica markups' : null,
  };
}
