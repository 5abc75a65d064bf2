import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CheckboxGroup, Input, Label, Slider, SliderOutput, SliderThumb, SliderTrack, TextField } from 'react-aria-components';
import type { FiltersEvent } from '../../../../machines/filters.machine.ts';
import { shownTotal } from '../../../../machines/bag-prices.ts';
import { useChosenBags } from './chosen-bags.ts';
import { airlineOptions, priceBounds, stopsOptions, type FilterCriteria, type ProviderGroup, type ScheduleBand, type SortOrder, type StopsFilter } from '../../../../machines/filters.rules.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import type { FlightType, Recommendation } from '../../../contract/search.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { useAirlineName } from './airline-names.ts';
import { connectionOptions, durationSteps, layoverSteps } from '../../../../machines/journey-quality.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PlaceCode } from '../search/place-names.tsx';

export interface FilterBarProps {
  data: Recommendation[];
  criteria: FilterCriteria;
  sort: SortOrder;
  isFiltered: boolean;
  flightType: FlightType;
  currency: CurrencyFormat;
  send: (event: FiltersEvent) => void;
}

/** Select keys must be strings or numbers: "any" stands for no filter. */
const ANY = 'any';

/**
 * The filter bar of spec 1 §2 (airline, GDS/NDC, schedules, flight numbers, stops, price), journey
 * quality (issue 21: longest journey time, longest layover, connecting airports, shown when the list
 * has something to choose between) and the sort order (beyond the spec; "best" says how it orders).
 * Return-side filters show for round trips only.
 */
export function FilterBar({ data, criteria, sort, isFiltered, flightType, currency, send }: FilterBarProps) {
  const { t } = useLingui();
  const airlineName = useAirlineName(data);
  const airlines = [
    { id: ANY, label: t`All airlines` },
    ...airlineOptions(data).map(({ code, count }) => ({ id: code, label: t`${airlineName(code)} · ${plural(count, { one: '# flight', other: '# flights' })}` })),
  ];
  const providers: { id: ProviderGroup | typeof ANY; label: string }[] = [
    { id: ANY, label: t`GDS and NDC` },
    { id: 'GDS', label: 'GDS' },
    { id: 'NDC', label: 'NDC' },
  ];
  const bands: { id: ScheduleBand; label: string }[] = [
    { id: 0, label: t`All day` },
    { id: 1, label: t`Morning (0–11 h)` },
    { id: 2, label: t`Afternoon (12–17 h)` },
    { id: 3, label: t`Evening (18–23 h)` },
  ];
  const stopsLabels: Record<StopsFilter, string> = { [-1]: t`Any number of stops`, 0: t`Direct`, 1: t`1 stop`, 2: t`2+ stops` };
  // Only choices some offer has, plus the one chosen (so the select still names it).
  const stopsChoices = useMemo(() => stopsOptions(data), [data]);
  const stops = ([-1, ...stopsChoices.filter((choice) => choice !== criteria.stops), ...(criteria.stops !== undefined && criteria.stops !== -1 ? [criteria.stops] : [])] as StopsFilter[])
    .sort((a, b) => a - b)
    .map((id) => ({ id, label: stopsLabels[id] }));
  const sorts: { id: SortOrder; label: string }[] = [
    { id: 'best', label: t`Best` },
    { id: 'cheapest', label: t`Cheapest` },
    { id: 'fastest', label: t`Fastest` },
  ];
  const upTo = (minutes: number) => {
    const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
    return rest === 0 ? t`Up to ${hours} h` : t`Up to ${hours} h ${rest} min`;
  };
  // Read from every flight of the answer (each layover's times parsed): once per answer and choice, not on every sort or filter tap.
  const durationChoices = useMemo(() => durationSteps(data, criteria.maxDuration), [data, criteria.maxDuration]);
  const layoverChoices = useMemo(() => layoverSteps(data, criteria.maxLayover), [data, criteria.maxLayover]);
  const connections = useMemo(() => connectionOptions(data), [data]);
  const durations = [{ id: ANY, label: t`Any journey time` }, ...durationChoices.map((minutes) => ({ id: String(minutes), label: upTo(minutes) }))];
  const layovers = [{ id: ANY, label: t`Any layover` }, ...layoverChoices.map((minutes) => ({ id: String(minutes), label: upTo(minutes) }))];
  const minutesOrAny = (key: string) => (key === ANY ? undefined : Number(key));
  const excluded = criteria.excludedConnections ?? [];
  // With bags chosen, the slider runs over the totals the cards show with them (issue 21).
  const bags = useChosenBags();
  const bounds = useMemo(() => priceBounds(data, (recommendation) => shownTotal(recommendation, bags)), [data, bags]);
  const isRoundTrip = flightType === 'RT';
  const flightNumberField = (key: 'outboundFlightNumber' | 'returnFlightNumber', label: string) => (
    <TextField className="field" value={criteria[key] ?? ''} onChange={(value) => send({ type: 'filter.toggle', key, value: value.trim() === '' ? undefined : value })}>
      <Label className="field__label">{label}</Label>
      <Input className="field__input filters__number" placeholder="LA2047" />
    </TextField>
  );
  return (
    <section className="filters card" aria-label={t`Filters`}>
      <Select
        label={t`Airline`}
        options={airlines}
        selectedKey={criteria.airline ?? ANY}
        onSelectionChange={(airline) => send({ type: 'filter.toggle', key: 'airline', value: airline === ANY ? undefined : airline })}
      />
      <Select
        label={t`Provider`}
        options={providers}
        selectedKey={criteria.provider ?? ANY}
        onSelectionChange={(provider) => send({ type: 'filter.toggle', key: 'provider', value: provider === ANY ? undefined : provider })}
      />
      <Select
        label={t`Departure time`}
        options={bands}
        selectedKey={criteria.departureBand ?? 0}
        onSelectionChange={(band) => send({ type: 'filter.toggle', key: 'departureBand', value: band })}
      />
      {isRoundTrip && (
        <Select
          label={t`Return arrival time`}
          options={bands}
          selectedKey={criteria.arrivalBand ?? 0}
          onSelectionChange={(band) => send({ type: 'filter.toggle', key: 'arrivalBand', value: band })}
        />
      )}
      {flightNumberField('outboundFlightNumber', t`Outbound flight number`)}
      {isRoundTrip && flightNumberField('returnFlightNumber', t`Return flight number`)}
      <Select label={t`Stops`} options={stops} selectedKey={criteria.stops ?? -1} onSelectionChange={(value) => send({ type: 'filter.toggle', key: 'stops', value })} />
      {bounds && (
        <Slider
          className="slider"
          minValue={bounds.min}
          maxValue={bounds.max}
          // Remount when the list changes, so the thumb starts from the new bounds.
          key={`${bounds.min}-${bounds.max}`}
          defaultValue={criteria.maxPrice ?? bounds.max}
          onChangeEnd={(value) => {
            const { maxPrice: _previous, ...others } = criteria;
            send({ type: 'filter.apply', criteria: value >= bounds.max ? others : { ...others, maxPrice: value } });
          }}
        >
          <Label className="field__label">{t`Maximum price`}</Label>
          <SliderOutput className="slider__output">{({ state }) => formatMoney(state.getThumbValue(0), currency)}</SliderOutput>
          <SliderTrack className="slider__track">
            <SliderThumb className="slider__thumb" />
          </SliderTrack>
        </Slider>
      )}
      {durations.length > 1 && (
        <Select
          label={t`Maximum journey time`}
          options={durations}
          selectedKey={criteria.maxDuration === undefined ? ANY : String(criteria.maxDuration)}
          onSelectionChange={(key) => send({ type: 'filter.toggle', key: 'maxDuration', value: minutesOrAny(key) })}
        />
      )}
      {layovers.length > 1 && (
        <Select
          label={t`Maximum layover`}
          options={layovers}
          selectedKey={criteria.maxLayover === undefined ? ANY : String(criteria.maxLayover)}
          onSelectionChange={(key) => send({ type: 'filter.toggle', key: 'maxLayover', value: minutesOrAny(key) })}
        />
      )}
      {connections.length > 0 && (
        <CheckboxGroup
          className="filters__connections"
          value={connections.map((option) => option.code).filter((code) => !excluded.includes(code))}
          onChange={(allowed) => {
            // One box changes at a time: the airport whose tick differs from the criteria.
            const changed = connections.find((option) => allowed.includes(option.code) === excluded.includes(option.code));
            if (changed) send({ type: 'filter.connection', airport: changed.code, allowed: allowed.includes(changed.code) });
          }}
        >
          <Label className="field__label">{t`Connecting airports`}</Label>
          {connections.map(({ code, description, count }) => (
            <Checkbox key={code} value={code}>
              {/* Described in the page's language, not the supplier's (English) words (issue 37). */}
              <PlaceCode place={{ code, description }} /> · {plural(count, { one: '# flight', other: '# flights' })}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
      <div className="filters__sort">
        <Select label={t`Sort by`} options={sorts} selectedKey={sort} onSelectionChange={(order) => send({ type: 'sort.select', order })} />
        {sort === 'best' && <p className="filters__note">{t`Sorted by a mix of price, total duration and number of stops.`}</p>}
      </div>
      <Button variant="secondary" isDisabled={!isFiltered} onPress={() => send({ type: 'filter.clear' })}>
        {t`Clear filters`}
      </Button>
    </section>
  );
}
