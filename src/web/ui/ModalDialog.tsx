import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
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

/** A modal dialog with a title: focus moves in and stays inside; Escape and the background close it. */
export function ModalDialog({ isOpen, title, children, onOpenChange, isDismissable = true, size = 'medium' }: ModalDialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={size === 'medium' ? 'modal' : `modal modal--${size}`}>
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
