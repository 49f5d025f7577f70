import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@pricewatch/shared/ui';
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
  return (
    <ConfirmDialog
      open={parser !== null}
      title={t('editor.delete.title')}
      confirmLabel={t('editor.delete.confirm')}
      cancelLabel={t('editor.cancel')}
      errorText={errorText}
      onClose={onClose}
      onConfirm={async () => {
        if (!parser) return;
        await deleteParser(parser._id);
        onDeleted(parser);
      }}
    >
      <Text>{t('editor.delete.question', { name: parser?.name ?? '' })}</Text>
      <Text mt="2" color="fg.muted">
        {t('editor.delete.history')}
      </Text>
    </ConfirmDialog>
  );
}
