import { useEffect } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { BookingFailure, PassengerType } from '../../src/contract/checkout.ts';
import { fareRulesResponseSchema } from '../../src/contract/checkout.ts';
import { fareRulesEnglish } from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { BookingErrorDialog } from '../../src/web/features/checkout/errors/BookingErrorDialog.tsx';
import { ExtraBaggage, confirmedExtras, extraBaggageInput, extraBaggageLogic, type ExtraBaggageActor } from '../../src/web/features/checkout/extras/ExtraBaggage.tsx';
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
    const dialog = await screen.findByRole('dialog', { name: 'Fare rules' });
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
    const dialog = await screen.findByRole('dialog', { name: 'Fare rules' });
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
    const englishDialog = await screen.findByRole('dialog', { name: 'Fare rules' });
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

describe('booking error dialog', () => {
  const engine = engineFixtures.find((candidate) => candidate.id === '9132868')!;
  const failureOf = (statusCode: number, code: string | number, errors: Array<{ path?: string; value: string }> = [], status = statusCode) =>
    ({ statusCode, error: { status, code, message: 'Provider timeout', errors } }) as BookingFailure;

  function open(failure: BookingFailure, language: 'es' | 'en') {
    const handlers = { onClose: vi.fn<() => void>(), onAcceptFareChange: vi.fn<() => void>(), onRetry: vi.fn<() => void>(), onSearchOther: vi.fn<() => void>() };
    const rendered = renderPart(<BookingErrorDialog failure={failure} engine={engine} agencyView={false} pageUrl="https://vuelos.example/vuelos/checkout/1" {...handlers} />, { language });
    return { ...rendered, ...handlers, dialog: screen.getByRole('alertdialog') };
  }

  const words = {
    es: {
      notConfirmed: 'Tu reserva aún no está confirmada',
      network: 'Se perdió la conexión antes de confirmar tu reserva.',
      timeout: 'La aerolínea no respondió a tiempo.',
      unavailable: 'Nuestro sistema de reservas no pudo terminar tu reserva.',
      inProgress: 'Tu reserva aún se está procesando.',
      retry: 'Volver a intentar',
      other: 'Buscar otros vuelos',
      accept: 'Aceptar',
      generic: '¡Ha ocurrido algo!',
      unexpected: 'Ocurrió un error inesperado. Por favor, inténtalo nuevamente.',
      seat: 'Este asiento ya está asignado, favor de elegir otro !',
      invalid: 'Algunos datos de la reserva no fueron aceptados.',
      invalidEmail: 'Ingrese un correo válido',
      warning: 'Advertencia: No se pudo completar la reserva',
      warningBody: 'No se pudo completar la reserva. Vuelve a intentarlo más tarde o busca otros vuelos.',
      provider: 'El sistema de la aerolínea no responde en este momento.',
      copy: 'Copiar la dirección',
      code: 'Código: 504',
    },
    en: {
      notConfirmed: 'Your booking is not confirmed yet',
      network: 'The connection was lost before your booking was confirmed.',
      timeout: 'The airline did not answer in time.',
      unavailable: 'Our booking system could not finish your booking.',
      inProgress: 'Your booking is still being processed.',
      retry: 'Try again',
      other: 'Search other flights',
      accept: 'Accept',
      generic: 'Something went wrong!',
      unexpected: 'An unexpected error occurred. Please try again.',
      seat: 'This seat is already assigned, please choose another one!',
      invalid: 'Some details of the booking were not accepted.',
      invalidEmail: 'Enter a valid email',
      warning: 'Warning: The booking could not be completed',
      warningBody: 'The booking could not be completed. Please try again later or search for other flights.',
      provider: "The airline's system is not answering right now.",
      copy: 'Copy the address',
      code: 'Code: 504',
    },
  } as const;

  describe.each(['es', 'en'] as const)('in %s', (language) => {
    const W = words[language];

    it.each([
      ['a dropped connection', failureOf(0, 'NETWORK'), W.network],
      ['a provider timeout (504)', failureOf(504, 504), W.timeout],
      ['a server error (503)', failureOf(503, 'INTERNAL'), W.unavailable],
      ['a booking still in progress (409)', failureOf(409, 'BOOKING_IN_PROGRESS'), W.inProgress],
    ])('words %s in the reader’s language and offers to try again or search other flights', async (_, failure, message) => {
      const { user, dialog, onRetry, onSearchOther } = open(failure, language);
      expect(within(dialog).getByRole('heading').textContent).toBe(W.notConfirmed);
      expect(dialog.textContent).toContain(message);
      // The server's and the browser's English never reach the page.
      expect(dialog.textContent).not.toContain('Provider timeout');
      expect(dialog.textContent).not.toContain('Failed to fetch');
      expect(within(dialog).queryByRole('button', { name: W.accept })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: W.retry }));
      await user.click(within(dialog).getByRole('button', { name: W.other }));
      expect(onRetry).toHaveBeenCalledTimes(1);
      expect(onSearchOther).toHaveBeenCalledTimes(1);
    });

    it('shows the status code of a timeout, and none when no answer came', () => {
      expect(open(failureOf(504, 504), language).dialog.textContent).toContain(W.code);
      cleanup();
      expect(open(failureOf(0, 'NETWORK'), language).dialog.textContent).not.toMatch(/Código|Code/);
    });

    it.each([
      ['1003, 1004, 1010, 1020 (unexpected)', failureOf(1003, 1003, [{ value: 'Error inesperado.' }]), W.generic, W.unexpected],
      ['a taken seat', failureOf(409, 'SEAT_TAKEN', [{ path: 'json.seats', value: 'Este asiento ya está asignado, favor de elegir otro ! (7C)' }]), W.generic, W.seat],
      ['a refused field (400)', failureOf(400, 'BAD_REQUEST', [{ path: 'json.bookForm.contact.email', value: 'Enter a valid email' }]), W.generic, W.invalidEmail],
      ['any other code', failureOf(1500, 1500, [{ value: 'El pasajero no puede viajar con esta tarifa.' }]), W.warning, W.warningBody],
    ])('words %s by its code, with one Accept button', async (_, failure, title, message) => {
      const { user, dialog, onClose, onRetry } = open(failure, language);
      expect(within(dialog).getByRole('heading').textContent).toBe(title);
      expect(dialog.textContent).toContain(message);
      // The server's Spanish texts never reach the English page.
      expect(dialog.textContent).not.toMatch(language === 'en' ? /El pasajero|asignado|Error inesperado/ : /El pasajero no puede|\(7C\)|Error inesperado\./);
      await user.click(within(dialog).getByRole('button', { name: W.accept }));
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onRetry).not.toHaveBeenCalled();
    });

    it('lists what the server refused (400) in the reader’s words', () => {
      const { dialog } = open(failureOf(400, 'BAD_REQUEST', [{ path: 'json.bookForm.contact.email', value: 'Enter a valid email' }]), language);
      expect(dialog.textContent).toContain(W.invalid);
      expect(within(dialog).getByRole('listitem').textContent).toBe(W.invalidEmail);
    });

    it('offers to try again or search other flights after provider intermittence (1303), and the address to copy after an IT error (402)', () => {
      const provider = open(failureOf(1303, 1303), language);
      expect(provider.dialog.textContent).toContain(W.provider);
      expect(within(provider.dialog).getByRole('button', { name: W.retry })).toBeTruthy();
      expect(within(provider.dialog).getByRole('button', { name: W.other })).toBeTruthy();
      cleanup();
      const itError = open(failureOf(402, 402), language);
      expect(itError.dialog.textContent).toContain('https://vuelos.example/vuelos/checkout/1');
      expect(within(itError.dialog).getByRole('button', { name: W.copy })).toBeTruthy();
    });
  });
});
