import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Tooltip, TooltipText } from './Tooltip.tsx';

/** An airport code that explains itself, and a button with a hint; hover or Tab to them. */
function AirportHints() {
  const { t } = useLingui();
  return (
    <p style={{ display: 'flex', gap: 24, alignItems: 'center', padding: 48 }}>
      <TooltipText text="CUZ" tooltip="Cusco, Alejandro Velasco Astete International Airport, Peru" />
      <Tooltip content={t`This recommendation has no markups`}>
        <Button variant="secondary" aria-label={t`Markups`}>
          i
        </Button>
      </Tooltip>
    </p>
  );
}

const meta = { title: 'UI/Tooltip', component: AirportHints } satisfies Meta<typeof AirportHints>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnHoverOrFocus: Story = {};
export const Spanish: Story = { globals: { locale: 'es' } };
