import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from './Disclosure.tsx';

function FlightDetailsToggle({ defaultExpanded }: { defaultExpanded?: boolean }) {
  const { t } = useLingui();
  return (
    <Disclosure defaultExpanded={defaultExpanded ?? false}>
      <DisclosureTrigger>{t`Details`}</DisclosureTrigger>
      <DisclosurePanel>
        <p>LA 2023 · LIM 06:00 → CUZ 07:25</p>
      </DisclosurePanel>
    </Disclosure>
  );
}

const meta = { title: 'UI/Disclosure', component: FlightDetailsToggle, parameters: { layout: 'padded' } } satisfies Meta<typeof FlightDetailsToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {};
export const Expanded: Story = { args: { defaultExpanded: true } };
export const Spanish: Story = { args: { defaultExpanded: true }, globals: { locale: 'es' } };
