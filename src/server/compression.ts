import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** The content codings the server sends, best first: brotli is ~3–10× smaller than gzip on search JSON. */
export type ContentCoding = 'br' | 'gzip';
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The coding to answer with, from the request's Accept-Encoding (RFC 9110 §12.5.3: `q=0` refuses,
 * `*` stands for any coding not named), among those on offer, best first; none when nothing fits.
 */
export function negotiateCoding(acceptEncoding: string | undefined, offered: readonly ContentCoding[] = CODINGS): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      return [name.toLowerCase(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  for (const coding of offered) {
    if (weightOf(coding) > 0 && (!best || weightOf(coding) > weightOf(best))) best = coding;
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compression levels. Per request, for speed (brotli 4, gzip 4), in zlib's threads: on the search's
 * round trips (~270 KB of JSON) a third less CPU than brotli 5 and gzip 6 for some 15 % more bytes
 * (brotli 11.9 KB instead of 10.3, gzip 17.0 instead of 14.4; issue 15). At build time, once per asset: the highest.
 */
const LEVELS = { request: { br: 4, gzip: 4 }, build: { br: constants.BROTLI_MAX_QUALITY, gzip: 9 } } as const;

export async function compress(body: Uint8Array | string, coding: ContentCoding, effort: keyof typeof LEVELS = 'request'): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: LEVELS[effort].gzip });
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS[effort].br, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/**
 * Compresses a streamed answer as it goes (the search streamed across suppliers, issue 17): each chunk is
 * flushed out whole, so the client reads every line the moment it is sent, in a fraction of its bytes.
 */
export function compressStream(body: ReadableStream<Uint8Array>, coding: ContentCoding): ReadableStream<Uint8Array> {
  const zip = coding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS.request.br } }) : createGzip({ level: LEVELS.request.gzip });
  const flush = coding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      zip.on('end', () => controller.close());
      zip.on('error', (error) => controller.error(error));
      void (async () => {
        try {
          for (let read = await reader.read(); !read.done; read = await reader.read()) {
            zip.write(read.value);
            zip.flush(flush);
          }
          zip.end();
        } catch (error) {
          zip.destroy(error as Error);
        }
      })();
    },
    cancel(reason) {
      zip.destroy();
      return reader.cancel(reason);
    },
  });
}

/** Text answers worth compressing; event streams and binary types are left alone. */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:json|javascript|xml)|text\/(?:html|css|plain|javascript|xml|calendar)|image\/svg\+xml)\b/i;
/** Below this a compressed body plus its header saves nothing worth a compression. */
const MIN_BYTES = 1024;

/** Adds Accept-Encoding to Vary: caches must keep the codings apart. */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses text answers (API JSON, pages) with the best coding the client accepts. Answers that
 * chose their coding themselves (precompressed assets, the cached search answers) pass untouched.
 */
export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const { res } = c;
  if (c.req.method === 'HEAD' || !res.body || res.status === 206 || res.headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
  varyOnEncoding(res.headers);
  const coding = negotiateCoding(c.req.header('Accept-Encoding'));
  const length = res.headers.get('Content-Length');
  if (!coding || (length !== null && Number(length) < MIN_BYTES)) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const compressed = body.byteLength < MIN_BYTES ? undefined : new Uint8Array(await compress(body, coding));
  // Hono copies the old answer's headers onto the new one, so the length and coding are set after.
  c.res = new Response(compressed ?? body, res);
  c.res.headers.set('Content-Length', String((compressed ?? body).byteLength));
  if (compressed) c.res.headers.set('Content-Encoding', coding);
};
