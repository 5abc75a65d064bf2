import { useEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Language } from '../../../contract/common.ts';
import type { Engine } from '../../../contract/engine.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Navbar, useNavbarLinks } from './Navbar.tsx';
import { themeVariables } from './terminal.ts';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/media.ts';
import { BrandNameProvider, PageHeading } from './PageHeading.tsx';
import { BookingStepPage } from './BookingStepPage.tsx';
import { keptFirstPaint } from './first-paint.ts';

export interface LayoutWrapperProps {
  engine: Engine;
  isDefaultTerminal: boolean;
  language: Language;
  hidden: boolean;
  children: ReactNode;
}

/** The frame of every screen: the engine's brand (logo, favicon, colours), navigation and language. */
export function LayoutWrapper({ engine, isDefaultTerminal, language, hidden, children }: LayoutWrapperProps) {
  const links = useNavbarLinks(engine, isDefaultTerminal);
  const compact = useMediaQuery(PHONE_WIDTH);
  useFavicon(engine.profile.icoURL);
  // Hidden per the spec's path rule: the page keeps its main landmark, without bar or footer.
  const page = <BrandNameProvider value={engine.profile.name}>{children}</BrandNameProvider>;
  if (hidden) return <main className="app-main">{page}</main>;
  return (
    <div className="app-shell" style={themeVariables(engine.theme)} data-agency={engine.isAgency || undefined}>
      <Navbar engine={engine} links={links} languageSwitch={<LanguageSwitch current={language} />} compact={compact} />
      <main className="app-main">{page}</main>
      <Footer engine={engine} />
    </div>
  );
}

function Footer({ engine }: { engine: Engine }) {
  const { t } = useLingui();
  return (
    <footer className="app-footer">
      <p>
        {engine.profile.name} · <a href={`mailto:${engine.profile.email}`}>{engine.profile.email}</a>
        {engine.profile.phone ? ` · ${engine.profile.phone}` : ''}
      </p>
      <p>{t`Prices in US dollars. Times are local to each airport.`}</p>
    </footer>
  );
}

function useFavicon(href: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link#favicon') ?? document.head.appendChild(document.createElement('link'));
    link.id = 'favicon';
    link.rel = 'icon';
    link.href = href;
  }, [href]);
}

/** Shown while the engine configuration loads: the frame's shape without brand, with the server's first paint kept. */
export function LayoutSkeleton() {
  const { t } = useLingui();
  const firstPaint = keptFirstPaint();
  return (
    <div className="app-shell" aria-busy="true">
      <header className="topbar topbar--loading" />
      <main className="app-main">
        <output className="visually-hidden">{t`Loading…`}</output>
        {firstPaint?.kind === 'home' && (
          <div className="home">
            <div className="home__intro">
              <PageHeading>{firstPaint.heading}</PageHeading>
            </div>
          </div>
        )}
        {firstPaint?.kind === 'results' && <BookingStepPage step={0} title={firstPaint.heading} />}
      </main>
    </div>
  );
}
