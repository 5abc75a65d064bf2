import type { MiddlewareHandler } from 'hono';
import { SEARCH_STREAM_TYPE } from '../../contract/search-stream.ts';
import { searchRequestSchema } from '../../contract/search.ts';
import { compressStream, negotiateCoding } from '../compression.ts';
import type { AppEnv } from '../http.ts';
import { streamSearch, supplierEntriesOf } from '../services/search-stream.ts';
import { prepareSearch } from '../services/search.ts';

/**
 * POST /flights/search streamed across suppliers (issue 17, src/contract/search-stream.ts): taken here when the
 * client accepts NDJSON, several suppliers are enabled and the answer is not cached yet. Everything else (one
 * supplier, the default; a cached answer; a body the contract refuses, which the route answers 400) goes on to
 * the normal route, so a client that does not ask, or the sandbox alone, gets the very same answer as before.
 */
export const streamedSearch: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { deps } = c.var;
  const entries = supplierEntriesOf(deps.supplier);
  if (!entries || !(c.req.header('accept') ?? '').includes(SEARCH_STREAM_TYPE)) return next();
  const request = searchRequestSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!request.success) return next();
  // A refused terminal or itinerary throws here: the typed error answer, before any line.
  const prepared = await prepareSearch(deps, request.data);
  if (prepared.cache.get(prepared.key)) return next();
  const lines = streamSearch(deps, prepared, entries);
  // Each line carries the offers merged so far: compressed, line by line, they cost what the JSON answer does.
  const coding = negotiateCoding(c.req.header('accept-encoding'));
  const headers = { 'content-type': SEARCH_STREAM_TYPE, 'cache-control': 'no-store', vary: 'Accept-Encoding' };
  if (!coding) return c.body(lines, 200, headers);
  return c.body(compressStream(lines, coding), 200, { ...headers, 'content-encoding': coding });
};
