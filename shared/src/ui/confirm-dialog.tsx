import { useState, type ReactNode } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { Modal } from './modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** The question, and what follows from the answer. */
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** The action; the dialog is busy until it settles. A failure stays in the dialog, in `errorText`'s words. */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** Words for a failed action, shown in the dialog; without it the action must report its own failures (a toast). */
  errorText?: (error: unknown) => string;
  size?: 'sm' | 'md';
};

/** Asks first: an alert dialog whose red button does the irreversible thing, Cancel (or Escape) does nothing. */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onClose, errorText, size = 'md' }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      size={size}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error !== null && errorText && (
        <Alert.Root status="error" role="alert" mt="3">
          <Alert.Indicator />
          <Alert.Title>{errorText(error)}</Alert.Title>
        </Alert.Root>
      )}
    </Modal>
  );
}
