import { useLingui } from '@lingui/react/macro';

/** '1 h 25 min' (or '45 min'), with the machine-readable ISO duration for assistive tech. */
export function Duration({ minutes }: { minutes: number }) {
  const { t } = useLingui();
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return <time dateTime={`PT${hours}H${rest}M`}>{hours > 0 ? t`${hours} h ${rest} min` : t`${rest} min`}</time>;
}
