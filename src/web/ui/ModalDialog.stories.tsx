import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { ModalDialog } from './overlays.tsx';

/** Escape, the background or the button closes it. */
function AvailableFares({ size }: { size?: 'medium' | 'wide' }) {
  const { t } = useLingui();
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <Button onPress={() => setOpen(true)}>{t`See fares`}</Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setOpen} title={t`Available fares`} size={size ?? 'medium'}>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={() => setOpen(false)}>
            {t`Cancel`}
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}

const meta = { title: 'UI/ModalDialog', component: AvailableFares, parameters: { layout: 'padded' } } satisfies Meta<typeof AvailableFares>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Wide: Story = { args: { size: 'wide' } };
export const Spanish: Story = { globals: { locale: 'es' } };
