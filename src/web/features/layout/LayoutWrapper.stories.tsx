import type { Meta, StoryObj } from '@storybook/react-vite';
import { DEFAULT_TERMINAL_ID } from '../../../contract/common.ts';
import { mockEngine } from '../../mocks/handlers.ts';
import { LayoutWrapper } from './LayoutWrapper.tsx';
import { ProgressSteps } from './ProgressSteps.tsx';

const meta = {
  title: 'Layout/LayoutWrapper',
  component: LayoutWrapper,
  args: {
    engine: mockEngine(DEFAULT_TERMINAL_ID),
    isDefaultTerminal: true,
    language: 'en',
    hidden: false,
    children: <ProgressSteps activeStep={0} />,
  },
} satisfies Meta<typeof LayoutWrapper>;
export default meta;
type Story = StoryObj<typeof meta>;

const agency = { engine: mockEngine('2113855'), isDefaultTerminal: false } as const;

export const DefaultTerminal: Story = { globals: { locale: 'en' } };
export const DefaultTerminalSpanish: Story = { args: { language: 'es' }, globals: { locale: 'es' } };
export const AgencyTerminal: Story = { args: agency, globals: { locale: 'en' } };
export const AgencyTerminalSpanish: Story = { args: { ...agency, language: 'es' }, globals: { locale: 'es' } };
/** Hidden per the path rule: only the page shows, without bar or footer. */
export const Hidden: Story = { args: { hidden: true }, globals: { locale: 'en' } };
export const HiddenSpanish: Story = { args: { hidden: true, language: 'es' }, globals: { locale: 'es' } };
