import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from './Spinner.tsx';

function LoadingFamilies() {
  const { t } = useLingui();
  return <Spinner label={t`Loading fare families`} />;
}

const meta = { title: 'UI/Spinner', component: LoadingFamilies, parameters: { layout: 'padded' } } satisfies Meta<typeof LoadingFamilies>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {};
export const Spanish: Story = { globals: { locale: 'es' } };
