import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export interface AlertDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  /** The single way out; the dialog is not dismissable by clicking outside, so the user reads it. */
  actionLabel: string;
  onAction: () => void;
}

/** A modal message that needs acknowledging (session expired, booking errors): focus is trapped inside. */
export function AlertDialog({ isOpen, title, children, actionLabel, onAction }: AlertDialogProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} isDismissable={false} isKeyboardDismissDisabled>
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          <div className="dialog__body">{children}</div>
          <div className="dialog__actions">
            <Button onPress={onAction}>
              {actionLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
