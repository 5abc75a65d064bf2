import { useLingui } from '@lingui/react/macro';
import type { Language } from '../../../../contract/common.ts';
import { AirlineLogo } from '../card/AirlineLogo.tsx';
import type { AirlineBanner } from './airline-banners.ts';
import { STICKY_BANNERS_SCROLL, useScrolledPast } from './useScrolledPast.ts';
import './banners.css';

/** Banner links open where the terminal says: a new tab only when `blank`. */
const targetOf = (blank: boolean) => (blank ? { target: '_blank', rel: 'noopener noreferrer' } : {});

/** The cube (300×250) and rectangle (300×600) of an airline; they stick to the top past 240 px of scroll. */
export function SideBanners({ banner }: { banner: AirlineBanner }) {
  const { t, i18n } = useLingui();
  const isSticky = useScrolledPast(STICKY_BANNERS_SCROLL);
  const airline = banner.airlineName;
  const images = [
    { kind: 'cube', image: banner.cube, width: 300, height: 250 },
    { kind: 'rectangle', image: banner.rectangle, width: 300, height: 600 },
  ].filter(({ image }) => image.active);
  return (
    <aside className="side-banners" data-sticky={isSticky || undefined} aria-label={t`Offers from ${airline}`}>
      {images.map(({ kind, image, width, height }) => (
        <a key={kind} className={`side-banners__${kind}`} href={image.link} {...targetOf(image.blank)}>
          {/* The picture has words: the page's language's picture where the channel gave one (issue 37). */}
          <img src={image.translations?.[i18n.locale as Language] ?? image.imageUrl} width={width} height={height} alt={t`${airline} offers`} loading="lazy" />
        </a>
      ))}
    </aside>
  );
}

/** The airline's text banner among the cards: title, subtitle and a link. */
export function InlineBanner({ banner }: { banner: AirlineBanner }) {
  const { t, i18n } = useLingui();
  const { link, blank, translations } = banner.inlineAdd;
  // The channel writes its banner in its own language; a translation for the page's language wins.
  const { title, subtitle } = translations?.[i18n.locale as Language] ?? banner.inlineAdd;
  return (
    // Not a landmark: it repeats every third card, and landmarks must be unique.
    <div className="inline-banner">
      <AirlineLogo code={banner.airlineCode} name={banner.airlineName} size={40} />
      <div>
        <p className="inline-banner__title">{title}</p>
        <p className="inline-banner__subtitle">{subtitle}</p>
      </div>
      <a className="button" href={link} {...targetOf(blank)}>
        {t`See offers`}
        <span className="visually-hidden"> {banner.airlineName}</span>
      </a>
    </div>
  );
}

/** Above the first recommendation: the airline this sales channel prefers on the route. */
export function AirlinePreferenceBanner({ banner }: { banner: AirlineBanner }) {
  const { t } = useLingui();
  const airline = banner.airlineName;
  return (
    <aside className="preference-banner" aria-label={t`Preferred airline`}>
      <AirlineLogo code={banner.airlineCode} name={airline} />
      <p>{t`${airline} is our preferred airline on this route.`}</p>
    </aside>
  );
}
