import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { languageSchema, marketCountrySchema, type MarketCountry } from '../../contract/common.ts';
import { countryName } from '../features/home/countries.ts';
import { Select } from './Select.tsx';

/** The market countries, named in the story's language, with local selection state. */
function CountryChoice({ isDisabled }: { isDisabled?: boolean }) {
  const { t, i18n } = useLingui();
  const [country, setCountry] = useState<MarketCountry>('PE');
  const language = languageSchema.catch('en').parse(i18n.locale);
  const options = marketCountrySchema.options.map((code) => ({ id: code, label: countryName(code, language) }));
  return <Select label={t`Country`} options={options} selectedKey={country} onSelectionChange={setCountry} isDisabled={isDisabled ?? false} />;
}

const meta = { title: 'UI/Select', component: CountryChoice, parameters: { layout: 'padded' } } satisfies Meta<typeof CountryChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { isDisabled: true } };
export const Spanish: Story = { globals: { locale: 'es' } };
