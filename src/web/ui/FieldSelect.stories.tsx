import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { FieldSelect } from './FieldSelect.tsx';

function DocumentTypeChoice({ invalid }: { invalid?: boolean }) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const options = [
    { value: 'NI', label: 'DNI' },
    { value: 'PP', label: t`Passport` },
  ];
  return (
    <FieldSelect
      label={t`Document type`}
      placeholder={t`Select`}
      options={options}
      value={value}
      onChange={setValue}
      errorMessage={invalid && value === '' ? t`This field is required` : undefined}
    />
  );
}

const meta = { title: 'UI/FieldSelect', component: DocumentTypeChoice, parameters: { layout: 'padded' } } satisfies Meta<typeof DocumentTypeChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Invalid: Story = { args: { invalid: true } };
export const Spanish: Story = { args: { invalid: true }, globals: { locale: 'es' } };
