import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/api-error';
import { renderWithProviders } from '../../testing';
import { ConfirmDialog } from '../confirm-dialog';

function renderDialog(onConfirm: () => Promise<void> | void, onClose = jest.fn()) {
  renderWithProviders(
    <ConfirmDialog
      open
      title="Delete user?"
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onClose={onClose}
      errorText={(e) => (e instanceof ApiError ? `failed: ${e.messageKey}` : 'failed')}
    >
      Ivan and his sessions go at once.
    </ConfirmDialog>,
  );
  return onClose;
}

it('asks first: an alert dialog; Cancel does nothing but close', async () => {
  const onConfirm = jest.fn();
  const onClose = renderDialog(onConfirm);
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
  expect(dialog).toHaveTextContent('Ivan and his sessions go at once.');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalled();
  expect(onConfirm).not.toHaveBeenCalled();
});

it('Delete runs the action; a failure stays in the dialog in words', async () => {
  const onConfirm = jest
    .fn()
    .mockRejectedValueOnce(new ApiError({ status: 409, messageKey: 'user_has_records' }))
    .mockResolvedValueOnce(undefined);
  const onClose = renderDialog(onConfirm);
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('failed: user_has_records');
  expect(onClose).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(2);
  expect(await screen.findByRole('button', { name: 'Delete' })).toBeEnabled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
