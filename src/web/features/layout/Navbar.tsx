import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { Engine } from '../../../contract/engine.ts';
import { useLanguage } from '../search/use-language.ts';

/** A bar link: `internal` ones stay in the app (keeping language and terminal), the rest leave for `href`. */
export type NavLink = { name: string; internal: true; to: '/' | '/bookings/manage' | '/credit-line' | '/explora' } | { name: string; internal: false; href: string };

/** Engine links to pages of this app (the agency's credit line), by the value the engine configuration gives. */
const appPages: Record<string, '/credit-line'> = { '/vuelos/credit-line': '/credit-line' };

/** The brand site's own sections, linked from the default terminal's bar (spec 1 §2). */
const brandSiteUrl = 'https://www.vuelos.example';

/**
 * Spec 1 §2 and the home page's top navigation: fixed links (flights, packages, airlines, promotions,
 * discover, explore: Explora, this app's own page of issue 21) on the default terminal, and manage my booking (issue 12) for its travellers; the
 * engine's own elsewhere.
 */
export function useNavbarLinks(engine: Engine, isDefaultTerminal: boolean): NavLink[] {
  const { t } = useLingui();
  const language = useLanguage();
  if (!isDefaultTerminal)
    return engine.links.map((link): NavLink => {
      const name = link.translations?.[language] ?? link.name;
      const page = appPages[link.value];
      return page ? { name, internal: true, to: page } : { name, internal: false, href: link.value };
    });
  return [
    { name: t`Flights`, internal: true, to: '/' },
    { name: t`Packages`, internal: false, href: `${brandSiteUrl}/paquetes` },
    { name: t`Airlines`, internal: false, href: `${brandSiteUrl}/aerolineas` },
    { name: t`Promotions`, internal: false, href: `${brandSiteUrl}/promociones` },
    { name: t`Discover`, internal: false, href: `${brandSiteUrl}/descubre` },
    { name: t`Explore`, internal: true, to: '/explora' },
    { name: t`Manage booking`, internal: true, to: '/bookings/manage' },
  ];
}

export interface NavbarProps {
  engine: Engine;
  links: NavLink[];
  languageSwitch: ReactNode;
  /** Phone widths: the links and the language switch fold into a menu beside the logo. */
  compact?: boolean;
  /** The folded menu starts open (stories). */
  defaultMenuOpen?: boolean;
}

export function Navbar({ engine, links, languageSwitch, compact = false, defaultMenuOpen = false }: NavbarProps) {
  // The menu's popover renders inside the bar, so it stays in the banner landmark.
  const [header, setHeader] = useState<HTMLElement | null>(null);
  return (
    <header className="topbar" data-compact={compact || undefined} ref={setHeader}>
      <RouterLink className="topbar__brand" to="/">
        <img src={engine.profile.logoURL} alt={engine.profile.name} height={32} />
      </RouterLink>
      {compact ? (
        <NavbarMenu links={links} languageSwitch={languageSwitch} defaultOpen={defaultMenuOpen} container={header} />
      ) : (
        <>
          <MainLinks links={links} />
          <div className="topbar__tools">{languageSwitch}</div>
        </>
      )}
    </header>
  );
}

function MainLinks({ links }: { links: NavLink[] }) {
  const { t } = useLingui();
  if (links.length === 0) return null;
  return (
    <nav aria-label={t`Main`} className="topbar__nav">
      <ul>
        {links.map((link) => (
          <li key={link.name}>{link.internal ? <RouterLink to={link.to}>{link.name}</RouterLink> : <a href={link.href}>{link.name}</a>}</li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The bar on a phone: a "Menu" button opens a popover (inside the bar) with the same links and language switch. The popover
 * is a dialog (focus moves in, Escape closes, focus returns to the button); it is open for the address it was
 * opened on, so following one of its links (a language, the home page) closes it.
 */
function NavbarMenu({ links, languageSwitch, defaultOpen, container }: { links: NavLink[]; languageSwitch: ReactNode; defaultOpen: boolean; container: HTMLElement | null }) {
  const { t } = useLingui();
  const href = useRouterState({ select: (state) => state.location.href });
  const [openAt, setOpenAt] = useState<string | null>(defaultOpen ? href : null);
  return (
    <DialogTrigger isOpen={openAt === href} onOpenChange={(isOpen) => setOpenAt(isOpen ? href : null)}>
      <AriaButton className="topbar__menu-button">
        <span className="topbar__menu-icon" aria-hidden="true" />
        {t`Menu`}
      </AriaButton>
      <Popover className="topbar__menu" placement="bottom end" offset={8} UNSTABLE_portalContainer={container ?? undefined}>
        <Dialog className="topbar__menu-dialog" aria-label={t`Menu`}>
          <MainLinks links={links} />
          {languageSwitch}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
