/**
 * The bags chosen on the results arrive added at checkout (issue 37), on the real router against MSW: one adult
 * whose fare has one checked bag chose two, so the checkout adds the 23 kg bag on each leg, counts it in the total
 * and books it; the traveller can still take it out. In English and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { insuranceProductsResponseSchema } from '../../src/contract/checkout.ts';
import { mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const slow = { timeout: 8000 };

beforeEach(() => {
  server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
});

/** The amount on the pricing box's line with this label. */
const pricingLine = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? null;

describe('bags chosen on the results, at checkout', () => {
  it('come added, one 23 kg bag per leg, and the total counts them; removing them takes them out, in English', async () => {
    const { user } = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.bagsChosen}?lang=en`);
    const added = await screen.findByRole('heading', { name: 'Extra baggage added' }, slow);
    const lines = within(added.parentElement!).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([expect.stringMatching(/LIM - CUZ · .*23 kg.*: US\$ 30\.00$/), expect.stringMatching(/CUZ - LIM · .*23 kg.*: US\$ 30\.00$/)]);
    await waitFor(() => expect(pricingLine('Extra baggage')).toBe('US$ 60.00'));
    await user.click(screen.getByRole('button', { name: 'Add extra baggage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add baggage' });
    const outbound = within(dialog).getByRole('region', { name: 'Flight LIM - CUZ' });
    await user.click(within(outbound).getByRole('radio', { name: 'No extra baggage' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(pricingLine('Extra baggage')).toBe('US$ 30.00'));
  }, 30_000);

  it('come added in Spanish too', async () => {
    renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.bagsChosen}?lang=es`);
    const added = await screen.findByRole('heading', { name: 'Equipaje extra agregado' }, slow);
    expect(within(added.parentElement!).getAllByRole('listitem')).toHaveLength(2);
  }, 30_000);
});
