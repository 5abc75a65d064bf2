/** The frame of the sandbox's provider pages (PayMe, PayPal): the provider's, not the app's, so no app chrome. */
import { html } from 'hono/html';
import { z } from 'zod';
import { languageOr, type Language } from '../../contract/common.ts';
import { ApiFailure } from '../errors.ts';

export type HtmlBody = ReturnType<typeof html>;

/** The posted or asked language; anything else reads as English, the app's fallback. */
export const languageOf = (value: unknown): Language => languageOr('en', value);

/** A page of the app (a path under /vuelos), in the payer's language and channel. */
export const appPagePath = (path: string, language: Language, booking: { terminalId: string }) => `/vuelos${path}?lang=${language}&terminalId=${encodeURIComponent(booking.terminalId)}`;

/** Where a sandbox provider sends the payer back: the booking's confirmation, in their language and channel. */
export const bookingPagePath = (language: Language, booking: { terminalId: string; sessionId: string }) => appPagePath(`/book/confirmation/${booking.sessionId}`, language, booking);

/** A payment order no longer waiting for payment, as the provider pages word it. */
export const CLOSED_ORDER_TEXT = { CPO: 'paid', SQ: 'paid', POC: 'cancelled', EPO: 'expired' } as const;

/** How a provider page words an order that no longer waits for payment (a pending one past its time limit is expired); null while it does. */
export function closedOrderText(order: { status: string; expiresAt: Date }, now: Date): (typeof CLOSED_ORDER_TEXT)[keyof typeof CLOSED_ORDER_TEXT] | null {
  const closed = CLOSED_ORDER_TEXT[order.status as keyof typeof CLOSED_ORDER_TEXT];
  if (closed) return closed;
  if (order.status !== 'PP') return 'cancelled';
  return order.expiresAt <= now ? 'expired' : null;
}

export function providerPage({ language, title, note }: { language: Language; title: string; note: string }, body: HtmlBody) {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f9; color: #1b2330; }
          main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
          dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
          dt { color: #4a5568; } dd { margin: 0; font-weight: 600; }
          form { display: inline; } button, a { font: inherit; padding: 0.6rem 1rem; border-radius: 6px; margin: 0.5rem 0.5rem 0 0; }
          button.pay { background: #0b5cad; color: #fff; border: 0; } button.decline { background: #fff; color: #8a1c12; border: 1px solid #8a1c12; }
          small { display: block; margin-top: 1rem; color: #4a5568; }
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
          <small>${note}</small>
        </main>
      </body>
    </html>`;
}


/** The texts every sandbox page has: its title, its sandbox note and the label of its way back. */
type PageTexts = { readonly title: string; readonly note: string; readonly back: string };

/** A message and the way back from it; `top` leaves the frame the page may be opened in. */
export const messageBody = (text: string, back: string, backLabel: string, top = false) =>
  html`<p role="alert">${text}</p><a href="${back}"${top ? html` target="_top"` : ''}>${backLabel}</a>`;

/** A sandbox provider's page and message page, in its own texts (`top`: every way out leaves the frame). */
export function sandboxPages<Texts extends Record<Language, PageTexts>>(texts: Texts, { top = false } = {}) {
  const page = (language: Language, body: HtmlBody) => providerPage({ language, title: texts[language].title, note: texts[language].note }, body);
  const messagePage = (language: Language, text: keyof Texts['en'] & string, back = '/vuelos/') => {
    const own = texts[language] as PageTexts & Record<string, string>;
    return page(language, messageBody(own[text]!, back, own.back, top));
  };
  return { page, messagePage };
}

/** The order's facts as the provider page lists them (label, value); a false row is left out. */
export const detailList = (rows: readonly (readonly [string, string | number] | false)[]) =>
  html`<dl>${rows.map((row) => (row ? html`<dt>${row[0]}</dt><dd>${row[1]}</dd>` : ''))}</dl>`;

/** A one-button form posting its hidden fields to the provider page's action. */
export const postButton = (action: string, fields: Record<string, string | number | undefined>, kind: 'pay' | 'decline', label: string, top = false) =>
  html`<form method="post" action="${action}"${top ? html` target="_top"` : ''}>${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}<button class="${kind}" type="submit">${label}</button></form>`;

/** What a lookup finds, or null where it answers 404 (the page then says so in its own words). */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

const pageNumberSchema = z.string().regex(/^\d{1,20}$/);

/**
 * What a sandbox page's address names (an order or a CIP number), when the page token it carries fits;
 * otherwise the refusal to answer with: which message and which status.
 */
export async function openedByToken<T>(numberParam: unknown, token: unknown, tokenFits: (number: string, token: unknown) => boolean, lookup: (number: string) => Promise<T | null>) {
  const number = pageNumberSchema.safeParse(numberParam);
  if (!number.success) return { refusal: ['unknown', 404] as const };
  if (!tokenFits(number.data, token)) return { refusal: ['forbidden', 403] as const };
  const found = await unlessNotFound(lookup(number.data));
  return found ? { found } : { refusal: ['unknown', 404] as const };
}
