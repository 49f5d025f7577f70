import { useState } from 'react';
import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { NetworkUser } from '@pricewatch/shared/contract';
import { useErrorText } from '../../../lib/error-text';
import { useUsersTranslation } from '../../../lib/i18n';
import { deleteNetworkUser } from '../api/delete-network-user';

/** Asks before deleting: the user and their open sessions go at once. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: NetworkUser | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useUsersTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await deleteNetworkUser(user._id);
      onDeleted();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={user !== null}
      onOpenChange={(d) => {
        if (!d.open) {
          setError(null);
          onClose();
        }
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('delete.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('delete.question', { username: user?.username ?? '', name: user?.name ?? '' })}</Text>
              {error !== null && (
                <Alert.Root status="error" role="alert" mt="3">
                  <Alert.Indicator />
                  <Alert.Title>{errorText.error(error)}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={busy}>
                {t('delete.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
