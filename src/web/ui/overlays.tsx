import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import './overlays.css';

export interface ModalDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  /** Called with false when the user dismisses it (Escape or the background). */
  onOpenChange: (isOpen: boolean) => void;
  /** False while the dialog is busy (e.g. saving), so a stray click cannot close it mid-way. */
  isDismissable?: boolean;
  /** medium 480 px, large 800 px (the fare rules, spec 2 §2), wide 960 px; sheet: 480 px from the bottom edge (phone panels). */
  size?: 'medium' | 'large' | 'wide' | 'sheet';
}

export interface AlertDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  /** The single way out; the dialog is not dismissable by clicking outside, so the user reads it. */
  actionLabel: string;
  onAction: () => void;
}

/**
 * A dialog whose code loads when it first opens (DialogFrames.tsx): closed, it renders nothing, so no
 * page pays for React Aria's overlay code before a dialog is asked for. The first opening waits for
 * that chunk; later ones find it loaded.
 */
function openedLazily<Props extends { isOpen: boolean }>(load: () => Promise<ComponentType<Props>>) {
  const Frame = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Props) {
    if (!props.isOpen) return null;
    return (
      <Suspense fallback={null}>
        <Frame {...props} />
      </Suspense>
    );
  };
}

/** A modal dialog with a title: focus moves in and stays inside; Escape and the background close it. */
export const ModalDialog = openedLazily<ModalDialogProps>(() => import('./DialogFrames.tsx').then((module) => module.ModalDialogFrame));

/** A modal message that needs acknowledging (session expired, booking errors): focus is trapped inside. */
export const AlertDialog = openedLazily<AlertDialogProps>(() => import('./DialogFrames.tsx').then((module) => module.AlertDialogFrame));
