import { Text } from '@chakra-ui/react';
import type { NetworkUser } from '@pricewatch/shared/contract';
import { ConfirmDialog } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useUsersTranslation } from '../../../lib/i18n';
import { deleteNetworkUser } from '../api/delete-network-user';

/** Asks before deleting: the user and their open sessions go at once. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: NetworkUser | null; onClose: () => void; onDeleted: () => void }) {
  const { t } = useUsersTranslation();
  const errorText = useErrorText();
  return (
    <ConfirmDialog
      open={user !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('common.cancel')}
      errorText={errorText.error}
      onClose={onClose}
      onConfirm={async () => {
        if (!user) return;
        await deleteNetworkUser(user._id);
        onDeleted();
      }}
    >
      <Text>{t('delete.question', { username: user?.username ?? '', name: user?.name ?? '' })}</Text>
    </ConfirmDialog>
  );
}
