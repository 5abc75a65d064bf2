import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import { AlertDialog } from './overlays.tsx';

/** The session-expired message; the action closes it (in the app it also goes back). */
function SessionExpired() {
  const { t } = useLingui();
  const [isOpen, setOpen] = useState(true);
  return (
    <AlertDialog isOpen={isOpen} title={t`Your session has expired`} actionLabel={t`Go back`} onAction={() => setOpen(false)}>
      <p>{t`For your security, a booking session closes after 30 minutes without activity. Please search for your flight again.`}</p>
    </AlertDialog>
  );
}

const meta = { title: 'UI/AlertDialog', component: SessionExpired } satisfies Meta<typeof SessionExpired>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Spanish: Story = { globals: { locale: 'es' } };
