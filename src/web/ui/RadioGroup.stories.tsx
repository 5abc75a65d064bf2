import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Radio, RadioGroup } from './RadioGroup.tsx';

/** One flight per leg: arrow keys move the choice. */
function FlightChoice({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useLingui();
  const [value, setValue] = useState('0');
  return (
    <RadioGroup label={t`Outbound flight`} value={value} onChange={setValue} isDisabled={isDisabled ?? false}>
      <Radio value="0">JetSMART Perú, 16:40 – 18:00</Radio>
      <Radio value="1">JetSMART Perú, 21:30 – 22:50</Radio>
    </RadioGroup>
  );
}

const meta = { title: 'UI/RadioGroup', component: FlightChoice, parameters: { layout: 'padded' } } satisfies Meta<typeof FlightChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { isDisabled: true } };
export const Spanish: Story = { globals: { locale: 'es' } };
