import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_TERMINAL_ID } from '../../../contract/common.ts';
import type { Language } from '../../../contract/common.ts';
import type { Engine } from '../../../contract/engine.ts';
import { mockEngine } from '../../mocks/handlers.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Navbar, useNavbarLinks } from './Navbar.tsx';
import { themeVariables } from './terminal.ts';

/** The bar as the wrapper builds it: links chosen by terminal, brand colours from the engine theme. */
function NavbarForTerminal({
  engine,
  isDefaultTerminal,
  language,
  compact = false,
  defaultMenuOpen = false,
}: {
  engine: Engine;
  isDefaultTerminal: boolean;
  language: Language;
  compact?: boolean;
  defaultMenuOpen?: boolean;
}) {
  const links = useNavbarLinks(engine, isDefaultTerminal);
  return (
    <div style={themeVariables(engine.theme)}>
      <Navbar engine={engine} links={links} languageSwitch={<LanguageSwitch current={language} />} compact={compact} defaultMenuOpen={defaultMenuOpen} />
    </div>
  );
}

const meta = {
  title: 'Layout/Navbar',
  component: NavbarForTerminal,
  args: { engine: mockEngine(DEFAULT_TERMINAL_ID), isDefaultTerminal: true, language: 'en' },
} satisfies Meta<typeof NavbarForTerminal>;
export default meta;
type Story = StoryObj<typeof meta>;

const agency = { engine: mockEngine('2113855'), isDefaultTerminal: false };

/** Default terminal: the fixed links (flights, packages, airlines, explore). */
export const FixedLinks: Story = { globals: { locale: 'en' } };
export const FixedLinksSpanish: Story = { args: { language: 'es' }, globals: { locale: 'es' } };
/** Agency terminal: its own logo, colours and links. */
export const AgencyLinks: Story = { args: agency, globals: { locale: 'en' } };
export const AgencyLinksSpanish: Story = { args: { ...agency, language: 'es' }, globals: { locale: 'es' } };

const pacifico = { engine: mockEngine('0604596344'), isDefaultTerminal: false };

/** Phone widths: the logo and a menu button; the links and the language switch are in the menu. */
export const PhoneMenu: Story = { args: { ...pacifico, language: 'es', compact: true }, globals: { locale: 'es' } };
export const PhoneMenuOpen: Story = { args: { ...pacifico, language: 'es', compact: true, defaultMenuOpen: true }, globals: { locale: 'es' } };
export const PhoneMenuOpenEnglish: Story = { args: { ...agency, compact: true, defaultMenuOpen: true }, globals: { locale: 'en' } };
export const PhoneMenuOpenDefaultTerminal: Story = { args: { compact: true, defaultMenuOpen: true }, globals: { locale: 'en' } };
