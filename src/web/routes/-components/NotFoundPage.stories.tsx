import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundPage } from './NotFoundPage.tsx';

const meta = { title: 'Pages/NotFoundPage', component: NotFoundPage, parameters: { layout: 'padded' } } satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = { globals: { locale: 'en' } };
export const Spanish: Story = { globals: { locale: 'es' } };
