import { useLingui } from '@lingui/react/macro';
import type { SearchFormProblem } from '../../../../machines/search-form.rules.ts';
import { AlertDialog } from '../../ui/overlays.tsx';

export interface SearchProblemDialogProps {
  problem: SearchFormProblem | null;
  onClose: () => void;
}

/** The first problem of the search, with the titles and messages of spec 1 §5. */
export function SearchProblemDialog({ problem, onClose }: SearchProblemDialogProps) {
  const { t } = useLingui();
  if (!problem) return null;
  const texts: Record<SearchFormProblem['kind'], { title: string; message: string }> = {
    originMissing: {
      title: t`You did not choose an origin airport`,
      message: t`Enter the name of the city you are in or the name of the airport closest to you.`,
    },
    destinationMissing: {
      title: t`You did not choose a destination airport`,
      message: t`Enter the name of the city you are travelling to or the name of the airport closest to it.`,
    },
    startDateMissing: { title: t`You have not entered the dates of your trip`, message: t`Choose the departure date in the calendar.` },
    endDateMissing: { title: t`You have not entered the return date of your trip`, message: t`Choose the return date in the calendar.` },
    invalidParameters: {
      title: t`Please enter the search parameters correctly.`,
      message: t`Origin and destination must differ, and each date must be today or later and not before the previous one.`,
    },
  };
  const { title, message } = texts[problem.kind];
  const leg = 'leg' in problem && problem.leg !== undefined ? problem.leg + 1 : null;
  return (
    <AlertDialog isOpen title={title} actionLabel={t`Accept`} onAction={onClose}>
      {leg !== null && <p className="dialog__leg">{t`Flight ${leg}`}</p>}
      <p>{message}</p>
    </AlertDialog>
  );
}
