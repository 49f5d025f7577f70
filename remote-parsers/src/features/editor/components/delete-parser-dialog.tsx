import { useState } from 'react';
import { Alert, Button, Text } from '@chakra-ui/react';
import { Modal } from '@pricewatch/shared/ui';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { deleteParser } from '../api/editor';

/** Asks before deleting: the parser leaves the list and its schedule; its runs' history and prices stay. */
export function DeleteParserDialog({
  parser,
  onClose,
  onDeleted,
}: {
  parser: { _id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (p: { _id: string; name: string }) => void;
}) {
  const { t } = useParsersTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    if (!parser) return;
    setBusy(true);
    setError(null);
    try {
      await deleteParser(parser._id);
      onDeleted(parser);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Modal
      open={parser !== null}
      onClose={close}
      role="alertdialog"
      title={t('editor.delete.title')}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('editor.cancel')}
          </Button>
          <Button colorPalette="red" onClick={() => void confirm()} loading={busy}>
            {t('editor.delete.confirm')}
          </Button>
        </>
      }
    >
      <Text>{t('editor.delete.question', { name: parser?.name ?? '' })}</Text>
      <Text mt="2" color="fg.muted">
        {t('editor.delete.history')}
      </Text>
      {error !== null && (
        <Alert.Root status="error" role="alert" mt="3">
          <Alert.Indicator />
          <Alert.Title>{errorText(error)}</Alert.Title>
        </Alert.Root>
      )}
    </Modal>
  );
}
