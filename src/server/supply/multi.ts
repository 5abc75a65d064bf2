/**
 * Several suppliers behind one Supplier port (issue 17): a search asks every one in parallel, each within
 * its own deadline, and merges their answers (merge.ts); one that fails or is slow is left out and named in
 * `unavailableSuppliers`, so the search degrades to fewer offers, never to an error, unless none answered
 * (then the first one's failure stands: a timeout is still the search's 504). Everything about one offer
 * goes to the supplier whose prefix its id carries (sbx. sandbox, duf. Duffel); routes, airports and
 * airlines for banners and autocomplete come from the first supplier (the sandbox's world).
 */
import { withDeadline } from './deadline.ts';
import { mergeBatch, emptyMerge, type MergedSearch, type SupplierBatch } from './merge.ts';
import { SupplierTimeout, UnknownOffer, type OfferSelection, type SupplierCalendar, type SupplierCalendarQuery, type Supplier, type SupplierSearchQuery, type SupplierSearchResult } from './port.ts';

export interface SupplierEntry {
  /** The code named when it fails (sandbox, duffel): the client translates it. */
  code: string;
  /** The start of every offer id it issues. */
  idPrefix: string;
  supplier: Supplier;
  /** How long a search waits for it. */
  searchDeadlineMs: number;
}

/** Asks each supplier, calling `onBatch` with the merge so far as each answers or fails (a streaming endpoint's hook); resolves with the whole merge. */
export async function searchEach(entries: readonly SupplierEntry[], query: SupplierSearchQuery, onBatch?: (merged: MergedSearch, batch: SupplierBatch) => void) {
  let merged = emptyMerge();
  const errors: unknown[] = [];
  await Promise.all(
    entries.map(async (entry) => {
      let batch: SupplierBatch;
      try {
        batch = { supplier: entry.code, result: await withDeadline(entry.searchDeadlineMs, () => entry.supplier.search(query)) };
      } catch (error) {
        errors.push(error);
        batch = { supplier: entry.code, failure: error instanceof SupplierTimeout ? 'timeout' : 'error' };
      }
      merged = mergeBatch(merged, batch);
      onBatch?.(merged, batch);
    }),
  );
  return { merged, errors };
}

/**
 * The price calendar across suppliers: each is asked within its deadline; per day the cheapest of those that
 * answered. Suppliers without a calendar (null) or that failed are left out; none answered: null, or the
 * first failure when every one that has a calendar failed.
 */
export async function calendarEach(entries: readonly SupplierEntry[], query: SupplierCalendarQuery): Promise<SupplierCalendar> {
  const answers = await Promise.allSettled(entries.map((entry) => withDeadline(entry.searchDeadlineMs, () => entry.supplier.priceCalendar(query))));
  const calendars = answers.flatMap((answer) => (answer.status === 'fulfilled' && answer.value ? [answer.value] : []));
  if (calendars.length === 0) {
    const failed = answers.find((answer) => answer.status === 'rejected');
    if (failed) throw failed.reason;
    return null;
  }
  return query.pairs.map((_, index) => {
    const totals = calendars.map((calendar) => calendar[index] ?? null).filter((total) => total !== null);
    return totals.length > 0 ? Math.min(...totals) : null;
  });
}

export function createMultiSupplier(entries: readonly [SupplierEntry, ...SupplierEntry[]]): Supplier & { entries: readonly SupplierEntry[] } {
  const [primary] = entries;
  const owner = (id: string): Supplier => {
    const entry = entries.find((candidate) => id.startsWith(candidate.idPrefix));
    if (!entry) throw new UnknownOffer(`The id ${id} is not one of the enabled suppliers’.`);
    return entry.supplier;
  };
  const on = (selection: OfferSelection) => owner(selection.offerId);
  return {
    entries,
    async search(query): Promise<SupplierSearchResult> {
      const { merged, errors } = await searchEach(entries, query);
      if (merged.unavailableSuppliers.length === entries.length) throw errors[0];
      return { offers: merged.offers, flexible: merged.flexible, ...(merged.unavailableSuppliers.length > 0 ? { unavailableSuppliers: merged.unavailableSuppliers } : {}) };
    },
    priceCalendar: (query) => calendarEach(entries, query),
    price: async (selection) => on(selection).price(selection),
    fareFamilies: async (selection) => on(selection).fareFamilies(selection),
    extras: async (selection) => on(selection).extras(selection),
    seatMap: async (selection) => on(selection).seatMap(selection),
    book: async (request, signal) => on(request.selection).book(request, signal),
    // Order ids carry their supplier's prefix as offer ids do.
    async payHeld(orderId) {
      const supplier = owner(orderId);
      if (!supplier.payHeld) throw new UnknownOffer(`The supplier of order ${orderId} holds no orders.`);
      return supplier.payHeld(orderId);
    },
    cancelOrder: async (orderId) => (await owner(orderId).cancelOrder?.(orderId)) ?? false,
    brandedFareCatalogue: () => entries.flatMap((entry) => entry.supplier.brandedFareCatalogue()),
    airlinesServing: (origin, destination) => primary.supplier.airlinesServing(origin, destination),
    nonstopDestinations: (airport) => primary.supplier.nonstopDestinations(airport),
    servesAirport: (airport) => primary.supplier.servesAirport(airport),
    airlines: () => primary.supplier.airlines(),
  };
}
