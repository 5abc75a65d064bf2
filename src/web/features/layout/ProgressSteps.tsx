import { useLingui } from '@lingui/react/macro';

export type BookingStep = 0 | 1 | 2;

/** The three-step indicator: 1 select flight, 2 complete data, 3 finish booking. */
export function ProgressSteps({ activeStep }: { activeStep: BookingStep }) {
  const { t } = useLingui();
  const steps = [t`Select flight`, t`Complete data`, t`Finish booking`];
  return (
    <nav aria-label={t`Booking progress`} className="progress-steps">
      <ol>
        {steps.map((label, index) => (
          <li
            key={label}
            aria-current={index === activeStep ? 'step' : undefined}
            data-state={index < activeStep ? 'done' : index === activeStep ? 'active' : 'todo'}
          >
            <span className="progress-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="progress-steps__label">{label}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
