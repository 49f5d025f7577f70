import { Text } from '@chakra-ui/react';
import type { Leaflet } from '@pricewatch/shared/contract';
import { ConfirmDialog, toaster } from '@pricewatch/shared/ui';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useErrorText } from '../../../lib/error-text';

/** Asks before a leaflet goes (with its pages, pictures and prices), then deletes it; a failure is a toast. */
export function DeleteDialog({
  leaflet,
  onClose,
  onDeleted,
  remove,
}: {
  leaflet: Leaflet | null;
  onClose: () => void;
  onDeleted: (l: Leaflet) => void;
  remove: (id: string) => Promise<void>;
}) {
  const { t } = useLeafletsTranslation();
  const { errorText } = useErrorText();
  const confirm = async () => {
    if (!leaflet) return;
    try {
      await remove(leaflet._id);
      onDeleted(leaflet);
    } catch (error) {
      toaster.create({ type: 'error', title: t('list.toast.deleteFailed'), description: errorText(error) });
    }
  };
  return (
    <ConfirmDialog
      open={!!leaflet}
      size="sm"
      title={t('list.delete.title')}
      confirmLabel={t('list.delete.confirm')}
      cancelLabel={t('list.actions.cancel')}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Text>{t('list.delete.question', { name: leaflet?.name ?? '', pages: leaflet?.pageCount ?? 0, prices: leaflet?.priceCount ?? 0 })}</Text>
    </ConfirmDialog>
  );
}
