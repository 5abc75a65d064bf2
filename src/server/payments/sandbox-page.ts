/** The frame of the sandbox's provider pages (PayMe, PayPal): the provider's, not the app's, so no app chrome. */
import { html } from 'hono/html';
import { languageSchema, type Language } from '../../contract/common.ts';

export type HtmlBody = ReturnType<typeof html>;

/** The posted or asked language; anything else reads as English, the app's fallback. */
export const languageOf = (value: unknown): Language => languageSchema.catch('en').parse(value);

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

