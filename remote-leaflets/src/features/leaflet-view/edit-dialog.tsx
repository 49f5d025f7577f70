import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import type { LeafletDetail } from '@pricewatch/shared/contract';
import { updateLeaflet } from '../../lib/api';
import { useErrorText } from '../../lib/error-text';
import { isoToUs } from '../../lib/format';
import { useLeafletsTranslation } from '../../lib/i18n';
import { FormRow } from './form-bits';

/** Edit the leaflet's name, period and description (PUT /leaflets/{id}). */
export function EditDialog({ leaflet, open, onClose, onSaved }: { leaflet: LeafletDetail; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useLeafletsTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const [name, setName] = useState(leaflet.name);
  const [start, setStart] = useState(leaflet.start);
  const [end, setEnd] = useState(leaflet.end);
  const [description, setDescription] = useState(leaflet.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(leaflet.name);
    setStart(leaflet.start);
    setEnd(leaflet.end);
    setDescription(leaflet.description ?? '');
    setErrors({});
    setProblem(null);
  }, [open, leaflet]);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await updateLeaflet(leaflet._id, { name, start: start ? isoToUs(start) : undefined, end: end ? isoToUs(end) : undefined, description: description.trim() || null });
      onSaved();
      onClose();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (!Object.keys(byField).length) setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('leaflet.editTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <FormRow label={t('leaflet.name')} htmlFor="edit-name" error={errors.name}>
                  <Input id="edit-name" size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} />
                </FormRow>
                <FormRow label={t('leaflet.start')} htmlFor="edit-start" error={errors.start}>
                  <Input id="edit-start" size="sm" type="date" value={start} onChange={(e) => setStart(e.currentTarget.value)} />
                </FormRow>
                <FormRow label={t('leaflet.end')} htmlFor="edit-end" error={errors.end}>
                  <Input id="edit-end" size="sm" type="date" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
                </FormRow>
                <FormRow label={t('leaflet.description')} htmlFor="edit-description" error={errors.description}>
                  <Textarea id="edit-description" size="sm" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
                </FormRow>
                {problem && (
                  <Dialog.Description color="fg.error" role="alert">
                    {problem}
                  </Dialog.Description>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="ghost" onClick={onClose}>
                {t('leaflet.cancel')}
              </Button>
              <Button size="sm" loading={busy} onClick={() => void save()}>
                {t('leaflet.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
