import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MINUTES, getSessionResponseSchema, sessionSchema, type SessionData } from '../../src/contract/session.ts';
import { sessionDataSchema } from '../../src/contract/session-store.ts';
import { mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

/**
 * Issue 20: a basic fare (Aerolíneas Argentinas Promo, which spec 1 §5 forces to one carry-on) said
 * "0 piezas" on the card and "1 pieza" in the fare comparison. The real app, on the mock API's
 * Lima–Buenos Aires search, must now say the same on the card, in the comparison and at checkout.
 */

/** Keeps what the results page saves in its session and answers it back to checkout, as the API does. */
function keepSavedSession() {
  let saved: SessionData = {};
  server.use(
    http.post('/api/sessions/save', async ({ request }) => {
      saved = { ...saved, ...sessionDataSchema.parse(await request.json()) };
      return HttpResponse.json({ status: 200, sessionID: mockSessionIds.live, sessionKey: 'mock-owner-key' });
    }),
    http.get('/api/sessions', () => {
      const now = Date.now();
      const session = sessionSchema.parse({
        ...saved,
        sessionID: mockSessionIds.live,
        createdAt: new Date(now).toISOString(),
        lastActivityAt: new Date(now).toISOString(),
        expiresAt: new Date(now + SESSION_IDLE_MINUTES * 60_000).toISOString(),
      });
      return HttpResponse.json(getSessionResponseSchema.parse({ status: 200, personalData: 'full', data: session }));
    }),
  );
  return () => saved;
}

const words = {
  en: {
    seeFares: 'See fares',
    dialog: 'Available fares',
    buy: 'Checkout',
    accept: 'Accept',
    cancel: 'Cancel',
    carryOnRow: /^Carry-on bag/,
    checkedRow: /^Checked bag/,
    cardCarryOn: 'Carry-on: 1 piece',
    promoCarryOn: '✓Included 1 piece',
    promoChecked: '$Extra cost For a fee',
    plus: /^Plus,/,
    plusChecked: '✓Included 1 piece 15 Kg',
    checkoutCarryOn: 'Carry-on: 1 piece',
    checkoutChecked: 'Checked baggage: For a fee',
    checkoutPlusChecked: 'Checked baggage: 1 piece 15 Kg',
    heading: 'Complete your details',
    // Spanish words that must not show on the English comparison.
    leaks: /Equipaje|Artículo|Asiento|asiento|Cambios|cambios|Reembolso|reembolsable|Millas|millas|pieza|Incluido|cargo|Tarifas/,
  },
  es: {
    seeFares: 'Ver tarifas',
    dialog: 'Tarifas disponibles',
    buy: 'Comprar',
    accept: 'Aceptar',
    cancel: 'Cancelar',
    carryOnRow: /^Equipaje de mano/,
    checkedRow: /^Equipaje en bodega/,
    cardCarryOn: 'Equipaje de mano: 1 pieza',
    promoCarryOn: '✓Incluido 1 pieza',
    promoChecked: '$Con costo adicional Con cargo',
    plus: /^Plus,/,
    plusChecked: '✓Incluido 1 pieza 15 Kg',
    checkoutCarryOn: 'Equipaje de mano: 1 pieza',
    checkoutChecked: 'Equipaje facturado: Con cargo',
    checkoutPlusChecked: 'Equipaje facturado: 1 pieza 15 Kg',
    heading: 'Completa tus datos',
    // English words that must not show on the Spanish comparison.
    leaks: /Carry-on|Checked|Personal item|Seat|seat|Changes|changes|Refund|refund|Miles|miles|piece|Included|fee|Fares/,
  },
} as const;

const promoSearch = (language: 'es' | 'en') => `/vuelos/LIM/EZE/2026-12-10/1/0/0?lang=${language}`;

async function openComparison(user: ReturnType<typeof renderApp>['user'], language: 'es' | 'en') {
  const text = words[language];
  const [card] = await screen.findAllByRole('article', {}, { timeout: 5000 });
  await user.click(within(card!).getByRole('button', { name: text.seeFares }));
  const dialog = await screen.findByRole('dialog', { name: text.dialog });
  const table = await within(dialog).findByRole('table');
  return { card: card!, dialog, table };
}

const cellsOf = (table: HTMLElement, row: RegExp) => within(within(table).getByRole('row', { name: row })).getAllByRole('cell').map((cell) => cell.textContent);

describe.each(['es', 'en'] as const)('a basic fare’s bags read the same everywhere (%s)', (language) => {
  const text = words[language];

  it('the card, the fare comparison and checkout all give Aerolíneas Argentinas Promo one carry-on', async () => {
    const saved = keepSavedSession();
    const { user, router } = renderApp(promoSearch(language));
    const { card, dialog, table } = await openComparison(user, language);
    expect(card.textContent).toContain(text.cardCarryOn);
    expect(card.textContent).not.toMatch(/0 (piece|pieza)/);
    // Promo is the first column: the same one piece, and no checked bag.
    expect(cellsOf(table, text.carryOnRow)[0]).toBe(text.promoCarryOn);
    expect(cellsOf(table, text.checkedRow)[0]).toBe(text.promoChecked);
    // The whole comparison is in the page's language.
    expect(dialog.textContent).not.toMatch(text.leaks);

    await user.click(within(dialog).getByRole('button', { name: text.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(card).getByRole('button', { name: text.buy }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/checkout/${mockSessionIds.live}`));
    expect(saved().flights?.[0]?.inclusions?.carryOn).toEqual({ state: 'INC', pieces: 1, weight: null });
    expect(await findPageHeading(text.heading)).toBeTruthy();
    const panel = screen.getByRole('region', { name: /Baggage included|Equipaje incluido/ });
    expect(panel.textContent).toContain(text.checkoutCarryOn);
    expect(panel.textContent).toContain(text.checkoutChecked);
  });

  it('the fare chosen in the comparison is the one checkout shows: Plus with its checked bag', async () => {
    keepSavedSession();
    const { user, router } = renderApp(promoSearch(language));
    const { dialog, table } = await openComparison(user, language);
    expect(cellsOf(table, text.checkedRow)[2]).toBe(text.plusChecked);
    await user.click(within(dialog).getByRole('radio', { name: text.plus }));
    await user.click(within(dialog).getByRole('button', { name: text.accept }));
    await waitFor(() => expect(router.history.location.pathname).toBe(`/vuelos/checkout/${mockSessionIds.live}`));
    expect(await findPageHeading(text.heading)).toBeTruthy();
    const panel = screen.getByRole('region', { name: /Baggage included|Equipaje incluido/ });
    expect(panel.textContent).toContain(text.checkoutCarryOn);
    expect(panel.textContent).toContain(text.checkoutPlusChecked);
  });
});
