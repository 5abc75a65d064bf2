import type { Meta, StoryObj } from '@storybook/react-vite';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const meta = {
  title: 'Layout/LanguageSwitch',
  component: LanguageSwitch,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LanguageSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = { args: { current: 'en' }, globals: { locale: 'en' } };
export const Spanish: Story = { args: { current: 'es' }, globals: { locale: 'es' }, parameters: { router: { initialEntry: '/vuelos/?lang=es' } } };
