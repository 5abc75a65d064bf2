import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { getSessionResponseSchema, SESSION_KEY_HEADER } from '../../../src/contract/session.ts';
import { keyOfStoredEntry, sessionKeyStorageName } from '../../../src/web/lib/session-api.ts';
import { launchBrowser } from './browser.ts';
import { personalDataIn, startServer, type RunningServer } from './server.ts';

/**
 * The checkout journey every e2e file walks: one real server (fresh PGlite) and one system Chromium per
 * file, and the steps a traveller takes, by role and label in either language.
 */
const world = {} as { server: RunningServer; browser: Browser };

/** Starts the server and the browser for the calling test file (and stops them after it); `env()` adds to the server's environment. */
export function useServerAndBrowser(options: { env?: () => Record<string, string> } = {}) {
  beforeAll(async () => {
    world.server = await startServer({ env: options.env?.() ?? {} });
    world.browser = await launchBrowser();
  });
  afterAll(async () => {
    await world.browser?.close();
    // Every journey's bookings, cards and contacts went through this server: none of it is in its log.
    const log = world.server?.output() ?? '';
    await world.server?.stop();
    expect(personalDataIn(log)).toEqual([]);
  });
  return world;
}

export type Language = 'es' | 'en';

/** The labels the journey reads, in each language (the spec's Spanish texts are the es messages). */
export const LABELS = {
  es: {
    adult: 'Adulto', child: 'Niño', infant: 'Infante', first: /^Nombre/, last: /^Apellido/, female: 'Femenino', male: 'Masculino',
    year: /^Año/, month: /^Mes/, day: /^Día/, nationality: /^Nacionalidad/, documentType: /^Tipo de documento/, documentNumber: /^Número de documento/,
    travelsWith: /^Viaja con/, contact: 'Datos de contacto', email: /^Correo electrónico/, phone: /^Teléfono/, privacy: /políticas de privacidad/,
    terms: /términos y condiciones/, rules: /regulaciones del vuelo/, buy: 'Comprar', cardButton: 'Comprar', flights: 'Vuelos',
    incomplete: 'Algunos campos están incompletos', required: 'Este campo es requerido',
  },
  en: {
    adult: 'Adult', child: 'Child', infant: 'Infant', first: /^First name/, last: /^Last name/, female: 'Female', male: 'Male',
    year: /^Year/, month: /^Month/, day: /^Day/, nationality: /^Nationality/, documentType: /^Document type/, documentNumber: /^Document number/,
    travelsWith: /^Travels with/, contact: 'Contact details', email: /^E-mail/, phone: /^Phone/, privacy: /privacy policies/,
    terms: /terms and conditions/, rules: /flight rules/, buy: 'Checkout', cardButton: 'Checkout', flights: 'Flights',
    incomplete: 'Some fields are incompleted', required: 'This field is required',
  },
} as const;

export interface Traveller {
  region: string;
  first: string;
  last: string;
  female: boolean;
  birth: [string, string, string];
  number: string;
  adult?: string;
  /** NI (the default) or, where a national ID takes no one (the US, Europe: issue 37), PP. */
  document?: 'NI' | 'PP';
}

export async function newPage(language: Language, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await world.browser.newContext({ locale: language === 'es' ? 'es-PE' : 'en-US', ...(viewport && { viewport }) })).newPage();
  page.setDefaultTimeout(20_000);
  watchConsole(page);
  return page;
}

const consoleOf = new WeakMap<Page, string[]>();

/** Keeps every console message of the page (newPage does it for the journey's pages). */
export function watchConsole(page: Page) {
  if (consoleOf.has(page)) return;
  const messages: string[] = [];
  consoleOf.set(page, messages);
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
}

/**
 * Fails when Lingui said "Uncompiled message detected!" on the page: the built app carries no message
 * compiler, so a text that is not a compiled catalog message shows raw (placeholders and plurals unresolved).
 */
export function expectNoUncompiledMessages(page: Page) {
  const messages = consoleOf.get(page);
  if (!messages) throw new Error('watchConsole(page) was not called for this page');
  // Each check reads what came since the previous one, so a page shared by several tests blames the right one.
  const uncompiled = messages.splice(0).filter((message) => message.includes('Uncompiled message'));
  expect(uncompiled, 'Lingui met uncompiled messages').toEqual([]);
}

/**
 * Words of the user interface of one language that must never show on a page in the other. Proper names
 * and words both languages share (Total, Cusco, PayPal, 'Tarjeta Oh!', e-mail) are left out.
 */
const OTHER_LANGUAGE_WORDS: Record<Language, string[]> = {
  // Shown on a Spanish page, these are English leaks.
  es: [
    'Passenger', 'Passengers', 'Adult', 'Adults', 'Child', 'Children', 'Checkout', 'Insurance', 'Provider timeout', 'Invalid code',
    'Carry-on', 'Checked bag', 'Checked bags', 'United States', 'Peru (', 'per day', 'Failed to fetch', 'Flight details', 'Booking',
    'Credit or debit card', 'Book now, pay later', 'General terms', 'Baggage', 'Fare rules', 'Round trip', 'One way', 'Direct', 'stop', 'stops',
  ],
  // Shown on an English page, these are Spanish leaks.
  en: [
    'Tarjeta de crédito', 'Condiciones', 'Pasajero', 'Pasajeros', 'Seguro', 'adulto', 'adultos', 'niño', 'niños', 'infante', 'Equipaje', 'Comprar',
    'Cambios', 'Devoluciones', 'Reservar sin pago', 'Transferencia bancaria', 'Vuelo', 'Ida y vuelta', 'Directo', 'escala', 'Estados Unidos', 'Perú (',
  ],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The word on its own: not inside a longer word ('Adult' is not found in 'Adulto'), in any case. */
const wordPattern = (word: string) => new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, 'iu');

/**
 * Fails when the page's visible text (with the option lists of its selects) holds a word of the other
 * language, quoting each with its surroundings, and when Lingui met an uncompiled message on the page.
 */
export async function expectOneLanguage(page: Page, language: Language) {
  const text = await page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll('option'), (option) => option.text)].join('\n'));
  const leaks = OTHER_LANGUAGE_WORDS[language].flatMap((word) => {
    const found = wordPattern(word).exec(text);
    return found ? [`${word}: …${text.slice(Math.max(0, found.index - 40), found.index + word.length + 40).replace(/\s+/g, ' ')}…`] : [];
  });
  expect(leaks, `words of the other language on a ${language === 'es' ? 'Spanish' : 'English'} page (${page.url()})`).toEqual([]);
  expectNoUncompiledMessages(page);
}

/** From a real results page, the first offer's buy button leads to checkout. */
/**
 * On the home page in Spanish (with its fields shown): Lima to Cusco, out 10 and back 17 December 2026, then
 * "Buscar". Spanish dates read day, month, year; the date segments take the digits in that order.
 */
export async function searchLimaCuscoRoundTrip(page: Page) {
  for (const [label, text] of [['Origen', 'Lima'], ['Destino', 'Cusco']] as const) {
    await page.getByRole('combobox', { name: label }).fill(text);
    await page.getByRole('option', { name: new RegExp(text) }).first().click();
  }
  const dateSegments = page.getByRole('region', { name: 'Buscar vuelos' }).getByRole('spinbutton');
  await dateSegments.nth(0).click();
  await page.keyboard.type('10122026');
  await dateSegments.nth(3).click();
  await page.keyboard.type('17122026');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.waitForURL(/\/vuelos\/LIM\/CUZ\/2026-12-10\/2026-12-17\/1\/0\/0/);
}

export async function checkoutFromResults(page: Page, language: Language, path: string): Promise<string> {
  await page.goto(`${world.server.baseUrl}${path}`);
  const card = resultCards(page, language).first();
  await card.waitFor();
  return checkoutFromCard(page, language, card, path.includes('/b/'));
}

const resultsList = (page: Page, language: Language) => page.getByRole('list', { name: LABELS[language].flights });

/**
 * The results list once all its cards are drawn: it draws a few per task and is busy until all have
 * joined, so a test reading its text (an offer's price, say) does not read the first slice only.
 */
export async function drawnResultsList(page: Page, language: Language): Promise<Locator> {
  const list = resultsList(page, language);
  await list.getByRole('article').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => list.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
  return list;
}

/** The offer cards of the results list. */
export const resultCards = (page: Page, language: Language) => resultsList(page, language).getByRole('article');

/** From a card of the results page (an agency page's cards say Select), its buy button leads to checkout. */
export async function checkoutFromCard(page: Page, language: Language, card: Locator, agency = false): Promise<string> {
  const L = LABELS[language];
  await card.getByRole('button', { name: agency ? /Seleccionar|Select/ : L.cardButton, exact: true }).first().click();
  await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/);
  await page.getByRole('region', { name: `${L.adult} 1` }).waitFor();
  // The form draws in slices (issue 38): the buy button comes last.
  await page.getByRole('button', { name: /^(Comprar|Reservar|Checkout|Book)$/ }).last().waitFor();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

export async function fillTraveller(page: Page, language: Language, traveller: Traveller) {
  const L = LABELS[language];
  const form: Locator = page.getByRole('region', { name: traveller.region, exact: true });
  await form.getByRole('textbox', { name: L.first }).fill(traveller.first);
  await form.getByRole('textbox', { name: L.last }).fill(traveller.last);
  await form.getByRole('radio', { name: traveller.female ? L.female : L.male, exact: true }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('combobox', { name: L.year }).selectOption(traveller.birth[0]);
  await form.getByRole('combobox', { name: L.month }).selectOption(traveller.birth[1]);
  await form.getByRole('combobox', { name: L.day }).selectOption(traveller.birth[2]);
  await form.getByRole('combobox', { name: L.nationality }).selectOption('PE');
  await form.getByRole('combobox', { name: L.documentType }).selectOption(traveller.document ?? 'NI');
  await form.getByRole('textbox', { name: L.documentNumber }).fill(traveller.number);
  if (traveller.adult) await form.getByRole('combobox', { name: L.travelsWith }).selectOption(traveller.adult);
}

export async function fillContactAndTerms(page: Page, language: Language, first: string, last: string) {
  const L = LABELS[language];
  const contact = page.getByRole('region', { name: L.contact });
  await contact.getByRole('textbox', { name: L.first }).fill(first);
  await contact.getByRole('textbox', { name: L.last }).fill(last);
  await contact.getByRole('textbox', { name: L.email }).fill('viajero@correo.pe');
  // A number of the dial code's country (the US channel's contact country is US+1).
  const dialCode = await contact.getByRole('combobox', { name: /^(Código de país|Country code)/ }).inputValue();
  await contact.getByRole('textbox', { name: L.phone }).fill(dialCode.startsWith('US') ? '2025550123' : '987654321');
  await acceptTerms(page, language);
}

export async function acceptTerms(page: Page, language: Language) {
  const L = LABELS[language];
  for (const name of [L.privacy, L.terms, L.rules]) {
    await page.getByRole('checkbox', { name }).focus();
    await page.keyboard.press('Space');
  }
}

/** A one-adult checkout up to its payment: the traveller, the first insurance plan, contact and terms. */
export async function fillOneAdult(
  page: Page,
  language: Language,
  adult: Omit<Traveller, 'region' | 'adult'>,
  contactLast: string,
  insurance: InsuranceAnswer = 'first plan',
) {
  await fillTraveller(page, language, { region: `${LABELS[language].adult} 1`, ...adult });
  if (insurance === 'first plan') await buyInsurance(page);
  if (insurance === 'none') await declineInsurance(page);
  await fillContactAndTerms(page, language, adult.first, contactLast);
}

/** The insurance question's answers ('unasked' where the over-70 notice or the channel takes it away). */
export type InsuranceAnswer = 'first plan' | 'none' | 'unasked';

const insurancePlans = (page: Page) => page.getByRole('radiogroup', { name: /seguro|insurance/i });

/** Answers the insurance question with the first plan (the default terminals' profiles offer plans). */
export async function buyInsurance(page: Page) {
  await insurancePlans(page).getByRole('radio').first().focus();
  await page.keyboard.press('Space');
}

/** Answers the insurance question with 'Viajo sin seguro' / 'I travel without insurance'. */
export async function declineInsurance(page: Page) {
  await insurancePlans(page).getByRole('radio', { name: /Viajo sin seguro|I travel without insurance/ }).focus();
  await page.keyboard.press('Space');
}

export async function applyCoupon(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: /descuento|discount code/i });
  await field.fill(code);
  await page.getByRole('button', { name: /^(Aplicar|Apply)$/ }).first().click();
  await page.getByText(new RegExp(`(Código|Code) ${code} (aplicado|applied)`)).waitFor();
}

export async function bookingOf(sessionID: string) {
  return (await sessionOf(sessionID)).booking;
}

let uniqueCount = 0;
/**
 * A last name no other journey of the run uses (letters only, as names must be): the sandbox refuses a
 * second booking of the same travellers on the same route (1000) and counts their attempts (1007).
 */
export const unique = (seed: string) => {
  const serial = (Date.now() % 26 ** 5) * 26 + (uniqueCount++ % 26);
  return `${seed}${serial.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!)}`;
};

/**
 * The owner key of a session as the browser that created it keeps it (issue 16), read from the
 * localStorage of the file's open pages; null when none of them holds it (another origin, a closed context).
 */
async function ownerKeyOf(sessionID: string): Promise<string | null> {
  for (const page of world.browser.contexts().flatMap((context) => context.pages())) {
    const key = await ownerKeyIn(page, sessionID);
    if (key) return key;
  }
  return null;
}

/** The owner key of a session as `page`'s browser keeps it, or null. */
export async function ownerKeyIn(page: Page, sessionID: string): Promise<string | null> {
  return keyOfStoredEntry(await page.evaluate((name) => window.localStorage.getItem(name), sessionKeyStorageName(sessionID)).catch(() => null));
}

/**
 * The stored session as the API answers the browser that created it (its owner key from an open page
 * of that browser): travellers' personal data in full. Without such a page it reads masked.
 */
export async function sessionOf(sessionID: string) {
  const key = await ownerKeyOf(sessionID);
  const answer = await fetch(`${world.server.baseUrl}/api/sessions?id=${sessionID}`, { headers: key ? { [SESSION_KEY_HEADER]: key } : {} });
  return getSessionResponseSchema.parse(await answer.json()).data;
}

/** A search token for an agency terminal, as its sales platform obtains one (docs/agency-tokens.md). */
export async function agencyToken(terminalId = '2113855', apiKey = 'sbx_key_andes_2113855_dev'): Promise<string> {
  const issued = await fetch(`${world.server.baseUrl}/api/agency/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ terminalId, ttlMinutes: 60 }),
  }).then((response) => response.json() as Promise<{ data: { token: string } }>);
  return encodeURIComponent(issued.data.token);
}

/** The agency form of a B2B checkout (2113855): the agency's e-mail and the personal-data authorisation. */
export async function fillAgencyForm(page: Page, email = 'ventas@andes.example') {
  await page.getByRole('region', { name: 'Datos de la agencia' }).getByRole('textbox', { name: /^Correo de la agencia/ }).fill(email);
  await page.getByRole('checkbox', { name: /datos personales/ }).focus();
  await page.keyboard.press('Space');
}
