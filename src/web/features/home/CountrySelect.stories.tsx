import type { Meta, StoryObj } from '@storybook/react-vite';
import { CountrySelect } from './CountrySelect.tsx';

/** Reads the current engine and the country terminals from the mock API (MSW), like the home page does. */
const meta = { title: 'Home/CountrySelect', component: CountrySelect, parameters: { layout: 'padded' } } satisfies Meta<typeof CountrySelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Peru: Story = {};
export const MexicoSpanish: Story = { globals: { locale: 'es' }, parameters: { router: { initialEntry: '/vuelos/?terminalId=9132873&lang=es' } } };
