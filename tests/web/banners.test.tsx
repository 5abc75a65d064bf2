import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/contract/engine.ts';
import { isInlineBannerSlot, useResultsBanners } from '../../src/web/features/results/banners/airline-banners.ts';
import { AirlinePreferenceBanner, InlineBanner, SideBanners } from '../../src/web/features/results/banners/Banners.tsx';
import { demoEngine, renderOnResultsPage } from './card-harness.tsx';
import { server } from './setup.ts';

/** What a results page does with the banners of its route. */
function ResultsBannerPlaces({ engine }: { engine: Engine }) {
  const banners = useResultsBanners(engine, 'LIM', 'CUZ');
  return (
    <main>
      {banners.preference && <AirlinePreferenceBanner banner={banners.preference} />}
      {banners.inline && <InlineBanner banner={banners.inline} />}
      {banners.side && <SideBanners banner={banners.side} />}
    </main>
  );
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('results banners', () => {
  it('shows the terminal’s active airline banners: side images, inline text and the preferred airline', async () => {
    renderOnResultsPage(<ResultsBannerPlaces engine={demoEngine('9132868')} />);
    const side = await screen.findByRole('complementary', { name: 'Offers from LATAM Airlines' });
    const images = within(side).getAllByRole('img', { name: 'LATAM Airlines offers' }) as HTMLImageElement[];
    expect(images.map((image) => [image.width, image.height])).toEqual([
      [300, 250],
      [300, 600],
    ]);
    const inline = screen.getByText('Fly LATAM').closest('.inline-banner') as HTMLElement;
    expect(inline.textContent).toContain('A cabin bag comes with Light fares');
    expect(within(inline).getByRole('link', { name: 'See offers LATAM Airlines' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Preferred airline' }).textContent).toContain('LATAM Airlines is our preferred airline on this route.');
  });

  it('words the inline banner in the page’s language: the channel’s Spanish text on a Spanish page', async () => {
    renderOnResultsPage(<ResultsBannerPlaces engine={demoEngine('9132868')} />, { language: 'es' });
    const inline = (await screen.findByText('Vuela LATAM')).closest('.inline-banner') as HTMLElement;
    expect(inline.textContent).toContain('Equipaje de mano incluido en tarifas Light');
    expect(screen.queryByText('Fly LATAM')).toBeNull();
  });

  it.each([
    ['en', ['/vuelos/brand/banner-cube-en.svg', '/vuelos/brand/banner-rectangle-en.svg']],
    ['es', ['/vuelos/brand/banner-cube.svg', '/vuelos/brand/banner-rectangle.svg']],
  ] as const)('shows the side banners’ pictures of the page’s language, %s: no Spanish picture on an English page (issue 37)', async (language, sources) => {
    renderOnResultsPage(<ResultsBannerPlaces engine={demoEngine('9132868')} />, { language });
    const side = await screen.findByRole('complementary', { name: /LATAM Airlines/ });
    expect((within(side).getAllByRole('img') as HTMLImageElement[]).map((image) => image.getAttribute('src'))).toEqual(sources);
  });

  it('sticks the side banners to the top from 240 px of scroll', async () => {
    scrollTo(0);
    renderOnResultsPage(<ResultsBannerPlaces engine={demoEngine('9132868')} />);
    const side = await screen.findByRole('complementary', { name: 'Offers from LATAM Airlines' });
    expect(side.hasAttribute('data-sticky')).toBe(false);
    scrollTo(239);
    expect(side.hasAttribute('data-sticky')).toBe(false);
    scrollTo(240);
    expect(side.hasAttribute('data-sticky')).toBe(true);
    scrollTo(0);
    expect(side.hasAttribute('data-sticky')).toBe(false);
  });

  it('shows nothing for a terminal without airline banners', async () => {
    const answered = new Promise<void>((resolve) => {
      server.events.on('response:mocked', ({ request }) => {
        if (new URL(request.url).pathname === '/api/engines/banners') resolve();
      });
    });
    renderOnResultsPage(<ResultsBannerPlaces engine={demoEngine('2113855')} />);
    await act(() => answered);
    server.events.removeAllListeners();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByText('Fly LATAM')).toBeNull();
  });

  it('places an inline banner above every third recommendation', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(isInlineBannerSlot)).toEqual([2, 5, 8]);
  });
});
