import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import type { Leaflet } from '@pricewatch/shared/contract';
import { toaster } from '@pricewatch/shared/ui';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useErrorText } from '../../../lib/error-text';
import { Modal } from '@pricewatch/shared/ui';

/** Asks before a leaflet goes (with its pages, pictures and prices), then deletes it. */
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
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!leaflet) return;
    setBusy(true);
    try {
      await remove(leaflet._id);
      onDeleted(leaflet);
    } catch (error) {
      toaster.create({ type: 'error', title: t('list.toast.deleteFailed'), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!leaflet}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      title={t('list.delete.title')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('list.actions.cancel')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={() => void confirm()}>
            {t('list.delete.confirm')}
          </Button>
        </>
      }
    >
      <Text>{t('list.delete.question', { name: leaflet?.name ?? '', pages: leaflet?.pageCount ?? 0, prices: leaflet?.priceCount ?? 0 })}</Text>
    </Modal>
  );
}
