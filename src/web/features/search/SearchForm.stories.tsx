import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { emptySearchFormValues, searchFormMachine, type SearchFormContext } from '../../../../machines/search-form.machine.ts';
import { SearchFormView } from './SearchFormView.tsx';

const today = '2026-11-21';
const lima = { code: 'LIM', description: 'Lima' };
const cusco = { code: 'CUZ', description: 'Cusco' };
const arequipa = { code: 'AQP', description: 'Arequipa' };
const filledRoundTrip: Partial<SearchFormContext> = {
  origin: lima,
  destination: cusco,
  startDate: '2026-12-10',
  endDate: '2026-12-17',
  passengers: { adults: 2, children: 1, infants: 0 },
};

/** A search form snapshot in a state of its machine, with the context the machine would hold there. */
const formIn = (value: 'editing' | 'invalid' | 'submitted', context: Partial<SearchFormContext> = {}) =>
  searchFormMachine.resolveState({ value, context: { ...emptySearchFormValues, today, openInNewWindow: false, problem: null, ...context } });

const meta = {
  title: 'Search/SearchForm',
  component: SearchFormView,
  parameters: { layout: 'padded' },
  args: { state: formIn('editing'), send: fn() },
} satisfies Meta<typeof SearchFormView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** editing: the empty form of the home page. */
export const Editing: Story = {};
export const EditingSpanish: Story = { globals: { locale: 'es' } };
/** editing, filled as the results page's summary form is. */
export const EditingFilled: Story = { args: { state: formIn('editing', filledRoundTrip) } };
export const EditingOneWay: Story = { args: { state: formIn('editing', { ...filledRoundTrip, flightType: 'OW', endDate: null }) } };
/** A LATAM preference shows the corporate code field. */
export const EditingLatamCorporate: Story = {
  args: { state: formIn('editing', { ...filledRoundTrip, airline: { code: 'LA', name: 'LATAM Airlines' }, corporateCode: 'ACME01' }) },
};
export const EditingMultiCity: Story = {
  args: {
    state: formIn('editing', {
      flightType: 'MC',
      legs: [
        { origin: lima, destination: cusco, date: '2026-12-10' },
        { origin: cusco, destination: arequipa, date: '2026-12-15' },
        { origin: arequipa, destination: null, date: '2026-12-20' },
      ],
    }),
  },
};
/** Spec 1 §2: on a phone only the passengers dropdown and the green search button show. */
export const EditingMobile: Story = { args: { state: formIn('editing', filledRoundTrip) }, globals: { viewport: { value: 'mobile1', isRotated: false } } };

/** invalid: the dialog with the first problem, one story per kind (spec 1 §5). */
export const InvalidOriginMissing: Story = { args: { state: formIn('invalid', { problem: { kind: 'originMissing' } }) } };
export const InvalidOriginMissingSpanish: Story = { ...InvalidOriginMissing, globals: { locale: 'es' } };
export const InvalidDestinationMissing: Story = { args: { state: formIn('invalid', { origin: lima, problem: { kind: 'destinationMissing' } }) } };
export const InvalidStartDateMissing: Story = {
  args: { state: formIn('invalid', { origin: lima, destination: cusco, problem: { kind: 'startDateMissing' } }) },
};
export const InvalidEndDateMissing: Story = {
  args: { state: formIn('invalid', { origin: lima, destination: cusco, startDate: '2026-12-10', problem: { kind: 'endDateMissing' } }) },
  globals: { locale: 'es' },
};
export const InvalidParameters: Story = {
  args: { state: formIn('invalid', { ...filledRoundTrip, destination: lima, problem: { kind: 'invalidParameters' } }) },
  globals: { locale: 'es' },
};
/** A multi-city leg's problem names the flight. */
export const InvalidMultiCityLeg: Story = {
  args: {
    state: formIn('invalid', {
      flightType: 'MC',
      legs: [
        { origin: lima, destination: cusco, date: '2026-12-10' },
        { origin: cusco, destination: null, date: null },
      ],
      problem: { kind: 'destinationMissing', leg: 1 },
    }),
  },
};

/** submitted: results are on their way; the form stays as it was sent. */
export const Submitted: Story = { args: { state: formIn('submitted', filledRoundTrip) } };
export const SubmittedSpanish: Story = { ...Submitted, globals: { locale: 'es' } };
