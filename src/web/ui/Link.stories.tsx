import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Link } from './Link.tsx';

function HomeLinks() {
  const { t } = useLingui();
  return (
    <p style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Link to="/">{t`Go to the main page`}</Link>
      <Link to="/" variant="primary">
        {t`Go to the main page`}
      </Link>
      <Link to="/" variant="secondary">
        {t`Go to the main page`}
      </Link>
    </p>
  );
}

const meta = { title: 'UI/Link', component: HomeLinks, parameters: { layout: 'padded' } } satisfies Meta<typeof HomeLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Text, primary and secondary looks of a router link. */
export const Variants: Story = {};
export const Spanish: Story = { globals: { locale: 'es' } };
