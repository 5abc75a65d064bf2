import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

function RouteTabs({ defaultSelectedKey }: { defaultSelectedKey?: string }) {
  const { t } = useLingui();
  return (
    <Tabs defaultSelectedKey={defaultSelectedKey ?? 'out'}>
      <TabList aria-label={t`Routes`}>
        <Tab id="out">LIM - CUZ</Tab>
        <Tab id="back">CUZ - LIM</Tab>
      </TabList>
      <TabPanel id="out">
        <p>Cambios: permitidos con cargo de USD 30.</p>
      </TabPanel>
      <TabPanel id="back">
        <p>Devoluciones: reembolso parcial de la tarifa.</p>
      </TabPanel>
    </Tabs>
  );
}

const meta = { title: 'UI/Tabs', component: RouteTabs, parameters: { layout: 'padded' } } satisfies Meta<typeof RouteTabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstTab: Story = {};
export const SecondTab: Story = { args: { defaultSelectedKey: 'back' } };
export const Spanish: Story = { globals: { locale: 'es' } };
