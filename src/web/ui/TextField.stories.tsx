import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { TextField } from './TextField.tsx';

function ExtraCharge({ initial, isInvalid }: { initial?: string; isInvalid?: boolean }) {
  const { t } = useLingui();
  const [value, setValue] = useState(initial ?? '');
  return (
    <TextField
      label={t`Extra charge`}
      description={t`You can add extra profit at the next step.`}
      errorMessage={t`Enter an amount such as 15 or 15.50.`}
      inputMode="decimal"
      value={value}
      onChange={setValue}
      isInvalid={isInvalid ?? false}
    />
  );
}

const meta = { title: 'UI/TextField', component: ExtraCharge, parameters: { layout: 'padded' } } satisfies Meta<typeof ExtraCharge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Invalid: Story = { args: { initial: 'abc', isInvalid: true } };
export const Spanish: Story = { args: { initial: '25' }, globals: { locale: 'es' } };
