import { readFileSync } from 'node:fs';
import type { Language } from '../contract/common.ts';
import { TIME_OF_DAY_SYMBOLS, timeOfDayBand } from '../contract/checkout.ts';
import type { Session } from '../contract/session.ts';
import { formatCalendarDate } from '../web/lib/dates.ts';
import { airportDetails } from './services/places.ts';

/**
 * The first paint of the pages a traveller lands on, written by the server into the page (issue 15). The
 * client draws nothing until its scripts, catalog and engine have arrived: on a phone's network that was
 * 4.7 s on the home page and 5.2 s on results, with a blank page until then. The page now arrives with what
 * the client's first screen shows anyway: the loading top bar and the page's heading, in the page's
 * language, in the same elements and classes, so the real styles draw it where the app will. React replaces
 * it when it renders (createRoot clears its container); nothing here is interactive.
 *
 * The words are the client's own, read from its Lingui catalogs: one translation of each, in one place.
 */
/** The trip's first departure and first leg's last arrival airport codes (the itinerary header's title); none without flights. */
export function itineraryEndsOf(session: Pick<Session, 'flights'>): [string, string] | [] {
  const first = session.flights?.[0];
  return first ? [first.segments[0]!.departureAirport.code, first.segments.at(-1)!.arrivalAirport.code] : [];
}

export type FirstPaintPage = { kind: 'home' } | { kind: 'results'; origin: string; destination: string } | { kind: 'checkout'; session: Pick<Session, 'flights' | 'searchParams'> };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** A catalog's messages, source text to translation; an entry without a translation is left out. */
function readCatalog(file: URL): Map<string, string> {
  const messages = new Map<string, string>();
  for (const entry of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    // A value may continue over several quoted lines (long messages).
    const value = (key: string) => {
      const match = new RegExp(`^${key} ("(?:[^"\\\\]|\\\\.)*"(?:\\n"(?:[^"\\\\]|\\\\.)*")*)`, 'm').exec(entry);
      return match ? match[1]!.split('\n').map((line) => JSON.parse(line) as string).join('') : null;
    };
    const id = value('msgid');
    const translation = value('msgstr');
    if (id && translation) messages.set(id, translation);
  }
  return messages;
}

export interface FirstPaint {
  /** The markup to put inside the page's root element, or '' where the page has no first paint of its own. */
  markupFor(page: FirstPaintPage | null, language: Language): string;
}

export function createFirstPaint(localesDir = new URL('../web/locales/', import.meta.url)): FirstPaint {
  const catalogs = new Map<Language, Map<string, string>>();
  const catalogOf = (language: Language) => {
    let catalog = catalogs.get(language);
    if (!catalog) catalogs.set(language, (catalog = readCatalog(new URL(`${language}/messages.po`, localesDir))));
    return catalog;
  };
  // English is the catalogs' source language: a message without a translation is its own source text.
  // Values by position ({0}) or by name ({origin}); a plural ({count, plural, one {# stop} other {# stops}}) by its count.
  const translate = (language: Language, message: string, values: readonly string[] | Record<string, string | number> = []) => {
    const named = values as Record<string, string | number>;
    const plural = /^\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}$/.exec(catalogOf(language).get(message) ?? message);
    if (plural) {
      const count = Number(named[plural[1]!] ?? 0);
      return (new Intl.PluralRules(language).select(count) === 'one' ? plural[2]! : plural[3]!).replaceAll('#', String(count));
    }
    return (catalogOf(language).get(message) ?? message).replace(/\{(\w+)\}/g, (_, name: string) => String(named[name] ?? ''));
  };
  const cityOf = (code: string, language: Language) => {
    try {
      return airportDetails(code, language).cityName;
    } catch {
      return code;
    }
  };
  /** ItineraryHeader's markup: the route, trip kind and travellers, and each leg's summary line. */
  const itineraryOf = (session: Pick<Session, 'flights' | 'searchParams'>, language: Language, say: (message: string, values?: readonly string[] | Record<string, string | number>) => string) => {
    const flights = session.flights ?? [];
    const flightType = session.searchParams?.flightType ?? 'OW';
    const passengers = session.searchParams?.passengers;
    const travellers = passengers ? passengers.adults + passengers.children + passengers.infants : 0;
    const [first, last] = itineraryEndsOf(session);
    const tripType = say({ RT: 'Round trip', OW: 'One way', MC: 'Multi-city' }[flightType]);
    const bandNames = { day: 'Daytime flight', evening: 'Evening flight', night: 'Night flight' } as const;
    const legs = flights
      .map((flight, index) => {
        const from = flight.segments[0]!.departureAirport.code;
        const to = flight.segments.at(-1)!.arrivalAirport.code;
        const stops = flight.segments.length - 1;
        const band = timeOfDayBand(Number(flight.departureDateTime.slice(11, 13)));
        const label = flightType === 'MC' ? say('Flight {number}', { number: index + 1 }) : say(index === 0 ? 'Outbound' : 'Return');
        return `<li class="itinerary__leg"><div class="itinerary__leg-summary"><span class="itinerary__leg-label">${label}</span><span>${escapeHtml(formatCalendarDate(flight.departureDateTime.slice(0, 10), language))}</span><span role="img" aria-label="${say(bandNames[band])}" class="itinerary__band" data-band="${band}">${TIME_OF_DAY_SYMBOLS[band]}</span><span>${escapeHtml(`${from} ${flight.departureDateTime.slice(11, 16)} → ${to} ${flight.arrivalDateTime.slice(11, 16)}`)}</span><span>${stops === 0 ? say('Direct') : say('{stops, plural, one {# stop} other {# stops}}', { stops })}</span></div></li>`;
      })
      .join('');
    const route = first && last ? say('{origin} to {destination}', { origin: cityOf(first, language), destination: cityOf(last, language) }) : '';
    return `<header class="itinerary"><div class="itinerary__top"><button type="button" class="button" disabled>${say('Back')}</button><h1 class="itinerary__title">${route}</h1></div><p class="itinerary__meta"><span>${tripType}</span> · <span>${say('{travellers, plural, one {# traveller} other {# travellers}}', { travellers })}</span></p><ol class="itinerary__legs">${legs}</ol></header>`;
  };
  /** The checkout's 'Before you book' box (CheckoutView's InfoBox): the largest text of its first screen. */
  const beforeYouBook = (say: (message: string) => string) =>
    `<aside class="card checkout-info" aria-label="${say('Before you book')}"><ul>${[
      "Enter the names exactly as they appear in each passenger's travel document.",
      'Check that every passport is valid for at least 6 more months.',
      'Cash payments must be completed within 6 hours of the booking.',
      'We will send the booking confirmation to the contact e-mail.',
    ]
      .map((line) => `<li>${say(line)}</li>`)
      .join('')}</ul></aside>`;
  const shell = (kind: FirstPaintPage['kind'], main: string) => `<div class="app-shell" aria-busy="true" data-first-paint="${kind}"><header class="topbar topbar--loading"></header><main class="app-main">${main}</main></div>`;

  return {
    markupFor(page, language) {
      if (!page) return '';
      const say = (message: string, values?: readonly string[] | Record<string, string | number>) => escapeHtml(translate(language, message, values));
      if (page.kind === 'home') return shell('home', `<div class="home"><div class="home__intro"><h1>${say('Find your next flight')}</h1></div></div>`);
      // The booking flow's step indicator (ProgressSteps), the active step as the page's own.
      const stepsAt = (active: number) =>
        `<nav aria-label="${say('Booking progress')}" class="progress-steps"><ol>${['Select flight', 'Complete data', 'Finish booking']
          .map((label, index) => {
            const state = index < active ? 'done' : index === active ? 'active' : 'todo';
            return `<li data-state="${state}"${index === active ? ' aria-current="step"' : ''}><span class="progress-steps__number" aria-hidden="true">${index + 1}</span><span class="progress-steps__label">${say(label)}</span></li>`;
          })
          .join('')}</ol></nav>`;
      if (page.kind === 'checkout') {
        // The checkout's heading and its itinerary header (ItineraryHeader): what its first screen shows.
        return shell('checkout', `<div class="booking-step">${stepsAt(1)}<h1>${say('Complete your details')}</h1><div class="checkout-layout"><div class="checkout-main">${itineraryOf(page.session, language, say)}${beforeYouBook(say)}</div></div></div>`);
      }
      // The results' heading (ResultsFrame's title), step 1 of 3 active.
      const title = say('Flights from {0} to {1}', [cityOf(page.origin, language), cityOf(page.destination, language)]);
      return shell('results', `<div class="booking-step">${stepsAt(0)}<h1>${title}</h1></div>`);
    },
  };
}
