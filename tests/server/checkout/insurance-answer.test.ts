import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insuranceProductsResponseSchema, type PassengerInput } from '../../../src/contract/checkout.ts';
import { engineFixtures } from '../../../src/contract/fixtures/engines.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import { type ApiErrorBody, book, bookingFor, flightsOf, searchOffers, useLatamNdcOffer, withPassengers } from './support.ts';

// Terminal 9132868's profile requires an insurance answer (spec 2 §5): a plan, or declining it.
const world = useLatamNdcOffer();

async function refused(request: unknown): Promise<ApiErrorBody> {
  const response = await book(world.api, request);
  expect(response.status).toBe(400);
  return response.body as ApiErrorBody;
}
const errorAt = (body: ApiErrorBody, path: string) => body.errors.find((error) => error.path === path)?.value;

describe('the insurance answer at booking', () => {
  it('books a traveller who declines insurance (the answer "none"), with no insurance charged', async () => {
    const request = await bookingFor(world.api, world.offer);
    const declined = await book(world.api, { ...request, bookForm: { ...request.bookForm, insurance: { passengersQuantity: 4, isSelect: false, productSelected: 'none' } } });
    expect(declined.status).toBe(200);
    expect(declined.result.statusCode).toBe(1);
    const [stored] = await world.api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
    expect(stored?.totals?.insurance).toBe(0);
  });

  it('books a party with someone over 70 without insurance, and never takes the client’s word for the age', async () => {
    const over70 = (passengers: PassengerInput[]) => [{ ...passengers[0]!, birthdate: { year: 1950, month: 3, day: 2 } }, ...passengers.slice(1)];
    const rejected = { passengersQuantity: 4, isSelect: false, isRejected: true };
    const request = withPassengers(await bookingFor(world.api, world.offer), over70);
    const booked = await book(world.api, { ...request, bookForm: { ...request.bookForm, insurance: rejected } });
    expect(booked.status).toBe(200);
    expect(booked.result.statusCode).toBe(1);
    // Everyone under 70: a "rejected" flag from the browser does not excuse the missing answer.
    const young = await bookingFor(world.api, world.offer);
    const body = await refused({ ...young, bookForm: { ...young.bookForm, insurance: rejected } });
    expect(errorAt(body, 'json.bookForm.insurance.productSelected')).toBe('Por favor selecciona una de estas 3 opciones');
  });
});

describe('the profiles that sell insurance', () => {
  it('are the five the engines list, the US consumer channel included (MIA–LIM)', async () => {
    const sellers = engineFixtures.filter((engine) => engine.insuranceProducts.length > 0).map((engine) => engine.profile.id);
    expect(sellers).toEqual(['P9132868', 'P9132869', 'AG-ANDES', 'AG-PACIFICO', 'AG-MIAMISUR']);
    const search = { terminalId: '9132869', flightType: 'OW' as const, itinerary: [{ origin: 'MIA', destination: 'LIM', date: '2026-12-18' }], passengers: { adults: 1, children: 0, infants: 0 } };
    const [miaLim] = await searchOffers(world.api, search);
    const answer = await world.api.json('/api/engines/universal', { searchParams: search, engine: { id: '9132869' }, flights: flightsOf(miaLim!), pos: miaLim!.pos });
    const products = insuranceProductsResponseSchema.parse(await answer.json()).data;
    expect(products.map((product) => product.familyName)).toEqual(['Asistencia Internacional Básica', 'Asistencia Internacional Plus']);
    // No IGV outside Peru.
    expect(products.every((product) => product.tax === 0)).toBe(true);
  });
});
