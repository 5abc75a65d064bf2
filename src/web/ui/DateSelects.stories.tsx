import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Temporal } from 'temporal-polyfill';
import { DateSelects, type DateParts } from './DateSelects.tsx';

function BirthdateChoice({ invalid }: { invalid?: boolean }) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState<DateParts>({});
  const years = Array.from({ length: 30 }, (_, i) => 2026 - i);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const days = Array.from({ length: value.year && value.month ? Temporal.PlainYearMonth.from({ year: value.year, month: value.month }).daysInMonth : 31 }, (_, i) => i + 1);
  const monthName = (month: number) => new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
  return (
    <DateSelects
      legend={t`Date of birth`}
      labels={{ day: t`Day`, month: t`Month`, year: t`Year` }}
      value={value}
      onChange={setValue}
      years={years}
      months={months}
      days={days}
      monthName={monthName}
      errorMessage={invalid ? t`Enter a valid date` : undefined}
    />
  );
}

const meta = { title: 'UI/DateSelects', component: BirthdateChoice, parameters: { layout: 'padded' } } satisfies Meta<typeof BirthdateChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Invalid: Story = { args: { invalid: true } };
export const Spanish: Story = { args: { invalid: true }, globals: { locale: 'es' } };
