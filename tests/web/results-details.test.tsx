import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecommendationCard } from '../../src/web/features/results/card/RecommendationCard.tsx';
import { latamRoundTripOffer } from '../../src/web/features/results/card/demo-offers.ts';
import { cardAudience, hasCampaignDiscount } from '../../src/web/features/results/card/audience.ts';
import { pushTags, searchTags } from '../../src/web/lib/tags.ts';
import { demoEngine, renderOnResultsPage, roundTripSearch, sessionID } from './card-harness.tsx';

const campaignDiscount = {
  id: '107-102-CYBER',
  description: 'DISCOUNT',
  amount: 15,
  apply: true,
  promotionalCode: null,
  value: 15,
  percentage: false,
  appliesToBase: false,
  perBooking: true,
  passengers: [],
  paymentCode: null,
};

describe('spec 1 §6 and §9 display rules', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('tags default-terminal searches for retargeting, except multi-city, and redirected searches for conversion', () => {
    expect(searchTags({ terminalId: '9132868', flightType: 'RT', route: 'LIM-CUZ,CUZ-LIM', redirectId: null }).map((tag) => tag.event)).toEqual(['vuelos.retargeting']);
    expect(searchTags({ terminalId: '9132868', flightType: 'MC', route: 'LIM-CUZ,CUZ-AQP', redirectId: null })).toEqual([]);
    expect(searchTags({ terminalId: '7759278', flightType: 'OW', route: 'LIM-CUZ', redirectId: null }).map((tag) => tag.event)).toEqual(['vuelos.redirectConversion']);
    expect(searchTags({ terminalId: '2113855', flightType: 'OW', route: 'LIM-CUZ', redirectId: 'r-42' })).toEqual([
      { event: 'vuelos.redirectConversion', terminalId: '2113855', redirectId: 'r-42' },
    ]);
    pushTags(searchTags({ terminalId: '9132868', flightType: 'OW', route: 'LIM-CUZ', redirectId: null }));
    expect(window.dataLayer).toEqual([{ event: 'vuelos.retargeting', terminalId: '9132868', route: 'LIM-CUZ' }]);
  });

  it("labels taxes 'taxes and charges' for the listed profile except on terminal 7479928", () => {
    const andes = demoEngine('2113855');
    expect(cardAudience(andes, true).taxesAndCharges).toBe(true);
    expect(cardAudience({ ...andes, id: '7479928' }, true).taxesAndCharges).toBe(false);
    expect(cardAudience(demoEngine('9132868'), false).taxesAndCharges).toBe(false);
  });

  it("shows 'Cyber' for a campaign discount and a note when the fare is confirmed at booking", async () => {
    expect(hasCampaignDiscount([{ ...campaignDiscount, id: 'ALL-102' }])).toBe(false);
    const offer = { ...latamRoundTripOffer, pricing: { ...latamRoundTripOffer.pricing, repriceRequired: true, discounts: [campaignDiscount] } };
    renderOnResultsPage(<RecommendationCard recommendation={offer} sessionID={sessionID} engine={demoEngine('9132868')} search={roundTripSearch()} />);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Cyber')).toBeTruthy();
    expect(within(card).getByText('This fare is confirmed with the airline when you book.')).toBeTruthy();
  });
});
