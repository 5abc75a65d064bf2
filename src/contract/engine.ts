import { z } from 'zod';
import { languageSchema, marketCountrySchema, terminalIdSchema, textTranslationsSchema, TOKEN_EXEMPT_TERMINAL_ID } from './common.ts';

/** Profile type 0 is a retail consumer channel, 1 an agency (spec 1 §1). */
export const profileTypeSchema = z.union([z.literal(0), z.literal(1)]);

export const engineProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: marketCountrySchema,
  email: z.email(),
  phone: z.string().optional(),
  logoURL: z.string(),
  icoURL: z.string(),
  profileTypeId: profileTypeSchema,
});

export const currencyFormatSchema = z.object({
  code: z.string().length(3),
  mask: z.string(),
  decimalCount: z.number().int().min(0).max(4),
  decimalSeparator: z.string().max(1),
  thousandSeparator: z.string().max(1),
});
export type CurrencyFormat = z.infer<typeof currencyFormatSchema>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a #rrggbb colour');

export const engineThemeSchema = z.object({
  primary: hexColour,
  primaryText: hexColour,
  accent: hexColour,
  navBackground: hexColour,
  navText: hexColour,
  checkout: z.object({ submitBackground: hexColour, submitText: hexColour }),
});
export type EngineTheme = z.infer<typeof engineThemeSchema>;

/**
 * A link of the channel's own bar. `name` is in the channel's own language, shown where `translations`
 * gives none for the page's language (issue 20: no Spanish words on an English page).
 */
export const engineLinkSchema = z.object({ name: z.string(), value: z.string(), translations: textTranslationsSchema.optional() });

export const engineDiscountSchema = z.object({
  apply: z.boolean(),
  value: z.number().nonnegative(),
  paymentCode: z.number().int(),
  description: z.string(),
});

const bannerImageSchema = z.object({
  /** The image in the channel's own language, shown where `translations` has none for the page's. */
  imageUrl: z.string(),
  /** The image per page language: a banner's picture carries words too (issue 37). */
  translations: z.partialRecord(languageSchema, z.string()).optional(),
  link: z.string(),
  blank: z.boolean(),
  active: z.boolean(),
});

export const airlineBannerSchema = z.object({
  active: z.boolean(),
  airlineCode: z.string(),
  airlineName: z.string(),
  airlinePreference: z.boolean(),
  inlineAdd: z.object({
    title: z.string(),
    subtitle: z.string(),
    link: z.string(),
    blank: z.boolean(),
    active: z.boolean(),
    /** The words per page language; `title` and `subtitle` are the channel's own language, shown where none is given. */
    translations: z.partialRecord(languageSchema, z.object({ title: z.string(), subtitle: z.string() })).optional(),
  }),
  cube: bannerImageSchema,
  rectangle: bannerImageSchema,
});

/** A payment method offered by a terminal; `onlineCode` is the provider code of spec 2 §9. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  onlineCode: z.number().int(),
  name: z.string(),
  kind: z.enum(['card', 'cash', 'bank', 'wallet', 'instalments', 'none']),
  priority: z.number().int().min(0).max(5),
  online: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const engineSchema = z.object({
  id: terminalIdSchema,
  profile: engineProfileSchema,
  isAgency: z.boolean(),
  currency: currencyFormatSchema,
  addFieldToAccountId: z.boolean(),
  discounts: z.array(engineDiscountSchema),
  paymentMethods: z.array(paymentMethodSchema),
  /**
   * Whether a card vault here takes the checkout's card (the sandbox gateway's). False where only a real
   * Niubiz is configured: Interbank's and Scotiabank's card is then typed after booking, in Niubiz's form.
   */
  cardVault: z.boolean().optional(),
  theme: engineThemeSchema.nullable(),
  links: z.array(engineLinkSchema),
  insuranceProducts: z.array(z.string()),
  bannersByAirlines: z.array(airlineBannerSchema),
  /** The country default terminal: the home page's country selector switches between these. */
  defaultForCountry: marketCountrySchema.nullable(),
});
export type Engine = z.infer<typeof engineSchema>;

/** Spec 1 §5: an agency terminal searches only with its agency's token, except the one exempt terminal. */
export const searchNeedsAgencyToken = (engine: Pick<Engine, 'id' | 'isAgency'>): boolean => engine.isAgency && engine.id !== TOKEN_EXEMPT_TERMINAL_ID;

export const engineResponseSchema = z.object({ status: z.literal(200), data: engineSchema });
export const paymentMethodsResponseSchema = z.object({ status: z.literal(200), data: z.array(paymentMethodSchema) });

/** What the home page's country selector needs: one default terminal per market country. */
export const countryTerminalSchema = z.object({ countryCode: marketCountrySchema, terminalId: terminalIdSchema });
export const countryTerminalsResponseSchema = z.object({ status: z.literal(200), data: z.array(countryTerminalSchema) });
