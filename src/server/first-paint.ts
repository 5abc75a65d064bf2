import { readFileSync } from 'node:fs';
import type { Language } from '../contract/common.ts';
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
export type FirstPaintPage = { kind: 'home' } | { kind: 'results'; origin: string; destination: string };

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
  const translate = (language: Language, message: string, values: readonly string[] = []) =>
    (catalogOf(language).get(message) ?? message).replace(/\{(\d+)\}/g, (_, index: string) => values[Number(index)] ?? '');
  const cityOf = (code: string, language: Language) => {
    try {
      return airportDetails(code, language).cityName;
    } catch {
      return code;
    }
  };
  const shell = (kind: FirstPaintPage['kind'], main: string) => `<div class="app-shell" aria-busy="true" data-first-paint="${kind}"><header class="topbar topbar--loading"></header><main class="app-main">${main}</main></div>`;

  return {
    markupFor(page, language) {
      if (!page) return '';
      const say = (message: string, values?: readonly string[]) => escapeHtml(translate(language, message, values));
      if (page.kind === 'home') return shell('home', `<div class="home"><div class="home__intro"><h1>${say('Find your next flight')}</h1></div></div>`);
      // The results' step indicator (ProgressSteps) and heading (ResultsFrame's title), step 1 of 3 active.
      const steps = ['Select flight', 'Complete data', 'Finish booking']
        .map((label, index) => `<li data-state="${index === 0 ? 'active' : 'todo'}"${index === 0 ? ' aria-current="step"' : ''}><span class="progress-steps__number" aria-hidden="true">${index + 1}</span><span class="progress-steps__label">${say(label)}</span></li>`)
        .join('');
      const title = say('Flights from {0} to {1}', [cityOf(page.origin, language), cityOf(page.destination, language)]);
      return shell('results', `<div class="booking-step"><nav aria-label="${say('Booking progress')}" class="progress-steps"><ol>${steps}</ol></nav><h1>${title}</h1></div>`);
    },
  };
}
