/**
 * Search answers of several suppliers as one (issue 17). Pure: a batch is one supplier's answer (or its
 * failure), and mergeBatch folds it into what was merged so far, so a streaming endpoint can send the
 * merged list after each supplier's batch as it comes; mergeSupplierResults is the fold over all of them.
 *
 * Two offers of different suppliers are the same itinerary when every leg holds the same flights (marketing
 * carrier, number and local departure of each segment): the supplier selling it cheaper keeps its offers of
 * it (the earlier batch on a tie), the other's are dropped and remembered, with their supplier, in
 * `alsoSoldBy` of the cheapest kept one. One supplier's own offers of the same flights (the sandbox sells
 * some through several providers) are all kept, as that supplier answered them. Offers go cheapest first.
 */
import { MAX_RECOMMENDATIONS, type FlexibleDates, type Recommendation } from '../../contract/search.ts';
import type { SupplierFailure, SupplierSearchResult } from './port.ts';

export type SupplierBatch = { supplier: string; result: SupplierSearchResult } | { supplier: string; failure: SupplierFailure['reason'] };

export interface MergedSearch {
  offers: Recommendation[];
  flexible: FlexibleDates | null;
  unavailableSuppliers: SupplierFailure[];
  /** The supplier of each kept offer, by offer id. */
  supplierOf: ReadonlyMap<string, string>;
  /** Kept offer id → the same itinerary as other suppliers sold it (dropped as dearer or equal). */
  alsoSoldBy: ReadonlyMap<string, ReadonlyArray<{ supplier: string; offerId: string; total: number }>>;
}

export const emptyMerge = (): MergedSearch => ({ offers: [], flexible: null, unavailableSuppliers: [], supplierOf: new Map(), alsoSoldBy: new Map() });

/** The itinerary an offer sells: per leg, its flights' segments in order. */
export function itineraryKey(offer: Recommendation): string {
  return offer.itinerary
    .map((leg) =>
      leg.flights
        .map((flight) => flight.segments.map((segment) => `${segment.marketingAirline.code}${segment.flightNumber}@${segment.departureDateTime.slice(0, 16)}`).join('+'))
        .sort()
        .join(','),
    )
    .join('|');
}

export function mergeBatch(merged: MergedSearch, batch: SupplierBatch): MergedSearch {
  if ('failure' in batch) return { ...merged, unavailableSuppliers: [...merged.unavailableSuppliers, { supplier: batch.supplier, reason: batch.failure }] };
  const supplierOf = new Map(merged.supplierOf);
  const alsoSoldBy = new Map(merged.alsoSoldBy);
  const cheapest = (offers: readonly Recommendation[]) => offers.reduce((best, offer) => (offer.pricing.total < best.pricing.total ? offer : best));
  // One supplier's own offers of the same flights (other providers, other fares) all stay: only another supplier's are twins.
  const held = new Map<string, Recommendation[]>();
  for (const offer of merged.offers) held.set(itineraryKey(offer), [...(held.get(itineraryKey(offer)) ?? []), offer]);
  const arriving = new Map<string, Recommendation[]>();
  for (const offer of batch.result.offers) arriving.set(itineraryKey(offer), [...(arriving.get(itineraryKey(offer)) ?? []), offer]);
  const dropped = new Set<Recommendation>();
  for (const [key, offers] of arriving) {
    const holders = held.get(key);
    for (const offer of offers) supplierOf.set(offer.id, batch.supplier);
    if (!holders) continue;
    const [keep, drop] = cheapest(offers).pricing.total < cheapest(holders).pricing.total ? [offers, holders] : [holders, offers];
    const kept = cheapest(keep);
    const remembered = drop.flatMap((offer) => [...(alsoSoldBy.get(offer.id) ?? []), { supplier: supplierOf.get(offer.id) ?? '', offerId: offer.id, total: offer.pricing.total }]);
    for (const offer of drop) {
      alsoSoldBy.delete(offer.id);
      supplierOf.delete(offer.id);
      dropped.add(offer);
    }
    alsoSoldBy.set(kept.id, [...(alsoSoldBy.get(kept.id) ?? []), ...remembered]);
  }
  // A stable sort: equal totals keep the order they came in (each supplier's own ranking first).
  const offers = [...merged.offers, ...batch.result.offers]
    .filter((offer) => !dropped.has(offer))
    .sort((a, b) => a.pricing.total - b.pricing.total)
    .slice(0, MAX_RECOMMENDATIONS);
  return { offers, flexible: merged.flexible ?? batch.result.flexible, unavailableSuppliers: merged.unavailableSuppliers, supplierOf, alsoSoldBy };
}

export const mergeSupplierResults = (batches: readonly SupplierBatch[]): MergedSearch => batches.reduce(mergeBatch, emptyMerge());
