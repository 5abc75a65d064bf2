import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { insuranceProductsResponseSchema } from '../../src/contract/checkout.ts';
import { mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { segmentsUnavailableAnswer } from '../machines/plans.ts';
import { renderApp, findDrawnCheckout } from './render-app.tsx';
import { server } from './setup.ts';

/** The server's answer to an offer call once the airline sells the offer no more (issue 17): 409, code 1001. */
const segmentsUnavailable = () => HttpResponse.json(segmentsUnavailableAnswer.body, { status: 409 });

beforeEach(() => {
  server.use(http.post('/api/engines/universal', () => HttpResponse.json(insuranceProductsResponseSchema.parse({ status: 200, data: [] }))));
});

describe('an offer the airline sells no more, met by the seats call (409 code 1001)', () => {
  it('shows the booking’s 1001 dialog (es), and accepting it goes back where the traveller came from', async () => {
    server.use(http.post('/api/flights/seats', segmentsUnavailable));
    const { user, router } = renderApp('/?lang=es', `/vuelos/checkout/${mockCheckoutSessionIds.consumer}?lang=es`);
    await findDrawnCheckout('Adulto 1');
    await user.click(await screen.findByRole('button', { name: 'Elegir asientos' }, { timeout: 5000 }));

    const dialog = await screen.findByRole('alertdialog', { name: '¡Ha ocurrido algo!' }, { timeout: 5000 });
    expect(within(dialog).getByText('Los segmentos de vuelo seleccionados aún no están confirmados o ya no están disponibles. Por favor, intenta con otros vuelos.')).toBeTruthy();
    expect(within(dialog).getByText('Código: 1001')).toBeTruthy();
    // Not the seat picker's own error: the seats modal closed.
    expect(screen.queryByRole('dialog', { name: 'Selección de asientos' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows it in English too', async () => {
    server.use(http.post('/api/flights/seats', segmentsUnavailable));
    const { user } = renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.consumer}?lang=en`);
    await findDrawnCheckout('Adult 1');
    await user.click(screen.getByRole('button', { name: 'Choose seats' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong!' }, { timeout: 5000 });
    expect(within(dialog).getByText('The selected flight segments are not confirmed yet or are no longer available. Please try other flights.')).toBeTruthy();
    expect(within(dialog).getByText('Code: 1001')).toBeTruthy();
  });
});

describe('an offer the airline sells no more, met by the family fares call (409 code 1001)', () => {
  it.each([
    { language: 'es', seeFares: 'Ver tarifas', title: '¡Ha ocurrido algo!', text: 'Los segmentos de vuelo seleccionados aún no están confirmados o ya no están disponibles. Por favor, intenta con otros vuelos.', code: 'Código: 1001', accept: 'Aceptar' },
    { language: 'en', seeFares: 'See fares', title: 'Something went wrong!', text: 'The selected flight segments are not confirmed yet or are no longer available. Please try other flights.', code: 'Code: 1001', accept: 'Accept' },
  ])('shows the booking’s 1001 dialog ($language), and accepting it leaves the traveller on the results to choose another flight', async (words) => {
    server.use(http.post('/api/flights/family_fares', segmentsUnavailable));
    const results = `/vuelos/LIM/EZE/2026-12-10/1/0/0?lang=${words.language}`;
    const { user, router } = renderApp(results);
    const [card] = await screen.findAllByRole('article', {}, { timeout: 5000 });
    await user.click(within(card!).getByRole('button', { name: words.seeFares }));

    const dialog = await screen.findByRole('alertdialog', { name: words.title }, { timeout: 5000 });
    expect(within(dialog).getByText(words.text)).toBeTruthy();
    expect(within(dialog).getByText(words.code)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: words.accept }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
    // Still on the results, with their offers to choose from.
    expect(router.state.location.pathname).toBe('/LIM/EZE/2026-12-10/1/0/0');
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
  });
});
