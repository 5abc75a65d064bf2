import { useLingui } from '@lingui/react/macro';
import { Disclosure, DisclosurePanel, Heading, Button as AriaButton } from 'react-aria-components';
import { canAddLeg, canRemoveLeg, type FormLeg } from '../../../../machines/search-form.rules.ts';
import { formatCalendarDate } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { AirportField } from './AirportField.tsx';
import { DateField } from './DateField.tsx';

export interface MultiCityLegsProps {
  legs: FormLeg[];
  today: string;
  onChange: (index: number, changes: Partial<FormLeg>) => void;
  onAdd: () => void;
  onRemove: () => void;
}

/**
 * Multi-city: a preview of the legs and dates that expands into a form per leg (spec 1 §2). Adding
 * and removing happen only on the last leg, within 2–5 legs (spec 1 §5).
 */
export function MultiCityLegs({ legs, today, onChange, onAdd, onRemove }: MultiCityLegsProps) {
  const { t, i18n } = useLingui();
  const isComplete = legs.every((leg) => leg.origin && leg.destination && leg.date);
  const lastIndex = legs.length - 1;
  return (
    <Disclosure className="legs" defaultExpanded={!isComplete}>
      <Heading level={3} className="legs__heading">
        <AriaButton slot="trigger" className="legs__trigger">
          <span className="legs__title">{t`Your flights`}</span>
          <ol className="legs__preview">
            {legs.map((leg, index) => (
              <li key={index}>
                {t`Flight ${index + 1}`}: {leg.origin?.code ?? '…'} → {leg.destination?.code ?? '…'}
                {leg.date ? `, ${formatCalendarDate(leg.date, i18n.locale)}` : ''}
              </li>
            ))}
          </ol>
        </AriaButton>
      </Heading>
      <DisclosurePanel className="legs__panel">
        <ol className="legs__list">
          {legs.map((leg, index) => (
            <li key={index} className="legs__leg">
              <fieldset className="legs__fieldset">
                <legend>{t`Flight ${index + 1}`}</legend>
                <AirportField label={t`Origin`} value={leg.origin} onChange={(origin) => onChange(index, { origin })} />
                <AirportField label={t`Destination`} value={leg.destination} onChange={(destination) => onChange(index, { destination })} />
                <DateField label={t`Departure date`} value={leg.date} today={today} onChange={(date) => onChange(index, { date })} />
                {index === lastIndex && (
                  <span className="legs__actions">
                    {canAddLeg(legs) && (
                      <Button variant="secondary" onPress={onAdd}>
                        {t`Add a flight`}
                      </Button>
                    )}
                    {canRemoveLeg(legs) && (
                      <Button variant="secondary" onPress={onRemove}>
                        {t`Remove this flight`}
                      </Button>
                    )}
                  </span>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
      </DisclosurePanel>
    </Disclosure>
  );
}
