import type { Engine, PaymentMethod } from '../../../contract/engine.ts';
import { DEFAULT_TERMINAL_ID, TOKEN_EXEMPT_TERMINAL_ID } from '../../../contract/common.ts';

const usd = { code: 'USD', mask: 'US$', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };

/** Provider codes of spec 2 §9; ids are the terminal's own method ids (1005 is the card method 122 forces). */
const method = (id: number, onlineCode: number, name: string, kind: PaymentMethod['kind'], priority: number) => ({
  id,
  onlineCode,
  name,
  kind,
  priority,
  online: kind === 'card' || kind === 'wallet' || kind === 'instalments',
});

const peruConsumerMethods: PaymentMethod[] = [
  method(1001, 102, 'PagoEfectivo', 'cash', 0),
  method(1005, 120, 'Tarjeta de crédito o débito', 'card', 1),
  method(1003, 105, 'SafetyPay', 'bank', 2),
  method(1004, 104, 'Interbank', 'card', 2),
  method(1006, 121, 'Banco Ripley', 'card', 3),
  method(1007, 122, 'Tarjeta Oh!', 'card', 3),
  method(1008, 123, 'Scotiabank', 'card', 3),
  method(1010, 137, 'Cuotéalo BCP', 'instalments', 4),
  method(1012, 125, 'ACuotaz', 'instalments', 4),
  method(1013, 130, 'Transferencia bancaria', 'bank', 4),
  method(1011, 139, 'PayPal', 'wallet', 4),
  method(1002, 103, 'Reservar sin pago', 'none', 5),
];
const agencyMethods: PaymentMethod[] = [method(1002, 103, 'Reservar sin pago', 'none', 0)];
const usConsumerMethods: PaymentMethod[] = [
  method(1005, 120, 'Credit or debit card', 'card', 0),
  method(1011, 139, 'PayPal', 'wallet', 1),
  method(1002, 103, 'Book now, pay later', 'none', 2),
];
const andeanConsumerMethods: PaymentMethod[] = [
  method(1005, 120, 'Tarjeta de crédito o débito', 'card', 0),
  method(1011, 139, 'PayPal', 'wallet', 1),
  method(1002, 103, 'Reservar sin pago', 'none', 2),
];

const consumerDefaults = {
  isAgency: false,
  currency: usd,
  addFieldToAccountId: false,
  discounts: [],
  theme: null,
  links: [],
  insuranceProducts: [],
  bannersByAirlines: [],
};

function consumerTerminal(
  id: string,
  countryCode: Engine['profile']['countryCode'],
  name: string,
  paymentMethods: PaymentMethod[],
): Engine {
  return {
    ...consumerDefaults,
    id,
    profile: {
      id: `P${id}`,
      name,
      countryCode,
      email: `reservas.${countryCode.toLowerCase()}@vuelos.example`,
      logoURL: '/vuelos/brand/vuelos.svg',
      icoURL: '/vuelos/brand/vuelos-icon.svg',
      profileTypeId: 0,
    },
    paymentMethods,
    defaultForCountry: countryCode,
  };
}

const peruConsumer: Engine = {
  ...consumerTerminal(DEFAULT_TERMINAL_ID, 'PE', 'Vuelos Perú', peruConsumerMethods),
  discounts: [{ apply: true, value: 10, paymentCode: 102, description: 'DISCOUNT' }],
  insuranceProducts: ['ASSIST-BASIC', 'ASSIST-PLUS'],
  bannersByAirlines: [
    {
      active: true,
      airlineCode: 'LA',
      airlineName: 'LATAM Airlines',
      airlinePreference: true,
      inlineAdd: { title: 'Vuela LATAM', subtitle: 'Equipaje de mano incluido en tarifas Light', link: '#', blank: false, active: true },
      cube: { imageUrl: '/vuelos/brand/banner-cube.svg', link: '#', blank: false, active: true },
      rectangle: { imageUrl: '/vuelos/brand/banner-rectangle.svg', link: '#', blank: false, active: true },
    },
  ],
};

/** An agency channel with its own brand: logo, favicon, colours and navigation links. */
const andesAgency: Engine = {
  id: '2113855',
  profile: {
    id: 'AG-ANDES',
    name: 'Andes Travel B2B',
    countryCode: 'PE',
    email: 'counter@andestravel.example',
    phone: '+51 1 700 1234',
    logoURL: '/vuelos/brand/andes.svg',
    icoURL: '/vuelos/brand/andes-icon.svg',
    profileTypeId: 1,
  },
  isAgency: true,
  currency: usd,
  addFieldToAccountId: true,
  discounts: [],
  paymentMethods: agencyMethods,
  theme: {
    primary: '#0b5d57',
    primaryText: '#ffffff',
    accent: '#e0a526',
    navBackground: '#083b37',
    navText: '#ffffff',
    checkout: { submitBackground: '#e0a526', submitText: '#1d1d1d' },
  },
  links: [
    { name: 'Vuelos', value: 'https://andestravel.example/vuelos' },
    { name: 'Hoteles', value: 'https://andestravel.example/hoteles' },
    { name: 'Tarifario', value: 'https://andestravel.example/tarifario' },
    { name: 'Mi línea de crédito', value: 'https://andestravel.example/credito' },
  ],
  insuranceProducts: ['ASSIST-BASIC', 'ASSIST-PLUS'],
  bannersByAirlines: [],
  defaultForCountry: null,
};

/** The agency terminal that the spec exempts from search-token validation (spec 1 §5). */
const tokenExemptAgency: Engine = {
  ...andesAgency,
  id: TOKEN_EXEMPT_TERMINAL_ID,
  profile: {
    ...andesAgency.profile,
    id: 'AG-PACIFICO',
    name: 'Pacífico Viajes',
    email: 'ventas@pacificoviajes.example',
    logoURL: '/vuelos/brand/pacifico.svg',
    icoURL: '/vuelos/brand/pacifico-icon.svg',
  },
  addFieldToAccountId: false,
  theme: {
    primary: '#1f4e9c',
    primaryText: '#ffffff',
    accent: '#f06a2a',
    navBackground: '#163a75',
    navText: '#ffffff',
    checkout: { submitBackground: '#f06a2a', submitText: '#ffffff' },
  },
  links: [{ name: 'Inicio', value: 'https://pacificoviajes.example' }],
};

/** A US agency: sees commission (spec 1 §4). */
const usAgency: Engine = {
  ...andesAgency,
  id: '7200983',
  profile: {
    ...andesAgency.profile,
    id: 'AG-MIAMISUR',
    name: 'Miami Sur Travel',
    countryCode: 'US',
    email: 'desk@miamisurtravel.example',
    phone: '+1 305 555 0147',
    logoURL: '/vuelos/brand/miamisur.svg',
    icoURL: '/vuelos/brand/miamisur-icon.svg',
  },
  addFieldToAccountId: false,
  theme: {
    primary: '#7a1f5c',
    primaryText: '#ffffff',
    accent: '#2bb3a6',
    navBackground: '#561642',
    navText: '#ffffff',
    checkout: { submitBackground: '#2bb3a6', submitText: '#ffffff' },
  },
  links: [{ name: 'Flights', value: 'https://miamisurtravel.example/flights' }],
};

export const seedEngines: Engine[] = [
  peruConsumer,
  consumerTerminal('9132869', 'US', 'Vuelos USA', usConsumerMethods),
  consumerTerminal('9132871', 'CO', 'Vuelos Colombia', andeanConsumerMethods),
  consumerTerminal('9132872', 'EC', 'Vuelos Ecuador', andeanConsumerMethods),
  consumerTerminal('9132873', 'MX', 'Vuelos México', andeanConsumerMethods),
  consumerTerminal('9132874', 'RD', 'Vuelos República Dominicana', andeanConsumerMethods),
  andesAgency,
  tokenExemptAgency,
  usAgency,
];
