import { memo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FieldIssues, PassengerDraft, TravellerSetting } from '../../../../../machines/checkout.rules.ts';
import { passengerTypeLabel, type DocumentType } from '../../../../contract/checkout.ts';
import {
  allowedDocumentTypes,
  birthDayOptions,
  birthMonthOptions,
  birthYearOptions,
  birthdateBounds,
  MESSAGES,
  nationalIdLabel,
} from '../../../../contract/checkout-rules.ts';
import { languageOr } from '../../../../contract/common.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { DateSelects, type DateParts } from '../../../ui/DateSelects.tsx';
import { FieldSelect } from '../../../ui/FieldSelect.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useFieldMessage } from '../checkout-messages.ts';
import { monthName, nationalityOptions } from './passenger-options.ts';

export interface PassengerFormProps {
  index: number;
  /** 1-based number within its type: Adult 2, Child 1 … */
  ordinal: number;
  draft: PassengerDraft;
  issues: FieldIssues;
  /** After a submit every field shows its error, not only the touched ones. */
  showAllErrors: boolean;
  setting: TravellerSetting;
  adults: number;
  onChange: (changes: Partial<PassengerDraft>) => void;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One traveller's form (spec 2 §3, §5): names, gender, birthdate, documents, contact (adults), assigned adult (infants). */
function PassengerFormFields({ index, ordinal, draft, issues, showAllErrors, setting, adults, onChange }: PassengerFormProps) {
  const { t, i18n } = useLingui();
  const message = useFieldMessage();
  const language = languageOr('en', i18n.locale);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [frequentFlyerOn, setFrequentFlyerOn] = useState(draft.frequentFlyer !== undefined);
  const touch = (path: string) => setTouched((previous) => (previous.has(path) ? previous : new Set(previous).add(path)));
  // The schema's cross-field checks only run once every field parses, so the document rules that
  // need no other field are read here too and show as soon as the number is typed.
  const fieldIssues: FieldIssues = { ...issues };
  // No gender chosen reads as "required", not as the enum's "invalid option".
  if (!draft.gender && fieldIssues.gender) fieldIssues.gender = MESSAGES.required;
  if (draft.documentType === 'NI' && draft.documentNumber && !/^\d+$/.test(draft.documentNumber.trim())) fieldIssues.documentNumber ??= MESSAGES.invalidDocument;
  const errorFor = (path: string, ...more: string[]) => {
    if (!showAllErrors && !touched.has(path)) return undefined;
    return message([path, ...more].map((key) => fieldIssues[key]).find((issue) => issue !== undefined));
  };

  const kind = passengerTypeLabel(draft.type);
  const title = kind === 'adult' ? t`Adult ${ordinal}` : kind === 'child' ? t`Child ${ordinal}` : t`Infant ${ordinal}`;
  const headingId = `passenger-${index}-title`;

  const bounds = birthdateBounds(draft.type, setting.finalArrival, setting.today);
  // The machine holds whole dates only (ages are computed from it); the parts chosen so far stay here.
  const [partialBirthdate, setPartialBirthdate] = useState<DateParts>({});
  const birthdate: DateParts = draft.birthdate ?? partialBirthdate;
  const years = birthYearOptions(bounds);
  const months = birthdate.year ? birthMonthOptions(birthdate.year, bounds) : range(1, 12);
  const days = birthdate.year && birthdate.month ? birthDayOptions(birthdate.year, birthdate.month, bounds) : range(1, 31);

  const documentLabel = (type: DocumentType) =>
    ({
      NI: nationalIdLabel(setting.profileCountry) === 'DNI' ? t`DNI` : t`Identity document`,
      PP: t`Passport`,
      CE: t`Foreigner's card`,
      DL: t`Driver's licence`,
    })[type];
  const documentTypes = allowedDocumentTypes(setting.profileCountry, setting.passportOnly);
  const blankIsUndefined = (value: string) => (value.trim() === '' ? undefined : value);

  return (
    <section className="card checkout-passenger" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div className="checkout-grid">
        <TextField
          label={t`First name`}
          value={draft.firstName ?? ''}
          onChange={(firstName) => onChange({ firstName })}
          onBlur={() => touch('firstName')}
          isInvalid={Boolean(errorFor('firstName'))}
          errorMessage={errorFor('firstName')}
          isRequired
          autoComplete={index === 0 ? 'given-name' : 'off'}
        />
        <TextField
          label={t`Last name`}
          value={draft.lastName ?? ''}
          onChange={(lastName) => onChange({ lastName })}
          onBlur={() => touch('lastName')}
          isInvalid={Boolean(errorFor('lastName'))}
          errorMessage={errorFor('lastName')}
          isRequired
          autoComplete={index === 0 ? 'family-name' : 'off'}
        />
        <div className="checkout-field">
          <RadioGroup
            label={t`Gender`}
            orientation="horizontal"
            value={draft.gender ?? null}
            onChange={(gender) => {
              // Changing the gender validates on change (spec 2 §4).
              touch('gender');
              onChange({ gender: gender as 'M' | 'F' });
            }}
            isInvalid={Boolean(errorFor('gender'))}
            isRequired
          >
            <Radio value="M">{t`Male`}</Radio>
            <Radio value="F">{t`Female`}</Radio>
          </RadioGroup>
          {errorFor('gender') && <p className="field-error">{errorFor('gender')}</p>}
        </div>
        <DateSelects
          legend={t`Date of birth`}
          labels={{ day: t`Day`, month: t`Month`, year: t`Year` }}
          value={birthdate}
          years={years}
          months={months}
          days={days}
          monthName={(month) => monthName(month, i18n.locale)}
          onChange={(chosen) => {
            // A day the new month or year no longer has (31 → February) is cleared, never kept invalid.
            const parts = { ...chosen };
            if (parts.year !== undefined && parts.month !== undefined && parts.day !== undefined && !birthDayOptions(parts.year, parts.month, bounds).includes(parts.day)) {
              parts.day = undefined;
            }
            if (parts.month !== undefined && parts.year !== undefined && !birthMonthOptions(parts.year, bounds).includes(parts.month)) parts.month = undefined;
            setPartialBirthdate(parts);
            const complete = parts.day !== undefined && parts.month !== undefined && parts.year !== undefined;
            // Checked once day, month and year are set (spec 2 §5).
            if (complete) touch('birthdate');
            if (complete || draft.birthdate) onChange({ birthdate: complete ? { year: parts.year!, month: parts.month!, day: parts.day! } : undefined });
          }}
          errorMessage={errorFor('birthdate', 'birthdate.day', 'birthdate.month', 'birthdate.year')}
          isRequired
        />
        <FieldSelect
          label={t`Nationality`}
          placeholder={t`Select`}
          options={nationalityOptions(language).first}
          moreOptions={nationalityOptions(language).rest}
          value={draft.countryCode ?? ''}
          onChange={(countryCode) => {
            touch('countryCode');
            onChange({ countryCode: blankIsUndefined(countryCode) });
          }}
          errorMessage={errorFor('countryCode')}
        />
        <FieldSelect
          label={t`Document type`}
          placeholder={t`Select`}
          options={documentTypes.map((type) => ({ value: type, label: documentLabel(type) }))}
          value={draft.documentType ?? ''}
          onChange={(documentType) => {
            touch('documentType');
            // Choosing a type clears the number (the machine does it).
            onChange({ documentType: (blankIsUndefined(documentType) as DocumentType | undefined) ?? undefined });
          }}
          errorMessage={errorFor('documentType')}
        />
        <TextField
          label={t`Document number`}
          value={draft.documentNumber ?? ''}
          onChange={(documentNumber) => onChange({ documentNumber })}
          onBlur={() => touch('documentNumber')}
          isInvalid={Boolean(errorFor('documentNumber'))}
          errorMessage={errorFor('documentNumber')}
          inputMode={draft.documentType === 'NI' ? 'numeric' : 'text'}
        />
        {draft.type === 'INF' && (
          <FieldSelect
            label={t`Travels with`}
            placeholder={t`Select`}
            options={range(1, adults).map((adult) => ({ value: String(adult), label: t`Adult ${adult}` }))}
            value={draft.assignedPassenger === undefined ? '' : String(draft.assignedPassenger)}
            onChange={(value) => {
              touch('assignedPassenger');
              onChange({ assignedPassenger: value === '' ? undefined : Number(value) });
            }}
            errorMessage={errorFor('assignedPassenger')}
          />
        )}
      </div>
      {draft.type === 'ADT' && (
        <div className="checkout-subsection">
          <Checkbox isSelected={Boolean(draft.acceptsContactInfo)} onChange={(acceptsContactInfo) => onChange({ acceptsContactInfo })}>
            {t`Send this passenger the trip's notices by e-mail and phone`}
          </Checkbox>
          <div className="checkout-grid">
            <TextField
              label={t`E-mail`}
              type="email"
              value={draft.email ?? ''}
              onChange={(email) => onChange({ email: blankIsUndefined(email) })}
              onBlur={() => touch('email')}
              isInvalid={Boolean(errorFor('email'))}
              errorMessage={errorFor('email')}
              isRequired={Boolean(draft.acceptsContactInfo)}
            />
            <TextField
              label={t`Phone`}
              inputMode="numeric"
              value={draft.phoneNumber ?? ''}
              onChange={(phoneNumber) => onChange({ phoneNumber: blankIsUndefined(phoneNumber.replace(/\D/g, '')) })}
              onBlur={() => touch('phoneNumber')}
              isInvalid={Boolean(errorFor('phoneNumber'))}
              errorMessage={errorFor('phoneNumber')}
              isRequired={Boolean(draft.acceptsContactInfo)}
            />
          </div>
        </div>
      )}
      <div className="checkout-subsection">
        <Checkbox
          isSelected={frequentFlyerOn}
          onChange={(on) => {
            setFrequentFlyerOn(on);
            if (!on) onChange({ frequentFlyer: undefined });
          }}
        >
          {t`Add a frequent flyer number`}
        </Checkbox>
        {frequentFlyerOn && (
          <TextField
            label={t`Frequent flyer number`}
            value={draft.frequentFlyer ?? ''}
            onChange={(frequentFlyer) => onChange({ frequentFlyer: blankIsUndefined(frequentFlyer) })}
            onBlur={() => touch('frequentFlyer')}
            isInvalid={Boolean(errorFor('frequentFlyer'))}
            errorMessage={errorFor('frequentFlyer')}
          />
        )}
      </div>
    </section>
  );
}

/**
 * A form re-renders only when its own passenger, its messages or the age setting change: typing in
 * one form leaves the others (and their long nationality lists) alone. `onChange` only carries the
 * stable `send` and this form's index, so it is not compared.
 */
export const PassengerForm = memo(
  PassengerFormFields,
  (previous, next) =>
    previous.draft === next.draft &&
    previous.index === next.index &&
    previous.ordinal === next.ordinal &&
    previous.adults === next.adults &&
    previous.showAllErrors === next.showAllErrors &&
    JSON.stringify(previous.issues) === JSON.stringify(next.issues) &&
    previous.setting.profileCountry === next.setting.profileCountry &&
    previous.setting.passportOnly === next.setting.passportOnly &&
    previous.setting.finalArrival.equals(next.setting.finalArrival) &&
    previous.setting.today.equals(next.setting.today),
);
