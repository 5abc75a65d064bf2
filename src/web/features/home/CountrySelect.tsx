import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { languageSchema, type MarketCountry } from '../../../contract/common.ts';
import { countryTerminalsQueryOptions } from '../../lib/queries.ts';
import { Select } from '../../ui/Select.tsx';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { countryName } from './countries.ts';

/** The home country choice: each market has a default terminal, and choosing a country switches to it. */
export function CountrySelect() {
  const { t, i18n } = useLingui();
  const engine = useCurrentEngine();
  const countryTerminals = useQuery(countryTerminalsQueryOptions());
  const navigate = useNavigate();
  const language = languageSchema.catch('en').parse(i18n.locale);
  const terminals = countryTerminals.data ?? [];
  const options = terminals.map(({ countryCode }) => ({ id: countryCode, label: countryName(countryCode, language) }));
  const selectCountry = (country: MarketCountry) => {
    const terminal = terminals.find(({ countryCode }) => countryCode === country);
    if (terminal) void navigate({ to: '/', search: (previous) => ({ ...previous, terminalId: terminal.terminalId }) });
  };
  return (
    <Select
      label={t`Country`}
      options={options}
      selectedKey={engine.profile.countryCode}
      onSelectionChange={selectCountry}
      isDisabled={!countryTerminals.isSuccess}
    />
  );
}
