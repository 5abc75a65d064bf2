import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PassengerType } from '../../src/contract/checkout.ts';
import { fareRulesResponseSchema } from '../../src/contract/checkout.ts';
import { fareRulesEnglish } from '../../src/contract/fixtures/checkout.ts';
import { ExtraBaggage, confirmedExtras, extraBaggageInput, extraBaggageLogic, type ExtraBaggageActor } from '../../src/web/features/checkout/extras/ExtraBaggage.tsx';
import { ancillariesOffered } from '../../src/contract/checkout-policy.ts';
import { FareRulesModal } from '../../src/web/features/checkout/fare-rules/FareRulesModal.tsx';
import { ItineraryHeader } from '../../src/web/features/checkout/itinerary/ItineraryHeader.tsx';
import { checkoutSession, renderPart } from './checkout-parts.tsx';
import { server } from './setup.ts';

const session = checkoutSession(1);

describe('fare rules modal', () => {
  it('shows a placeholder, then a tab per route with titled sections and the general terms for consumers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/flights/fare_rules', async () => {
        await held;
        const data = fareRulesEnglish.map((rule) => ({ ...rule, sections: [{ title: 'General terms', content: 'Fare subject to availability.' }, ...rule.sections] }));
        return HttpResponse.json(fareRulesResponseSchema.parse({ status: 200, data }));
      }),
    );
    const { user } = renderPart(<FareRulesModal terminalId="9132868" isAgencyEngine={false} session={session} />);
    await user.click(screen.getByRole('button', { name: 'See the fare rules' }));
    const dialog = screen.getByRole('dialog', { name: 'Fare rules' });
    expect(within(dialog).getByRole('progressbar', { name: 'Loading fare rules' })).toBeTruthy();
    release();
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['LIM - CUZ', 'CUZ - LIM']);
    expect(await within(dialog).findByRole('heading', { name: 'General terms' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Changes' })).toBeTruthy();
    await user.click(tabs[1]!);
    expect(within(within(dialog).getByRole('tabpanel')).queryByRole('heading', { name: 'Baggage' })).toBeNull();
  });

  it('hides the general terms for agency engines', async () => {
    const { user } = renderPart(<FareRulesModal terminalId="9132868" isAgencyEngine session={session} />);
    await user.click(screen.getByRole('button', { name: 'See the fare rules' }));
    const dialog = screen.getByRole('dialog', { name: 'Fare rules' });
    expect(await within(dialog).findByRole('heading', { name: 'Changes' })).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'General terms' })).toBeNull();
  });

  it('asks for the rules in the page’s language: English titles on an English page, Spanish on a Spanish one', async () => {
    const asked: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/api/flights/fare_rules')) asked.push(((await request.clone().json()) as { language?: unknown }).language);
    });
    const english = renderPart(<FareRulesModal terminalId="9132868" isAgencyEngine={false} session={session} />);
    await english.user.click(screen.getByRole('button', { name: 'See the fare rules' }));
    const englishDialog = screen.getByRole('dialog', { name: 'Fare rules' });
    expect(await within(englishDialog).findByRole('heading', { name: 'General terms' })).toBeTruthy();
    expect(within(englishDialog).getByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(within(englishDialog).queryByRole('heading', { name: 'Condiciones generales' })).toBeNull();
    expect(within(englishDialog).queryByRole('heading', { name: 'Devoluciones' })).toBeNull();
    english.unmount();

    const spanish = renderPart(<FareRulesModal terminalId="9132868" isAgencyEngine={false} session={session} />, { language: 'es' });
    await spanish.user.click(screen.getByRole('button', { name: 'Ver las regulaciones de la tarifa' }));
    const spanishDialog = await screen.findByRole('dialog');
    expect(await within(spanishDialog).findByRole('heading', { name: 'Condiciones generales' })).toBeTruthy();
    expect(within(spanishDialog).queryByRole('heading', { name: 'General terms' })).toBeNull();
    server.events.removeAllListeners('request:start');
    expect(asked).toEqual(['en', 'es']);
  });
});

const actors: ExtraBaggageActor[] = [];
function BaggageHarness({ passengerTypes }: { passengerTypes: PassengerType[] }) {
  const actor = useActorRef(extraBaggageLogic('9132868', session), { input: extraBaggageInput(session, passengerTypes) });
  useEffect(() => {
    actors.push(actor);
  }, [actor]);
  return <ExtraBaggage actor={actor} />;
}

describe('extra baggage modal', () => {
  it('is sold only with provider 107 on terminals 9132868 and 2113855', () => {
    expect(ancillariesOffered('9132868', 107)).toBe(true);
    expect(ancillariesOffered('2113855', 107)).toBe(true);
    expect(ancillariesOffered('9132868', 100)).toBe(false);
    expect(ancillariesOffered('7200983', 107)).toBe(false);
  });

  it('offers bags per flight and passenger, sums them in the side panel and keeps them once accepted', async () => {
    const { user } = renderPart(<BaggageHarness passengerTypes={['ADT', 'INF']} />);
    await user.click(screen.getByRole('button', { name: 'Add extra baggage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add baggage' });
    const outbound = await within(dialog).findByRole('region', { name: 'Flight LIM - CUZ' });
    // The infant carries no bags: one group per leg, for the adult.
    expect(within(outbound).getAllByRole('radiogroup')).toHaveLength(1);
    await user.click(within(outbound).getByRole('radio', { name: 'Checked bag 23 kg · US$ 30.00' }));
    const summary = within(dialog).getByRole('complementary', { name: 'Summary of your extra purchase' });
    expect(within(summary).getByText('Total extras: US$ 30.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Adult 1 · LIM - CUZ · Checked bag 23 kg: US$ 30.00')).toBeTruthy();
    expect(confirmedExtras(actors.at(-1)!.getSnapshot()).total).toBe(30);
  });

  it('drops unconfirmed picks on Cancel', async () => {
    const { user } = renderPart(<BaggageHarness passengerTypes={['ADT']} />);
    await user.click(screen.getByRole('button', { name: 'Add extra baggage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add baggage' });
    const inbound = await within(dialog).findByRole('region', { name: 'Flight CUZ - LIM' });
    await user.click(within(inbound).getByRole('radio', { name: 'Checked bag 23 kg · US$ 30.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Extra baggage added')).toBeNull();
    expect(confirmedExtras(actors.at(-1)!.getSnapshot()).total).toBe(0);
  });

  it('names the bags in the page’s language from their kind and weight, never with the supplier’s wording', async () => {
    const { user } = renderPart(<BaggageHarness passengerTypes={['ADT']} />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Agregar equipaje extra' }));
    const dialog = await screen.findByRole('dialog');
    const outbound = await within(dialog).findByRole('region', { name: 'Vuelo LIM - CUZ' });
    const names = within(outbound).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual(['Sin equipaje extra', 'Maleta en bodega de 15 kg · US$ 12.50', 'Maleta en bodega de 23 kg · US$ 30.00']);
    expect(within(dialog).queryByText(/Checked bag|Carry-on/)).toBeNull();
  });
});

describe('itinerary header', () => {
  it('titles the route by city, shows the trip type, travellers and each leg with its time of day and details', async () => {
    let wentBack = false;
    const { user } = renderPart(
      <ItineraryHeader
        session={checkoutSession(2)}
        onBack={() => {
          wentBack = true;
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lima to Cusco');
    expect(screen.getByText('Round trip')).toBeTruthy();
    expect(screen.getByText('2 travellers')).toBeTruthy();
    expect(screen.getByText('Outbound')).toBeTruthy();
    expect(screen.getByText('Return')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /flight$/ }).map((icon) => icon.getAttribute('aria-label'))).toEqual(['Daytime flight', 'Daytime flight']);
    const [outbound] = screen.getAllByRole('button', { name: 'Flight details' });
    await user.click(outbound!);
    expect(outbound!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('heading', { name: 'Baggage' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(wentBack).toBe(true);
  });
});
