/**
 * The dialogs' React Aria code (overlay, focus trap, scroll lock), loaded only when a dialog first opens
 * (overlays.tsx): no page shows one at its first paint, and this code was ~5 KB of each first load.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import type { AlertDialogProps, ModalDialogProps } from './overlays.tsx';

/** A modal dialog with a title: focus moves in and stays inside; Escape and the background close it. */
export function ModalDialogFrame({ isOpen, title, children, onOpenChange, isDismissable = true, size = 'medium' }: ModalDialogProps) {
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

/** A modal message that needs acknowledging (session expired, booking errors): focus is trapped inside. */
export function AlertDialogFrame({ isOpen, title, children, actionLabel, onAction }: AlertDialogProps) {
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
