import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '../../src/contract/common.ts';
import { activateLanguage, i18n } from '../../src/web/i18n.ts';

/** Renders one checkout part (payment, pricing, insurance, coupon, modals) with the app's providers. */
export function renderPart(ui: ReactNode, { language = 'en' }: { language?: Language } = {}) {
  activateLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, user };
}

import { createActor, fromPromise } from 'xstate';
import { searchRequestSchema } from '../../src/contract/search.ts';
import type { Session } from '../../src/contract/session.ts';
import { limCuzFlights, limCuzRecommendation, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { checkoutMachine, type BookingAttempt } from '../../machines/checkout.machine.ts';
import type { BookingResult } from '../../src/contract/checkout.ts';
import { couponMachine } from '../../machines/coupon.machine.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import { couponApplier } from '../../src/web/features/checkout/coupon/coupon-api.ts';
import { insuranceProductsLoader } from '../../src/web/features/checkout/insurance/insurance-api.ts';

export const checkoutToday = '2026-11-21';

/** The Lima–Cusco round trip session with `adults` adults. */
export function checkoutSession(adults = 1): Session {
  return {
    sessionID: '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10',
    createdAt: '2026-11-21T15:00:00Z',
    lastActivityAt: '2026-11-21T15:00:00Z',
    expiresAt: '2026-11-21T15:30:00Z',
    searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, passengers: { adults, children: 0, infants: 0 } }),
    flights: limCuzFlights,
    recommendation: limCuzRecommendation,
  };
}

/** A live checkout actor in `editing`, its insurance and coupon children calling the (mock) API. */
export async function startCheckout({
  engineId = '9132868',
  business = false,
  adults = 1,
  duplicateNamesChecked = false,
}: { engineId?: string; business?: boolean; adults?: number; duplicateNamesChecked?: boolean } = {}) {
  const engine = engineFixtures.find((candidate) => candidate.id === engineId)!;
  const session = checkoutSession(adults);
  const machine = checkoutMachine.provide({
    actors: {
      loadSession: fromPromise(async () => session),
      book: fromPromise<BookingResult, BookingAttempt>(() => new Promise<BookingResult>(() => {})),
      insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: insuranceProductsLoader(engine.id, session) } }),
      coupon: couponMachine.provide({ actors: { applyCoupon: couponApplier(engine, session) } }),
    },
  });
  const actor = createActor(machine, { input: { sessionID: session.sessionID, business, today: checkoutToday, engine, duplicateNamesChecked } }).start();
  await new Promise<void>((resolve) => {
    const check = () => actor.getSnapshot().matches('editing') && resolve();
    actor.subscribe(check);
    check();
  });
  return actor;
}
