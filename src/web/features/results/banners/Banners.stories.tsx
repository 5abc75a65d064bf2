import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockEngine } from '../../../mocks/handlers.ts';
import { AirlinePreferenceBanner, InlineBanner, SideBanners } from './Banners.tsx';

const latamBanner = mockEngine('9132868').bannersByAirlines[0]!;

/** The three banner places of a results page, with the default terminal's LATAM banner. */
function BannerPlaces() {
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 16 }}>
        <AirlinePreferenceBanner banner={latamBanner} />
        <InlineBanner banner={latamBanner} />
      </div>
      <SideBanners banner={latamBanner} />
    </div>
  );
}

const meta = { title: 'Results/Banners', component: BannerPlaces, parameters: { layout: 'padded' } } satisfies Meta<typeof BannerPlaces>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllPlaces: Story = {};
export const Spanish: Story = { globals: { locale: 'es' } };
