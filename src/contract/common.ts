import { z } from 'zod';

/** An e-mail address as typed (trimmed): checkout, post-sale, payment pages and price alerts. */
export const emailSchema = z.string().trim().pipe(z.email('Enter a valid email'));

/** One line of an API error: `value` is the human text (the spec reads `errors[0].value`). */
export const apiErrorItemSchema = z.object({
  path: z.string().optional(),
  code: z.string().optional(),
  value: z.string(),
});

/**
 * Every API error has this body. `code` is the spec's numeric code where one exists
 * (204, 401, 402, 504, 1000–1303 …) and a stable upper-case word otherwise.
 */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.union([z.number().int(), z.string()]),
  message: z.string(),
  errors: z.array(apiErrorItemSchema),
  /** On a 429: the seconds until the limit lets the caller in again, the same as the `Retry-After` header and the message. */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  sessionNotFound: 'SESSION_NOT_FOUND',
  sessionExpired: 'SESSION_EXPIRED',
  /** A change to a session without its owner key (X-Session-Key): only the browser that created it may change it. */
  sessionKeyRequired: 'SESSION_KEY_REQUIRED',
  engineNotFound: 'ENGINE_NOT_FOUND',
  internal: 'INTERNAL',
  /** The database is briefly out of reach (a restart, a failover): try again in a moment. */
  unavailable: 'SERVICE_UNAVAILABLE',
  /** Too many requests from this client or for this target (429 with Retry-After). */
  rateLimited: 'RATE_LIMITED',
} as const;

export const languageSchema = z.enum(['es', 'en']);

/** A channel's text in other page languages; the channel's own text stands where one is missing. */
export const textTranslationsSchema = z.partialRecord(languageSchema, z.string());
export type Language = z.infer<typeof languageSchema>;
/** A value read as a language, else `fallback` (no schema built per call: components read it on every render). */
export const languageOr = (fallback: Language, value: unknown): Language => ((languageSchema.options as readonly unknown[]).includes(value) ? (value as Language) : fallback);
/** A page's language when its address names none (`?lang=`). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The countries the product sells in (spec 1 §1); RD is the Dominican Republic. */
export const marketCountrySchema = z.enum(['PE', 'US', 'CO', 'EC', 'MX', 'RD']);
export type MarketCountry = z.infer<typeof marketCountrySchema>;
/** A market's ISO 3166 code (the spec's RD is ISO's DO). */
export const isoCountryOfMarket = (market: MarketCountry): string => (market === 'RD' ? 'DO' : market);

export const iataCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Expected a 3-letter IATA code')
  .transform((code) => code.toUpperCase());

export const airlineCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{2}$/, 'Expected a 2-character airline code')
  .transform((code) => code.toUpperCase());

/** Plain calendar date as the URLs carry it. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

/** Terminal (engine) ids are digit strings; some start with 0 (0604596344), so never numbers. */
export const terminalIdSchema = z.string().regex(/^\d{1,12}$/, 'Expected a numeric terminal id');

/** Session ids travel in URLs (/checkout/{id}) and bodies; every part of the contract refers to them. */
export const sessionIdSchema = z.uuid();

export const DEFAULT_TERMINAL_ID = '9132868';
export const TOKEN_EXEMPT_TERMINAL_ID = '0604596344';
export const BUSINESS_TIMEZONE = 'America/Lima';
