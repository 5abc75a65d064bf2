import { useLingui } from '@lingui/react/macro';
import { AlertDialog } from '../../../ui/overlays.tsx';

/** Profiles that check names: two passengers with the same first and last names (spec 2 §5, §8). */
export function DuplicateNamesDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <AlertDialog isOpen={isOpen} title={t`One or more passengers have the same first and last names`} actionLabel={t`Accept`} onAction={onClose}>
      <p>{t`Please add one more surname to the passengers with the same name and try again.`}</p>
    </AlertDialog>
  );
}
