import { useLingui } from '@lingui/react/macro';
import type { Engine } from '../../../contract/engine.ts';

export interface NavLink {
  name: string;
  href: string;
}

/** The brand site's own sections, linked from the default terminal's bar (spec 1 §2). */
const brandSiteUrl = 'https://www.vuelos.example';

export function useNavbarLinks(engine: Engine, isDefaultTerminal: boolean): NavLink[] {
  const { t } = useLingui();
  if (!isDefaultTerminal) return engine.links.map((link) => ({ name: link.name, href: link.value }));
  return [
    { name: t`Flights`, href: '/vuelos/' },
    { name: t`Packages`, href: `${brandSiteUrl}/paquetes` },
    { name: t`Airlines`, href: `${brandSiteUrl}/aerolineas` },
    { name: t`Explore`, href: `${brandSiteUrl}/explora` },
  ];
}

export function Navbar({ engine, links, languageSwitch }: { engine: Engine; links: NavLink[]; languageSwitch: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <header className="topbar">
      <a className="topbar__brand" href="/vuelos/">
        <img src={engine.profile.logoURL} alt={engine.profile.name} height={32} />
      </a>
      {links.length > 0 && (
        <nav aria-label={t`Main`} className="topbar__nav">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="topbar__tools">{languageSwitch}</div>
    </header>
  );
}
