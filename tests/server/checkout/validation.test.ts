import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '../../../src/contract/checkout.ts';
import { MESSAGES } from '../../../src/contract/checkout-rules.ts';
import { bookings, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { type ApiErrorBody, book, bookingFor, familySearch, searchOffers, useLatamNdcOffer, withPassengers } from './support.ts';

const world = useLatamNdcOffer();

async function refused(request: unknown, status = 400): Promise<ApiErrorBody> {
  const response = await book(world.api, request);
  expect(response.status).toBe(status);
  return response.body as ApiErrorBody;
}
const paths = (body: ApiErrorBody) => body.errors.map((error) => error.path);
const errorAt = (body: ApiErrorBody, path: string) => body.errors.find((error) => error.path === path)?.value;

describe('the server checks every passenger again', () => {
  it('refuses ages outside each band, measured against the final arrival date', async () => {
    const request = withPassengers(await bookingFor(world.api, world.offer), (passengers) => [
      { ...passengers[0]!, birthdate: { year: 2016, month: 1, day: 1 } }, // 10 years old: not an adult
      passengers[1]!,
      { ...passengers[2]!, birthdate: { year: 2014, month: 12, day: 26 } }, // 12 on the return day: not a child
      { ...passengers[3]!, birthdate: { year: 2026, month: 12, day: 1 } }, // after today
    ]);
    const body = await refused(request);
    expect(errorAt(body, 'json.bookForm.passengers.0.birthdate')).toBe(MESSAGES.invalidDate);
    expect(errorAt(body, 'json.bookForm.passengers.2.birthdate')).toBe(MESSAGES.invalidDate);
    expect(errorAt(body, 'json.bookForm.passengers.3.birthdate')).toBe(MESSAGES.invalidDate);
    expect(paths(body)).not.toContain('json.bookForm.passengers.1.birthdate');
  });

  it('allows CE only for Peru profiles and DL only for US profiles', async () => {
    const dl = withPassengers(await bookingFor(world.api, world.offer), ([first, ...rest]) => [{ ...first!, documentType: 'DL', documentNumber: 'D1234567' }, ...rest]);
    expect(errorAt(await refused(dl), 'json.bookForm.passengers.0.documentType')).toBe(MESSAGES.invalidDocument);

    const colombia = { ...familySearch, terminalId: '9132871' };
    const colombianOffer = (await searchOffers(world.api, colombia))[0]!;
    const ce = withPassengers(await bookingFor(world.api, colombianOffer, { engine: { id: '9132871' }, bookForm: { ...(await bookingFor(world.api, colombianOffer)).bookForm, payment: 103, insurance: null } }, colombia), ([first, ...rest]) => [
      { ...first!, documentType: 'CE', documentNumber: '001234567' },
      ...rest,
    ]);
    expect(errorAt(await refused(ce), 'json.bookForm.passengers.0.documentType')).toBe(MESSAGES.invalidDocument);
  });

  it('asks for a passport on every carrier to Miami, and takes a DNI to Bogotá (issue 37: a DNI does not take anyone to the US)', async () => {
    const roundTrip = (destination: string) => ({ ...familySearch, itinerary: [{ origin: 'LIM', destination, date: '2026-12-18' }, { origin: destination, destination: 'LIM', date: '2026-12-26' }] });
    const toMiami = await searchOffers(world.api, roundTrip('MIA'));
    const carriers = [...new Set(toMiami.map((offer) => offer.pricing.validatingAirline))];
    expect(carriers.length).toBeGreaterThan(1);
    for (const carrier of carriers) {
      const offer = toMiami.find((candidate) => candidate.pricing.validatingAirline === carrier)!;
      const withDni = await bookingFor(world.api, offer, {}, roundTrip('MIA'));
      expect(withDni.bookForm.passengers[0]!.documentType).toBe('NI');
      expect({ carrier, error: errorAt(await refused(withDni), 'json.bookForm.passengers.0.documentType') }).toEqual({ carrier, error: MESSAGES.invalidDocument });
    }
    // To Bogotá the lead's DNI passes: only the second adult's driving licence (a US profile's document) is refused, so nothing is booked.
    const toBogota = (await searchOffers(world.api, roundTrip('BOG')))[0]!;
    const withLicence = withPassengers(await bookingFor(world.api, toBogota, {}, roundTrip('BOG')), ([first, second, ...rest]) => [first!, { ...second!, documentType: 'DL', documentNumber: 'D1234567' }, ...rest]);
    expect(paths(await refused(withLicence))).toEqual(['json.bookForm.passengers.1.documentType']);
  });

  it('requires a numeric NI number and the documents of a Peru profile', async () => {
    const request = withPassengers(await bookingFor(world.api, world.offer), ([first, second, ...rest]) => [
      { ...first!, documentNumber: '4587A236' },
      { ...second!, documentType: undefined, documentNumber: undefined, countryCode: undefined },
      ...rest,
    ]);
    const body = await refused(request);
    expect(errorAt(body, 'json.bookForm.passengers.0.documentNumber')).toBe(MESSAGES.invalidDocument);
    // The schema fails first; once it passes, the profile rule names the missing fields.
    const missing = withPassengers(await bookingFor(world.api, world.offer), ([first, second, ...rest]) => [
      first!,
      { ...second!, documentType: undefined, documentNumber: undefined, countryCode: undefined },
      ...rest,
    ]);
    const profile = await refused(missing);
    expect(paths(profile)).toEqual(
      expect.arrayContaining(['json.bookForm.passengers.1.countryCode', 'json.bookForm.passengers.1.documentType', 'json.bookForm.passengers.1.documentNumber']),
    );
  });

  it('refuses more infants than adults, and infants not assigned one per adult', async () => {
    const request = withPassengers(await bookingFor(world.api, world.offer), ([first, second, child, infant]) => [
      first!,
      second!,
      { ...infant!, firstName: 'Camila', assignedPassenger: 1 },
      { ...infant!, assignedPassenger: 1 },
      { ...infant!, firstName: 'Rosa', assignedPassenger: 2 },
      child!,
    ]);
    const body = await refused(request);
    expect(body.errors.some((error) => error.path === 'json.bookForm.passengers' && /infants/.test(error.value))).toBe(true);
    expect(errorAt(body, 'json.bookForm.passengers.3.assignedPassenger')).toBe('Cada adulto viaja con un solo infante');
  });

  it('blocks equal first and last names for the listed profiles', async () => {
    const request = withPassengers(await bookingFor(world.api, world.offer), ([first, second, ...rest]) => [first!, { ...second!, firstName: 'Lucía', lastName: 'QuispeMamani', gender: 'F' }, ...rest]);
    const body = await refused(request);
    expect(errorAt(body, 'json.bookForm.passengers.1.lastName')).toBe(MESSAGES.duplicateNames);
  });

  it('refuses insurance when a passenger is over 70 on the return date', async () => {
    const request = withPassengers(await bookingFor(world.api, world.offer), ([first, ...rest]) => [{ ...first!, birthdate: { year: 1950, month: 3, day: 2 } }, ...rest]);
    expect(errorAt(await refused(request), 'json.bookForm.insurance')).toBe(MESSAGES.insuranceOver70);
  });

  it('requires the insurance choice for the listed profiles when plans are offered', async () => {
    const request = await bookingFor(world.api, world.offer);
    const body = await refused({ ...request, bookForm: { ...request.bookForm, insurance: null } });
    expect(errorAt(body, 'json.bookForm.insurance.productSelected')).toBe('Por favor selecciona una de estas 3 opciones');
  });

});

describe('the server checks the rest of the form again', () => {
  it('requires the contact form of a consumer', async () => {
    const request = await bookingFor(world.api, world.offer);
    const { contact: _contact, ...withoutContact } = request.bookForm;
    expect(errorAt(await refused({ ...request, bookForm: withoutContact }), 'json.bookForm.contact')).toBe('Contact or agency data is required');
    const agencyOnly = { ...withoutContact, agencyInformation: { email: 'counter@andestravel.example' } };
    expect(errorAt(await refused({ ...request, bookForm: agencyOnly }), 'json.bookForm.contact')).toBe(MESSAGES.required);
  });

  it('refuses a contact phone that is no number of its dial code’s country, as the checkout page does (issue 15: its check loads apart)', async () => {
    const request = await bookingFor(world.api, world.offer);
    const contact = { ...request.bookForm.contact!, countryCode: 'PE+51', phoneNumber: '123456789' } as NonNullable<typeof request.bookForm.contact>;
    const body = await refused({ ...request, bookForm: { ...request.bookForm, contact } });
    expect(errorAt(body, 'json.bookForm.contact.phoneNumber')).toBe(PHONE_MESSAGES.invalidForCountry);
    // Eight digits from 9 are well formed, but one short of a Peruvian mobile.
    const short = await refused({ ...request, bookForm: { ...request.bookForm, contact: { ...contact, phoneNumber: '98765432' } } });
    expect(errorAt(short, 'json.bookForm.contact.phoneNumber')).toBe(PHONE_MESSAGES.invalidForCountry);
  });

  it('requires the three terms boxes', async () => {
    const request = await bookingFor(world.api, world.offer);
    const body = await refused({ ...request, flightRules: { ...request.flightRules, privacyPolicies: false } });
    expect(paths(body)).toContain('json.flightRules.privacyPolicies');
  });

  it('refuses a payment the checkout does not offer, and a card payment without a stored card', async () => {
    const request = await bookingFor(world.api, world.offer);
    // 121 needs provider 100 or 102; this world.offer is LATAM NDC (107).
    expect(paths(await refused({ ...request, bookForm: { ...request.bookForm, payment: 121 } }))).toContain('json.bookForm.payment');
    expect(errorAt(await refused({ ...request, bookForm: { ...request.bookForm, payment: 120 } }), 'json.bookForm.paymentCreditCard')).toBe(MESSAGES.required);
  });

  it('refuses a coupon the server does not accept', async () => {
    const request = await bookingFor(world.api, world.offer);
    const coupon = { description: 'COUPON', amount: 50, apply: true, promotionalCode: 'INVENTADO', paymentType: 102, appliedAt: '2026-11-21T10:00:00-05:00' };
    expect(errorAt(await refused({ ...request, bookForm: { ...request.bookForm, coupon } }), 'json.bookForm.coupon.promotionalCode')).toBe('Invalid code');
  });

  it('refuses a custom markup from a consumer terminal', async () => {
    const request = await bookingFor(world.api, world.offer);
    const recommendation = { ...world.offer, pricing: { ...world.offer.pricing, fees: [...world.offer.pricing.fees, { description: 'CUSTOM', amount: 30 }] } };
    expect(errorAt(await refused({ ...request, recommendation }), 'json.recommendation.pricing.fees.1.amount')).toBe('Only agencies add a custom markup');
  });

  it('answers 404 for an unknown session or offer, 400 for a search made on another terminal', async () => {
    const request = await bookingFor(world.api, world.offer);
    await refused({ ...request, sessionID: crypto.randomUUID() }, 404);
    expect((await refused({ ...request, recommendation: { ...world.offer, id: 'sbx.bm90LWFuLW9mZmVy' } })).code).toBe('UNKNOWN_OFFER');
    expect(paths(await refused({ ...request, searchParams: { ...request.searchParams, terminalId: '9132869' } }))).toContain('json.searchParams.terminalId');
  });

  it('answers 410 once the session has expired', async () => {
    const request = await bookingFor(world.api, world.offer);
    world.api.clock.advanceMinutes(31);
    expect((await refused(request, 410)).code).toBe('SESSION_EXPIRED');
  });
});

describe('refused bookings', () => {
  it('never change stored data: no booking, no payment order', async () => {
    expect(await world.api.deps.db.select().from(bookings)).toEqual([]);
    expect(await world.api.deps.db.select().from(paymentOrders)).toEqual([]);
  });
});
