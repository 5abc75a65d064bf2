import { useLingui } from '@lingui/react/macro';
import type { PriceBand } from '../../../contract/price-calendar.ts';
import './price-bands.css';

/** A band's visible mark, so prices never speak by colour alone (the price calendar and the date picker). */
export const BAND_MARKS: Record<PriceBand, string> = {
  cheap: '▼',
  typical: '●',
  expensive: '▲',
};

export function useBandNames(): Record<PriceBand, string> {
  const { t } = useLingui();
  return { cheap: t`Cheap`, typical: t`Typical`, expensive: t`Expensive` };
}

/** The bands' marks and names, in the colours the prices show them. */
export function PriceBandsLegend() {
  const { t } = useLingui();
  const names = useBandNames();
  return (
    <ul className="price-bands__legend" aria-label={t`Price bands`}>
      {(Object.keys(BAND_MARKS) as PriceBand[]).map((band) => (
        <li key={band} className={`price-band price-band--${band}`}>
          <span aria-hidden="true">{BAND_MARKS[band]}</span> {names[band]}
        </li>
      ))}
    </ul>
  );
}
