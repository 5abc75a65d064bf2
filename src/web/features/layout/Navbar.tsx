import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Engine } from '../../../contract/engine.ts';

/** A bar link: `internal` ones stay in the app (keeping language and terminal), the rest leave for `href`. */
export type NavLink = { name: string; internal: true } | { name: string; internal: false; href: string };

/** The brand site's own sections, linked from the default terminal's bar (spec 1 §2). */
const brandSiteUrl = 'https://www.vuelos.example';

/** Spec 1 §2: fixed links (flights, packages, airlines, explore) on the default terminal; the engine's own elsewhere. */
export function useNavbarLinks(engine: Engine, isDefaultTerminal: boolean): NavLink[] {
  const { t } = useLingui();
  if (!isDefaultTerminal) return engine.links.map((link) => ({ name: link.name, internal: false, href: link.value }));
  return [
    { name: t`Flights`, internal: true },
    { name: t`Packages`, internal: false, href: `${brandSiteUrl}/paquetes` },
    { name: t`Airlines`, internal: false, href: `${brandSiteUrl}/aerolineas` },
    { name: t`Explore`, internal: false, href: `${brandSiteUrl}/explora` },
  ];
}

export interface NavbarProps {
  engine: Engine;
  links: NavLink[];
  languageSwitch: ReactNode;
}

export function Navbar({ engine, links, languageSwitch }: NavbarProps) {
  const { t } = useLingui();
  return (
    <header className="topbar">
      <RouterLink className="topbar__brand" to="/">
        <img src={engine.profile.logoURL} alt={engine.profile.name} height={32} />
      </RouterLink>
      {links.length > 0 && (
        <nav aria-label={t`Main`} className="topbar__nav">
          <ul>
            {links.map((link) => (
              <li key={link.name}>{link.internal ? <RouterLink to="/">{link.name}</RouterLink> : <a href={link.href}>{link.name}</a>}</li>
            ))}
          </ul>
        </nav>
      )}
      <div className="topbar__tools">{languageSwitch}</div>
    </header>
  );
}
