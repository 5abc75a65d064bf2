import { z } from 'zod';
import { packSearchResponse, type SearchResponse } from './search.ts';

/**
 * The search answer streamed across suppliers (issue 17). POST /flights/search asked with
 * `Accept: application/x-ndjson` while several suppliers are enabled answers one JSON line per supplier
 * that answers with offers while others are still asked: the packed answer merged so far (the wire format
 * of the normal answer) with `pendingSuppliers`, the codes of those still asked. The last line is the
 * whole answer, exactly the normal one (no `pendingSuppliers`), or the typed error body when the search
 * failed after the answer began. With one supplier, or an answer already cached, the normal JSON answer
 * comes instead: a client reads the Content-Type.
 */
export const SEARCH_STREAM_TYPE = 'application/x-ndjson';

/** What marks a line as not the last: the suppliers still asked. */
export const searchStreamProgressSchema = z.object({ pendingSuppliers: z.array(z.string()).min(1) });

/** The offers merged so far, while `pendingSuppliers` are still asked. */
export type PartialSearchResponse = SearchResponse & { pendingSuppliers: string[] };

/** One line of the stream that is not the last. */
export const partialSearchLine = (response: SearchResponse, pendingSuppliers: readonly string[]): string =>
  `${JSON.stringify({ ...packSearchResponse(response), pendingSuppliers })}\n`;

/** The lines of an NDJSON body as they arrive (the last one may lack its newline); blank lines are skipped. */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n');
      while (end >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (line) yield line;
        end = buffered.indexOf('\n');
      }
    }
    buffered += decoder.decode();
    if (buffered.trim()) yield buffered.trim();
  } finally {
    reader.releaseLock();
  }
}
