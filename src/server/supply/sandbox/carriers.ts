/**
 * The hand-kept carrier table of the sandbox: real airlines with their hubs, alliances, fleets and
 * networks (airline-facts.md §2; routes as publicly scheduled, simplified), plus the ground
 * operators whose trains and buses airlines sell under their own codes.
 */

export type CabinCode = 'Y' | 'W' | 'C' | 'F';
export type Alliance = 'oneworld' | 'Star Alliance' | 'SkyTeam' | null;

export interface Aircraft {
  /** IATA equipment code as GDSs show it, or TRN/BUS for ground transport (spec 1 §3). */
  code: string;
  name: string;
  rangeKm: number;
  cruiseKmh: number;
  cabins: readonly CabinCode[];
}

const aircraft = (code: string, name: string, rangeKm: number, cabins: CabinCode[], cruiseKmh = 800): Aircraft => ({
  code,
  name,
  rangeKm,
  cruiseKmh,
  cabins,
});

export const fleet = {
  a319: aircraft('319', 'Airbus A319', 6_000, ['Y']),
  a320: aircraft('320', 'Airbus A320', 5_700, ['W', 'Y']),
  a320Y: aircraft('320', 'Airbus A320', 5_700, ['Y']),
  a320BusinessY: aircraft('320', 'Airbus A320', 5_700, ['C', 'Y']),
  a320neo: aircraft('32N', 'Airbus A320neo', 6_300, ['Y']),
  a321: aircraft('321', 'Airbus A321', 5_900, ['W', 'Y']),
  a321BusinessY: aircraft('321', 'Airbus A321', 5_900, ['C', 'Y']),
  a321neo: aircraft('32Q', 'Airbus A321neo', 7_000, ['Y']),
  a321neoMint: aircraft('32Q', 'Airbus A321neo LR', 7_400, ['C', 'Y']),
  a321Transcon: aircraft('32T', 'Airbus A321T', 5_500, ['F', 'C', 'Y']),
  a330: aircraft('332', 'Airbus A330-200', 13_400, ['C', 'Y'], 850),
  a350: aircraft('359', 'Airbus A350-900', 15_000, ['C', 'W', 'Y'], 880),
  b737: aircraft('738', 'Boeing 737-800', 5_400, ['C', 'Y']),
  b737Max8: aircraft('7M8', 'Boeing 737 MAX 8', 6_500, ['C', 'Y']),
  b737Max8Y: aircraft('7M8', 'Boeing 737 MAX 8', 6_500, ['Y']),
  b737Max9: aircraft('7M9', 'Boeing 737 MAX 9', 6_100, ['C', 'Y']),
  b787_8: aircraft('788', 'Boeing 787-8', 13_600, ['C', 'W', 'Y'], 880),
  b787_8BusinessY: aircraft('788', 'Boeing 787-8', 13_600, ['C', 'Y'], 880),
  b787_9: aircraft('789', 'Boeing 787-9', 14_000, ['C', 'W', 'Y'], 880),
  b787_9BusinessY: aircraft('789', 'Boeing 787-9', 14_000, ['C', 'Y'], 880),
  e190: aircraft('E90', 'Embraer E190', 4_000, ['C', 'Y'], 760),
  train: aircraft('TRN', 'Train', 1_000, ['Y'], 110),
  bus: aircraft('BUS', 'Bus', 600, ['Y'], 70),
} as const;

/** Provider codes of spec 1 §9: GDS 100 Amadeus, 101 Kiu, 102 Sabre; NDC 105–112. */
export const providers = {
  100: { name: 'Amadeus', group: 'GDS' },
  101: { name: 'Kiu', group: 'GDS' },
  102: { name: 'Sabre', group: 'GDS' },
  105: { name: 'SKY', group: 'NDC' },
  106: { name: 'COPA', group: 'NDC' },
  107: { name: 'LATAM', group: 'NDC' },
  108: { name: 'Amadeus NDC', group: 'NDC' },
  110: { name: 'Sabre NDC', group: 'NDC' },
  112: { name: 'Jetsmart', group: 'NDC' },
} as const;
export type ProviderCode = keyof typeof providers;

export interface HubNetwork {
  hub: string;
  /** Domestic and regional spokes served from the hub, both ways. */
  spokes: readonly string[];
}

export interface Carrier {
  code: string;
  name: string;
  countryCode: string;
  alliance: Alliance;
  lowCost: boolean;
  /** Fare level against the network average (low-cost carriers sell cheaper). */
  fareFactor: number;
  hubs: readonly HubNetwork[];
  /** Point-to-point routes outside the hubs. */
  extraRoutes?: ReadonlyArray<readonly [string, string]>;
  /** Types flown, shortest range first: a route gets the first type that reaches it. */
  fleet: readonly Aircraft[];
  providers: readonly ProviderCode[];
  /** Partners that sell this carrier's international flights under their own code ("operated by"). */
  codesharePartners?: readonly string[];
  /** Ground products sold under this carrier's code, operated by a train or bus company. */
  ground?: ReadonlyArray<{ operator: string; from: string; to: string; vehicle: Aircraft }>;
  /** Share of base fare paid to agencies as commission (US agencies see it, spec 1 §4). */
  agencyCommission: number;
}

const peruDomestic = ['CUZ', 'AQP', 'PIU', 'TRU', 'CIX', 'IQT', 'JUL', 'TPP', 'PCL', 'TCQ', 'AYP', 'PEM', 'CJA', 'TBP'];
const chileDomestic = ['ANF', 'CJC', 'IQQ', 'ARI', 'CCP', 'PMC', 'PUQ', 'LSC'];
const colombiaDomestic = ['MDE', 'CLO', 'CTG', 'BAQ', 'SMR', 'BGA', 'PEI', 'CUC', 'ADZ'];
const brazilDomestic = ['GIG', 'BSB', 'SSA', 'REC', 'FOR', 'POA', 'CWB', 'FLN', 'BEL', 'MAO'];
const argentinaDomestic = ['COR', 'MDZ', 'BRC', 'IGR', 'USH', 'SLA', 'TUC', 'NQN', 'FTE'];
const mexicoDomestic = ['CUN', 'GDL', 'MTY', 'TIJ', 'PVR', 'SJD', 'MID', 'OAX'];
const spainDomestic = ['BCN', 'AGP', 'SVQ', 'VLC', 'BIO', 'PMI', 'LPA', 'TFN', 'SCQ'];
const usTrunk = ['LAX', 'SFO', 'SEA', 'BOS', 'MCO', 'TPA', 'ATL', 'LAS', 'PHX', 'MSY', 'AUS', 'SAN', 'DEN', 'ORD', 'DFW', 'IAH', 'CLT', 'PHL'];

export const carriers: readonly Carrier[] = [
  {
    code: 'LA',
    name: 'LATAM Airlines',
    countryCode: 'CL',
    alliance: null,
    lowCost: false,
    fareFactor: 1,
    hubs: [
      {
        hub: 'LIM',
        spokes: [
          ...peruDomestic,
          ...['SCL', 'EZE', 'GRU', 'BOG', 'UIO', 'GYE', 'MIA', 'JFK', 'LAX', 'MCO', 'MAD', 'BCN', 'MEX', 'CUN', 'PTY', 'MDE', 'CLO'],
          ...['ASU', 'MVD', 'LPB', 'VVI', 'PUJ', 'SJO', 'GIG', 'CTG'],
        ],
      },
      { hub: 'SCL', spokes: [...chileDomestic, 'EZE', 'GRU', 'MIA', 'JFK', 'LAX', 'MAD', 'MEX', 'BOG', 'MVD', 'ASU', 'GIG', 'MEL', 'SYD', 'CUN'] },
      { hub: 'GRU', spokes: [...brazilDomestic, 'EZE', 'MIA', 'JFK', 'MCO', 'MAD', 'LIS', 'MXP', 'LHR', 'FRA', 'BOG', 'MVD', 'ASU'] },
      { hub: 'BOG', spokes: [...colombiaDomestic, 'MIA', 'UIO', 'GYE'] },
    ],
    extraRoutes: [
      ['AQP', 'CUZ'],
      ['CUZ', 'JUL'],
    ],
    fleet: [fleet.a319, fleet.a320, fleet.a321, fleet.b787_8, fleet.b787_9],
    providers: [107, 100, 102],
    codesharePartners: [],
    agencyCommission: 0.01,
  },
  {
    code: 'H2',
    name: 'Sky Airline',
    countryCode: 'CL',
    alliance: null,
    lowCost: true,
    fareFactor: 0.78,
    hubs: [
      { hub: 'SCL', spokes: [...chileDomestic, 'EZE', 'GRU', 'MVD', 'FLN', 'GIG'] },
      { hub: 'LIM', spokes: ['CUZ', 'AQP', 'PIU', 'TRU', 'CIX', 'JUL', 'TPP', 'IQT', 'PEM', 'TCQ', 'EZE', 'MDE', 'MVD', 'MIA', 'GRU', 'UIO'] },
    ],
    fleet: [fleet.a320neo, fleet.a321neo],
    providers: [105, 100, 101],
    agencyCommission: 0,
  },
  {
    code: 'JA',
    name: 'JetSMART',
    countryCode: 'CL',
    alliance: null,
    lowCost: true,
    fareFactor: 0.72,
    hubs: [{ hub: 'SCL', spokes: [...chileDomestic, 'AEP', 'FLN', 'ASU'] }],
    fleet: [fleet.a320neo, fleet.a321neo],
    providers: [112, 101],
    agencyCommission: 0,
  },
  {
    code: 'JZ',
    name: 'JetSMART Perú',
    countryCode: 'PE',
    alliance: null,
    lowCost: true,
    fareFactor: 0.7,
    hubs: [{ hub: 'LIM', spokes: ['CUZ', 'AQP', 'PIU', 'TRU', 'CIX', 'TPP', 'IQT', 'JUL', 'PCL', 'TCQ', 'AYP', 'SCL', 'BOG', 'MDE', 'AEP'] }],
    extraRoutes: [['AQP', 'CUZ']],
    fleet: [fleet.a320neo, fleet.a321neo],
    providers: [112, 101],
    agencyCommission: 0,
  },
  {
    code: 'AV',
    name: 'Avianca',
    countryCode: 'CO',
    alliance: 'Star Alliance',
    lowCost: false,
    fareFactor: 0.97,
    hubs: [
      {
        hub: 'BOG',
        spokes: [
          ...colombiaDomestic,
          ...['LIM', 'UIO', 'GYE', 'MIA', 'JFK', 'MCO', 'FLL', 'IAD', 'LAX', 'MEX', 'CUN', 'PTY', 'SJO', 'GUA', 'SAL'],
          ...['MAD', 'BCN', 'LHR', 'EZE', 'SCL', 'GRU', 'GIG', 'SDQ', 'PUJ', 'HAV', 'LPB', 'VVI', 'CUZ'],
        ],
      },
      { hub: 'SAL', spokes: ['LAX', 'JFK', 'IAD', 'MIA', 'GUA', 'SJO', 'MEX', 'CUN', 'LIM', 'IAH', 'SAP', 'MGA', 'TGU'] },
    ],
    extraRoutes: [
      ['MDE', 'MIA'],
      ['CLO', 'MIA'],
    ],
    fleet: [fleet.a320BusinessY, fleet.b787_8BusinessY],
    providers: [108, 100],
    codesharePartners: ['UA'],
    agencyCommission: 0.03,
  },
  {
    code: 'CM',
    name: 'Copa Airlines',
    countryCode: 'PA',
    alliance: 'Star Alliance',
    lowCost: false,
    fareFactor: 1.02,
    hubs: [
      {
        hub: 'PTY',
        spokes: [
          ...['LIM', 'BOG', 'MDE', 'CLO', 'CTG', 'BAQ', 'UIO', 'GYE', 'SCL', 'EZE', 'GRU', 'GIG', 'MVD', 'ASU', 'LPB', 'VVI'],
          ...['MIA', 'JFK', 'MCO', 'FLL', 'IAD', 'ORD', 'LAX', 'BOS', 'SFO', 'LAS', 'DEN', 'MEX', 'CUN', 'GDL'],
          ...['SJO', 'GUA', 'SAL', 'MGA', 'TGU', 'SAP', 'SDQ', 'PUJ', 'STI', 'HAV', 'MBJ', 'KIN', 'AUA', 'CUR', 'CUZ'],
        ],
      },
    ],
    fleet: [fleet.b737, fleet.b737Max8, fleet.b737Max9],
    providers: [106, 102],
    codesharePartners: ['UA'],
    agencyCommission: 0.02,
  },
  {
    code: 'AR',
    name: 'Aerolíneas Argentinas',
    countryCode: 'AR',
    alliance: 'SkyTeam',
    lowCost: false,
    fareFactor: 0.95,
    hubs: [
      { hub: 'AEP', spokes: [...argentinaDomestic, 'MVD', 'ASU', 'SCL'] },
      { hub: 'EZE', spokes: ['MIA', 'JFK', 'MAD', 'FCO', 'LIM', 'SCL', 'GRU', 'GIG', 'PUJ', 'CUN', 'BOG', 'COR', 'MDZ', 'USH', 'BRC'] },
    ],
    fleet: [fleet.b737, fleet.b737Max8, fleet.a330],
    providers: [101, 102],
    codesharePartners: ['AM'],
    agencyCommission: 0.01,
  },
  {
    code: 'UX',
    name: 'Air Europa',
    countryCode: 'ES',
    alliance: 'SkyTeam',
    lowCost: false,
    fareFactor: 0.98,
    hubs: [
      {
        hub: 'MAD',
        spokes: [...spainDomestic, 'LIM', 'BOG', 'MDE', 'UIO', 'GYE', 'EZE', 'GRU', 'SDQ', 'PUJ', 'HAV', 'MIA', 'JFK', 'CUN', 'ASU', 'MVD', 'PTY', 'SAL', 'CCS'],
      },
    ],
    fleet: [fleet.b737, fleet.b787_8BusinessY, fleet.b787_9BusinessY],
    providers: [110, 100],
    codesharePartners: ['AM'],
    agencyCommission: 0.01,
  },
  {
    code: 'DM',
    name: 'Arajet',
    countryCode: 'DO',
    alliance: null,
    lowCost: true,
    fareFactor: 0.74,
    hubs: [
      {
        hub: 'SDQ',
        spokes: [
          ...['LIM', 'BOG', 'MDE', 'CTG', 'UIO', 'GYE', 'PTY', 'SJO', 'GUA', 'SAL', 'MEX', 'CUN', 'GDL', 'JFK', 'EWR', 'BOS'],
          ...['MCO', 'AUA', 'CUR', 'KIN', 'MBJ', 'EZE', 'GRU', 'SCL'],
        ],
      },
    ],
    fleet: [fleet.b737Max8Y],
    providers: [101],
    agencyCommission: 0,
  },
  {
    code: 'UA',
    name: 'United Airlines',
    countryCode: 'US',
    alliance: 'Star Alliance',
    lowCost: false,
    fareFactor: 1.08,
    hubs: [
      { hub: 'IAH', spokes: [...usTrunk, 'LIM', 'BOG', 'MDE', 'SJO', 'GUA', 'SAL', 'PTY', 'MEX', 'CUN', 'GDL', 'SJD', 'PVR', 'EZE', 'GRU', 'SCL', 'UIO', 'GYE'] },
      { hub: 'EWR', spokes: [...usTrunk, 'LIM', 'BOG', 'GRU', 'EZE', 'SCL', 'MAD', 'BCN', 'LHR', 'CDG', 'FCO', 'SDQ', 'PUJ', 'SJU', 'CUN', 'MEX', 'STI'] },
      { hub: 'ORD', spokes: [...usTrunk, 'CUN', 'MEX', 'LHR'] },
      { hub: 'DEN', spokes: [...usTrunk, 'CUN', 'SJD', 'PVR', 'MEX'] },
    ],
    fleet: [fleet.b737, fleet.b737Max9, fleet.b787_9],
    providers: [110, 102],
    codesharePartners: ['CM', 'AV'],
    ground: [
      { operator: 'Amtrak', from: 'EWR', to: 'ZFV', vehicle: fleet.train },
      { operator: 'Amtrak', from: 'EWR', to: 'ZWI', vehicle: fleet.train },
      { operator: 'Landline', from: 'DEN', to: 'FNL', vehicle: fleet.bus },
    ],
    agencyCommission: 0,
  },
  {
    code: 'B6',
    name: 'JetBlue',
    countryCode: 'US',
    alliance: null,
    lowCost: true,
    fareFactor: 0.9,
    hubs: [
      { hub: 'JFK', spokes: ['LAX', 'SFO', 'MCO', 'FLL', 'BOS', 'TPA', 'LAS', 'SEA', 'SDQ', 'STI', 'PUJ', 'SJU', 'CUN', 'BOG', 'MDE', 'CTG', 'AUA', 'LHR'] },
      { hub: 'FLL', spokes: ['LIM', 'BOG', 'MDE', 'CTG', 'SDQ', 'PUJ', 'CUN', 'GUA', 'SJO', 'BOS', 'LAX', 'MCO'] },
      { hub: 'BOS', spokes: ['SDQ', 'PUJ', 'SJU', 'CUN', 'MCO', 'TPA', 'LAX', 'SFO'] },
    ],
    fleet: [fleet.a320Y, fleet.a321neoMint],
    providers: [102],
    agencyCommission: 0,
  },
  {
    code: 'AA',
    name: 'American Airlines',
    countryCode: 'US',
    alliance: 'oneworld',
    lowCost: false,
    fareFactor: 1.07,
    hubs: [
      {
        hub: 'MIA',
        spokes: [
          ...usTrunk,
          ...['JFK', 'LGA', 'LIM', 'BOG', 'MDE', 'CLO', 'CTG', 'UIO', 'GYE', 'EZE', 'GRU', 'GIG', 'SCL', 'MVD', 'ASU', 'LPB'],
          ...['PTY', 'SJO', 'GUA', 'SAL', 'MEX', 'CUN', 'SDQ', 'PUJ', 'STI', 'SJU', 'HAV', 'KIN', 'MBJ', 'AUA', 'CUR', 'MAD', 'LHR'],
        ],
      },
      { hub: 'DFW', spokes: [...usTrunk, 'MEX', 'CUN', 'GDL', 'MTY', 'SJD', 'PVR', 'BOG', 'SCL', 'EZE', 'GRU', 'LIM', 'MAD', 'LHR'] },
      { hub: 'JFK', spokes: ['LAX', 'SFO', 'MIA', 'BOS', 'LHR', 'MAD', 'GRU', 'EZE', 'SDQ', 'PUJ'] },
      { hub: 'PHL', spokes: ['BOS', 'MCO', 'TPA', 'ATL', 'CUN', 'PUJ', 'MAD', 'LHR'] },
      { hub: 'CLT', spokes: [...usTrunk, 'CUN', 'PUJ', 'SJD', 'MEX'] },
    ],
    fleet: [fleet.a321BusinessY, fleet.b737, fleet.b787_8, fleet.b787_9],
    providers: [108, 100],
    codesharePartners: ['IB'],
    ground: [{ operator: 'Landline', from: 'PHL', to: 'ABE', vehicle: fleet.bus }],
    agencyCommission: 0,
  },
  {
    code: 'IB',
    name: 'Iberia',
    countryCode: 'ES',
    alliance: 'oneworld',
    lowCost: false,
    fareFactor: 1.05,
    hubs: [
      {
        hub: 'MAD',
        spokes: [...spainDomestic, 'LIM', 'BOG', 'MDE', 'UIO', 'GYE', 'EZE', 'GRU', 'SCL', 'MEX', 'CUN', 'MIA', 'JFK', 'BOS', 'SJO', 'GUA', 'SAL', 'PTY', 'HAV', 'SDQ', 'PUJ', 'MVD', 'CCS'],
      },
    ],
    fleet: [fleet.a320BusinessY, fleet.a321BusinessY, fleet.a330, fleet.a350],
    providers: [108, 100],
    codesharePartners: ['AA'],
    agencyCommission: 0.01,
  },
  {
    code: 'AM',
    name: 'Aeroméxico',
    countryCode: 'MX',
    alliance: 'SkyTeam',
    lowCost: false,
    fareFactor: 1,
    hubs: [
      {
        hub: 'MEX',
        spokes: [
          ...mexicoDomestic,
          ...['LIM', 'BOG', 'MDE', 'SCL', 'EZE', 'GRU', 'SJO', 'GUA', 'SAL', 'PTY', 'HAV', 'SDQ', 'MIA', 'JFK', 'LAX', 'ORD', 'IAH', 'ATL', 'MAD'],
        ],
      },
      { hub: 'GDL', spokes: ['TIJ', 'CUN', 'MTY', 'LAX', 'SFO', 'ORD'] },
    ],
    fleet: [fleet.e190, fleet.b737Max8, fleet.b737Max9, fleet.b787_8BusinessY, fleet.b787_9BusinessY],
    providers: [100, 102],
    codesharePartners: ['AR', 'UX'],
    agencyCommission: 0.015,
  },
];

/** AA's transcontinental A321T keeps a first cabin: the one place cabin F is sold in the sandbox. */
export const firstCabinRoutes: ReadonlyArray<{ carrier: string; between: readonly [string, string]; aircraft: Aircraft }> = [
  { carrier: 'AA', between: ['JFK', 'LAX'], aircraft: fleet.a321Transcon },
  { carrier: 'AA', between: ['JFK', 'SFO'], aircraft: fleet.a321Transcon },
];

export const carrierByCode: ReadonlyMap<string, Carrier> = new Map(carriers.map((carrier) => [carrier.code, carrier]));

/** Airline names for codes the sandbox shows but does not fly (autocomplete, banners). */
export function carrierName(code: string): string {
  return carrierByCode.get(code)?.name ?? code;
}
