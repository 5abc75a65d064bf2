/**
 * A search across several suppliers streamed as they answer (issue 17; the line format is
 * src/contract/search-stream.ts): one line of the offers merged so far each time a supplier answers with
 * offers while others are still asked, then the whole answer, the same JSON the normal answer carries
 * (cached as it is), or the typed error body when the search failed once the answer had begun.
 */
import { errorCodes } from '../../contract/common.ts';
import { partialSearchLine } from '../../contract/search-stream.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { searchEach, type SupplierEntry } from '../supply/multi.ts';
import type { Supplier, SupplierSearchQuery, SupplierSearchResult } from '../supply/port.ts';
import { answerSearch, type PreparedSearch } from './search.ts';

/** The suppliers a search asks one by one (createMultiSupplier's entries), or undefined for a single supplier. */
export function supplierEntriesOf(supplier: Supplier): readonly SupplierEntry[] | undefined {
  const { entries } = supplier as { entries?: readonly SupplierEntry[] };
  return Array.isArray(entries) && entries.length > 1 ? entries : undefined;
}

const failureBody = (error: unknown) =>
  (error instanceof ApiFailure ? error : new ApiFailure(500, errorCodes.internal, 'Internal error, please try again in a few minutes.')).toBody();

/** The streamed answer's body: NDJSON lines as above, ended after the last. */
export function streamSearch(deps: AppDeps, prepared: PreparedSearch, entries: readonly SupplierEntry[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (line: string) => {
        if (open) controller.enqueue(encoder.encode(line));
      };
      const answered = new Set<string>();
      const searchInBatches = async (query: SupplierSearchQuery): Promise<SupplierSearchResult> => {
        const { merged, errors } = await searchEach(entries, query, (soFar, batch) => {
          answered.add(batch.supplier);
          const pending = entries.map((entry) => entry.code).filter((code) => !answered.has(code));
          if (pending.length === 0 || soFar.offers.length === 0) return;
          const unavailable = soFar.unavailableSuppliers.length > 0 ? { unavailableSuppliers: soFar.unavailableSuppliers } : {};
          write(partialSearchLine({ status: 200, data: soFar.offers, flexible: soFar.flexible, ...unavailable }, pending));
        });
        // As the multi-supplier's own search: none answered, the first failure stands (a timeout is the 504).
        if (merged.unavailableSuppliers.length === entries.length) throw errors[0];
        return { offers: merged.offers, flexible: merged.flexible, ...(merged.unavailableSuppliers.length > 0 ? { unavailableSuppliers: merged.unavailableSuppliers } : {}) };
      };
      try {
        write(`${(await answerSearch(deps, prepared, searchInBatches)).json}\n`);
      } catch (error) {
        if (!(error instanceof ApiFailure)) console.error(`API POST /flights/search (streamed) failed: ${error instanceof Error ? error.message : String(error)}`);
        write(`${JSON.stringify(failureBody(error))}\n`);
      }
      // A supplier answering after the search's deadline writes nothing more.
      if (open) controller.close();
      open = false;
    },
    cancel() {
      open = false;
    },
  });
}
