import type { ReactNode } from 'react';
import { ProgressSteps, type BookingStep } from './ProgressSteps.tsx';
import { PageHeading } from './PageHeading.tsx';

export interface BookingStepPageProps {
  step: BookingStep;
  title: string;
  children?: ReactNode;
}

/** A screen of the booking flow (results, checkout, confirmation): the stepper, then the page's heading. */
export function BookingStepPage({ step, title, children }: BookingStepPageProps) {
  return (
    <div className="booking-step">
      <ProgressSteps activeStep={step} />
      <PageHeading>{title}</PageHeading>
      {children}
    </div>
  );
}
