import { useLingui } from '@lingui/react/macro';

/** A stable hue per airline code, so each carrier keeps its colour across cards. */
function hueOf(code: string): number {
  let hash = 0;
  for (const character of code) hash = (hash * 31 + character.charCodeAt(0)) % 360;
  return hash;
}

/**
 * The airline's badge: no logo images exist, so a rounded square with its IATA code in a colour of
 * its own. Named "{airline} logo" for screen readers.
 */
export function AirlineLogo({ code, name, size = 32 }: { code: string; name: string; size?: number }) {
  const { t } = useLingui();
  const hue = hueOf(code);
  return (
    <svg className="airline-logo" width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={t`${name} logo`}>
      <rect width={32} height={32} rx={7} fill={`hsl(${hue} 62% 34%)`} />
      <text x={16} y={21} textAnchor="middle" fontSize={13} fontWeight={700} fill="#ffffff" fontFamily="system-ui, sans-serif">
        {code}
      </text>
    </svg>
  );
}
