import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Trace } from '../lib/trace.ts';
import { TraceFileReplay, TraceReplayPanel } from './TraceReplay.tsx';

const meta = { title: 'Developer/Trace replay', component: TraceFileReplay, parameters: { layout: 'padded' } } satisfies Meta<typeof TraceFileReplay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Load a file saved with `window.__vuelosTrace.download()` in development or in this Storybook. */
export const FromFile: Story = {};

const oneWaySearch: Trace = {
  version: 1,
  machineId: 'searchForm',
  input: { today: '2026-11-21' },
  steps: [
    { actor: '', event: { type: 'trip.type', flightType: 'OW' } },
    { actor: '', event: { type: 'search.submit' } },
    { actor: '', event: { type: 'dialog.close' } },
    { actor: '', event: { type: 'origin.select', place: { code: 'LIM', description: 'Lima, Perú' } } },
    { actor: '', event: { type: 'destination.select', place: { code: 'CUZ', description: 'Cusco, Perú' } } },
    { actor: '', event: { type: 'dates.change', startDate: '2026-12-01', endDate: null } },
    { actor: '', event: { type: 'search.submit' } },
  ],
};

/** A one-way search form session: an empty submit, the dialog closed, the form filled and submitted. */
export const SearchFormSession: StoryObj<typeof TraceReplayPanel> = {
  render: (args) => <TraceReplayPanel {...args} />,
  args: { traces: [oneWaySearch] },
};
