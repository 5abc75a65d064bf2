/**
 * Offers for stories and UI tests that the generated search fixture does not hold: a connection with
 * a technical stop, a layover and a train segment (United's Amtrak product from Newark), and the
 * LATAM fixture as agencies see it. Built from the contract fixtures so they stay contract-shaped.
 */
import { limCuzRecommendation } from '../../../../contract/fixtures/checkout.ts';
import { limaCuscoRoundTripSearch } from '../../../../contract/fixtures/search.ts';
import type { Recommendation, Segment } from '../../../../contract/search.ts';

const united = { code: 'UA', name: 'United Airlines' };
const lima = { code: 'LIM', description: 'Lima, Jorge Chávez International Airport, Peru' };
const newark = { code: 'EWR', description: 'Newark, Newark Liberty International Airport, United States' };
const philadelphia = { code: 'ZFV', description: 'Philadelphia, 30th Street Station, United States' };

const overnightFlight: Segment = {
  departureAirport: lima,
  arrivalAirport: newark,
  departureDateTime: '2026-12-10T23:30:00-05:00',
  arrivalDateTime: '2026-12-11T08:50:00-05:00',
  elapsedTime: '0920',
  flightNumber: '855',
  marketingAirline: united,
  operatingAirline: { code: 'UA', name: 'United Airlines' },
  bookingClass: { code: 'K' },
  cabin: 'Y',
  equipment: [{ airEquipType: '789' }],
  stopLocation: [{ locationCode: 'PTY', codeContext: '0055' }],
};

const amtrakTrain: Segment = {
  departureAirport: newark,
  arrivalAirport: philadelphia,
  departureDateTime: '2026-12-11T10:35:00-05:00',
  arrivalDateTime: '2026-12-11T11:55:00-05:00',
  elapsedTime: '0120',
  flightNumber: '3342',
  marketingAirline: united,
  operatingAirline: { code: null, name: 'Amtrak' },
  bookingClass: { code: 'K' },
  cabin: 'Y',
  equipment: [{ airEquipType: 'TRN' }],
  stopLocation: [],
};

/** Lima → Philadelphia one way: overnight flight with a technical stop in Panama, 1 h 45 min in Newark, then the train. */
export const connectionWithTrainOffer: Recommendation = {
  ...limCuzRecommendation,
  id: 'demo-LIMZFV-110-0001',
  pos: { systemProviderCode: 110, providerName: 'Sabre NDC', group: 'NDC' },
  itinerary: [
    {
      origin: lima,
      destination: philadelphia,
      date: '2026-12-10',
      flights: [
        {
          id: 'UA855-UA3342-20261210',
          itineraryReference: 0,
          departureDateTime: overnightFlight.departureDateTime,
          arrivalDateTime: amtrakTrain.arrivalDateTime,
          elapsedTime: '1225',
          stops: 1,
          marketingAirline: united,
          operatingAirline: { name: 'United Airlines' },
          segments: [overnightFlight, amtrakTrain],
          handBaggage: { pieces: 1, weight: 10 },
          baggage: { pieces: 2, weight: 23 },
          brandedFare: { brandID: 'ECONOMY', name: 'Economy' },
        },
      ],
    },
  ],
  pricing: { ...limCuzRecommendation.pricing, validatingAirline: 'UA', upsellData: null },
  brandedFares: ['ECONOMY'],
};

/** LATAM round trip of the checkout fixture: one flight per leg, bags included, branded fare SE. */
export const latamRoundTripOffer = limCuzRecommendation;

/** JetSMART round trip of the sandbox search with two outbound flights to choose from. */
export const twoOutboundChoicesOffer: Recommendation = limaCuscoRoundTripSearch.data.find((offer) => offer.itinerary[0]!.flights.length > 1)!;
