import type { Recommendation } from '../../src/contract/search.ts';
import { mockAgencyToken, mockRecommendations } from '../../src/web/mocks/search-handlers.ts';

/** Results tests across suppliers (issue 17): an agency's results page, where provider badges show. */
export const slow = { timeout: 8000 };
export const agencyResults = (lang: 'es' | 'en') => `/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=${mockAgencyToken}&lang=${lang}`;

/** The cheapest mock offer as Duffel would sell it (an NDC offer, its own id), a dollar cheaper. */
const source = mockRecommendations[0]!;
export const duffelOffer: Recommendation = {
  ...source,
  id: 'duf.off_0000AUde3KZG0aT2xeqSoS.103220',
  pos: { ...source.pos, group: 'NDC', providerName: 'Duffel' },
  pricing: { ...source.pricing, total: source.pricing.total - 1, base: source.pricing.base - 1 },
};
