import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { ModalDialog } from '../../ui/overlays.tsx';

/** PagoEfectivo's "¿Cómo funciona?" frame (spec 2): the three steps from the CIP to the confirmed booking. */
export function PagoEfectivoHowItWorks() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {t`How does it work?`}
      </Button>
      <ModalDialog isOpen={open} onOpenChange={setOpen} title={t`How does PagoEfectivo work?`} size="wide">
        <ol>
          <li>{t`Book and get your CIP code on your booking's page and in your booking e-mail.`}</li>
          <li>{t`Pay it online or in cash at any affiliated agent.`}</li>
          <li>{t`We confirm your booking as soon as the payment arrives.`}</li>
        </ol>
        <Button onPress={() => setOpen(false)}>{t`Close`}</Button>
      </ModalDialog>
    </>
  );
}
