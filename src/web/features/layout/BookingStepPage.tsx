import type { ReactNode } from 'react';
import { ProgressSteps, type BookingStep } from './ProgressSteps.tsx';

export interface BookingStepPageProps {
  step: BookingStep;
  title: string;
  children: ReactNode;
}

/** A screen of the booking flow (results, checkout, confirmation): the stepper, then the page's heading. */
export function BookingStepPage({ step, title, children }: BookingStepPageProps) {
  return (
    <div className="booking-step">
      <ProgressSteps activeStep={step} />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
