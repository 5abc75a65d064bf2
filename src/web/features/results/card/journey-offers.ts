/**
 * Lima → Boston one way, four ways (issue 21, journey quality): for stories, UI tests and the filter
 * rules. Each shows a card flag: an overnight 11 h 30 min connection in Bogotá, a change of airport in
 * New York (EWR → JFK) on separate tickets, and a night flight landing the next day.
 */
import { limCuzRecommendation } from '../../../../contract/fixtures/checkout.ts';
import { recommendationSchema, type Flight, type Recommendation } from '../../../../contract/search.ts';

const airports: Record<string, string> = {
  LIM: 'Lima, Jorge Chávez International Airport, Peru',
  PTY: 'Panama City, Tocumen International Airport, Panama',
  BOG: 'Bogotá, El Dorado International Airport, Colombia',
  EWR: 'Newark, Newark Liberty International Airport, United States',
  JFK: 'New York, John F. Kennedy International Airport, United States',
  MIA: 'Miami, Miami International Airport, United States',
  BOS: 'Boston, Logan International Airport, United States',
};
const place = (code: string) => ({ code, description: airports[code] ?? code });

/** [from, to, departs, arrives] with each airport's local time and offset. */
type Hop = [string, string, string, string];

const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
const minutesFromTo = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

/** A one-way offer of a single flight over these hops: the shape search answers have, parsed by the contract. */
export function journeyOffer(id: string, total: number, airline: { code: string; name: string }, hops: Hop[], extra: Partial<Flight> = {}): Recommendation {
  const base = limCuzRecommendation;
  const leg = base.itinerary[0]!;
  const template = leg.flights[0]!;
  const [first, last] = [hops[0]!, hops.at(-1)!];
  const segments = hops.map(([from, to, departs, arrives], index) => ({
    ...template.segments[0]!,
    departureAirport: place(from),
    arrivalAirport: place(to),
    departureDateTime: departs,
    arrivalDateTime: arrives,
    elapsedTime: hhmm(minutesFromTo(departs, arrives)),
    flightNumber: String(400 + index * 11 + total),
    marketingAirline: airline,
    operatingAirline: { code: airline.code, name: airline.name },
    stopLocation: [],
  }));
  return recommendationSchema.parse({
    ...base,
    id,
    pricing: { ...base.pricing, total, validatingAirline: airline.code, upsellData: null },
    itinerary: [
      {
        origin: place(first[0]),
        destination: place(last[1]),
        date: first[2].slice(0, 10),
        flights: [
          {
            ...template,
            ...extra,
            id: `${id}-flight`,
            departureDateTime: first[2],
            arrivalDateTime: last[3],
            elapsedTime: hhmm(minutesFromTo(first[2], last[3])),
            stops: hops.length - 1,
            marketingAirline: airline,
            operatingAirline: { name: airline.name },
            segments,
          },
        ],
      },
    ],
  });
}

const copa = { code: 'CM', name: 'Copa Airlines' };
const avianca = { code: 'AV', name: 'Avianca' };
const united = { code: 'UA', name: 'United Airlines' };
const american = { code: 'AA', name: 'American Airlines' };

/** 2 h in Panama: nothing to flag. */
export const shortConnectionOffer = journeyOffer('journey-pty', 540, copa, [
  ['LIM', 'PTY', '2026-12-10T08:00:00-05:00', '2026-12-10T11:10:00-05:00'],
  ['PTY', 'BOS', '2026-12-10T13:10:00-05:00', '2026-12-10T19:25:00-05:00'],
]);

/** 11 h 30 min overnight in Bogotá, landing the next day: the cheapest, and the one a traveller may not want. */
export const overnightLongConnectionOffer = journeyOffer('journey-bog', 380, avianca, [
  ['LIM', 'BOG', '2026-12-10T17:00:00-05:00', '2026-12-10T20:00:00-05:00'],
  ['BOG', 'BOS', '2026-12-11T07:30:00-05:00', '2026-12-11T13:40:00-05:00'],
]);

/** Lands at Newark and leaves from JFK on a separate ticket (a self-transfer). */
export const airportChangeOffer = journeyOffer(
  'journey-ewr-jfk',
  450,
  united,
  [
    ['LIM', 'EWR', '2026-12-10T00:30:00-05:00', '2026-12-10T08:40:00-05:00'],
    ['JFK', 'BOS', '2026-12-10T12:00:00-05:00', '2026-12-10T13:20:00-05:00'],
  ],
  { selfTransfer: true },
);

/** A night flight through Miami, landing the next day (+1): 1 h 20 min to connect at dawn. */
export const nextDayArrivalOffer = journeyOffer('journey-mia', 470, american, [
  ['LIM', 'MIA', '2026-12-10T22:00:00-05:00', '2026-12-11T05:10:00-05:00'],
  ['MIA', 'BOS', '2026-12-11T06:30:00-05:00', '2026-12-11T09:40:00-05:00'],
]);

export const journeyOffers: Recommendation[] = [shortConnectionOffer, overnightLongConnectionOffer, airportChangeOffer, nextDayArrivalOffer];
