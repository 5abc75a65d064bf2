import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/media.ts';
import { Button } from '../../ui/Button.tsx';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../ui/Disclosure.tsx';
import { ModalDialog } from '../../ui/overlays.tsx';

/**
 * On a phone the results put the offers first: the blocks above them (search details, price tracker)
 * fold behind a toggle, collapsed; on wider screens they show as they are. A folded block is rendered the
 * first time it is opened, then kept: mounting the price tracker's tabs unseen cost a slow phone tens of
 * ms of the results' first render (issue 15).
 */
export function PhoneDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const isPhone = useMediaQuery(PHONE_WIDTH);
  const [wasOpened, setOpened] = useState(false);
  if (!isPhone) return <>{children}</>;
  return (
    <div className="phone-disclosure">
      <Disclosure onExpandedChange={(isExpanded) => isExpanded && setOpened(true)}>
        <DisclosureTrigger>{label}</DisclosureTrigger>
        <DisclosurePanel>{wasOpened && children}</DisclosurePanel>
      </Disclosure>
    </div>
  );
}

/**
 * The filter bar: in line on wider screens; on a phone a "Filters" button opens it in a sheet (a modal
 * dialog) whose "Show flights" button closes it on the filtered list.
 */
export function FiltersSheet({ children, defaultOpen = false, onOpenIntent }: { children: ReactNode; defaultOpen?: boolean; onOpenIntent?: () => void }) {
  const { t } = useLingui();
  const isPhone = useMediaQuery(PHONE_WIDTH);
  const [isOpen, setOpen] = useState(defaultOpen);
  if (!isPhone) return <>{children}</>;
  return (
    <div className="filters-sheet">
      {/* A hover or the start of a press fetches what the sheet shows, so it is there by the time it opens. */}
      <Button variant="secondary" onHoverStart={onOpenIntent} onPressStart={onOpenIntent} onPress={() => setOpen(true)}>
        {t`Filters`}
      </Button>
      <ModalDialog isOpen={isOpen} onOpenChange={setOpen} title={t`Filters`} size="sheet">
        {children}
        <div className="dialog__actions">
          <Button onPress={() => setOpen(false)}>{t`Show flights`}</Button>
        </div>
      </ModalDialog>
    </div>
  );
}
