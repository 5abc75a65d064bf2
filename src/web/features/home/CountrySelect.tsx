import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { languageOr, type MarketCountry } from '../../../contract/common.ts';
import { countryTerminalsQueryOptions, engineQueryOptions } from '../../lib/queries.ts';
import { Select } from '../../ui/Select.tsx';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { countryName } from './countries.ts';

/**
 * The home country choice: each market has a default terminal, and choosing a country switches to it.
 * The new terminal's engine is fetched first, so the page never falls back to its loading skeleton and the
 * search the traveller has typed stays in the form.
 */
export function CountrySelect() {
  const { t, i18n } = useLingui();
  const engine = useCurrentEngine();
  const countryTerminals = useQuery(countryTerminalsQueryOptions());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = languageOr('en', i18n.locale);
  const terminals = countryTerminals.data ?? [];
  const options = terminals.map(({ countryCode }) => ({ id: countryCode, label: countryName(countryCode, language) }));
  const selectCountry = (country: MarketCountry) => {
    const terminal = terminals.find(({ countryCode }) => countryCode === country);
    if (!terminal) return;
    const switchTerminal = () => navigate({ to: '/', search: (previous) => ({ ...previous, terminalId: terminal.terminalId }) });
    // If the engine cannot be had, the switch still happens and the page says so.
    void queryClient.ensureQueryData(engineQueryOptions(terminal.terminalId)).then(switchTerminal, switchTerminal);
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
