import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Checkbox } from './Checkbox.tsx';

function TermsBox({ invalid }: { invalid?: boolean }) {
  const { t } = useLingui();
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox isSelected={checked} onChange={setChecked} isInvalid={(invalid ?? false) && !checked} errorMessage={t`Please accept the terms and conditions.`}>
      {t`I accept the terms and conditions`}
    </Checkbox>
  );
}

const meta = { title: 'UI/Checkbox', component: TermsBox, parameters: { layout: 'padded' } } satisfies Meta<typeof TermsBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Invalid: Story = { args: { invalid: true } };
export const Spanish: Story = { args: { invalid: true }, globals: { locale: 'es' } };
