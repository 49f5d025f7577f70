import { useEffect, useState } from 'react';
import { Button, Input, SimpleGrid, Textarea, chakra } from '@chakra-ui/react';
import { LEAFLET_LIMITS, type Leaflet, type LeafletCreate, type LeafletDetail, type NetworkSummary } from '@pricewatch/shared/contract';
import { DateField, FormField, Modal, SelectField, toaster } from '@pricewatch/shared/ui';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { createLeaflet, updateLeaflet } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { isoToUs } from '../../../lib/format';

type Problems = Partial<Record<'name' | 'network' | 'start' | 'end' | 'description', string>>;

export type LeafletDialogProps = {
  open: boolean;
  /** The leaflet to change; null = a new one. */
  leaflet: Leaflet | null;
  networks: NetworkSummary[];
  onClose: () => void;
  onSaved: (saved: LeafletDetail, created: boolean) => void;
};

/** "New leaflet" and "Edit leaflet": name, network, period and description, checked here and by the server. */
export function LeafletDialog({ open, leaflet, networks, onClose, onSaved }: LeafletDialogProps) {
  const { t } = useLeafletsTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const [name, setName] = useState('');
  const [network, setNetwork] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(leaflet?.name ?? '');
    setNetwork(leaflet?.network ?? (networks.length === 1 ? networks[0]!.code : ''));
    setStart(leaflet?.start ?? '');
    setEnd(leaflet?.end ?? '');
    setDescription(leaflet?.description ?? '');
    setProblems({});
  }, [open, leaflet, networks]);

  const validate = (): Problems => {
    const p: Problems = {};
    if (!name.trim()) p.name = t('errors.required');
    else if (name.trim().length > LEAFLET_LIMITS.nameMaxLength) p.name = t('errors.too_long');
    if (!network) p.network = t('errors.required');
    if (!start) p.start = t('errors.required');
    if (!end) p.end = t('errors.required');
    else if (start && end < start) p.end = t('errors.end_before_start');
    if (description.trim().length > LEAFLET_LIMITS.descriptionMaxLength) p.description = t('errors.too_long');
    return p;
  };

  const save = async () => {
    const p = validate();
    setProblems(p);
    if (Object.keys(p).length) return;
    const body: LeafletCreate = { name: name.trim(), network, start: isoToUs(start), end: isoToUs(end), description: description.trim() || null };
    setSaving(true);
    try {
      const saved = leaflet ? await updateLeaflet(leaflet._id, body) : await createLeaflet(body);
      toaster.create({ type: 'success', title: t(leaflet ? 'list.toast.saved' : 'list.toast.created', { name: saved.name }) });
      onSaved(saved, !leaflet);
    } catch (error) {
      setProblems(fieldErrors(error));
      toaster.create({ type: 'error', title: t('list.toast.saveFailed'), description: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  const invalid = (field: keyof Problems) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `leaflet-${field}-error` } : {});
  const dateInvalid = (field: 'start' | 'end') => (problems[field] ? { invalid: true, 'aria-describedby': `leaflet-${field}-error` } : {});

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(leaflet ? 'list.dialog.editTitle' : 'list.dialog.newTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('list.actions.cancel')}
          </Button>
          <Button colorPalette="blue" loading={saving} onClick={() => void save()}>
            {t(leaflet ? 'list.actions.save' : 'list.actions.create')}
          </Button>
        </>
      }
    >
      <chakra.form
        noValidate
        display="flex"
        flexDirection="column"
        gap="4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormField label={t('list.fields.name')} htmlFor="leaflet-name" error={problems.name}>
          <Input
            id="leaflet-name"
            size="sm"
            value={name}
            maxLength={LEAFLET_LIMITS.nameMaxLength}
            onChange={(e) => setName(e.currentTarget.value)}
            {...invalid('name')}
          />
        </FormField>
        <FormField label={t('list.fields.network')} htmlFor="leaflet-network" error={problems.network}>
          <SelectField id="leaflet-network" value={network} onChange={setNetwork} invalid={!!problems.network}>
            <option value="">{t('list.fields.chooseNetwork')}</option>
            {networks.map((n) => (
              <option key={n.code} value={n.code}>
                {n.name}
              </option>
            ))}
          </SelectField>
        </FormField>
        <SimpleGrid columns={2} gap="3">
          <FormField label={t('list.fields.start')} htmlFor="leaflet-start" error={problems.start}>
            <DateField id="leaflet-start" width="full" portalled={false} value={start} onChange={setStart} {...dateInvalid('start')} />
          </FormField>
          <FormField label={t('list.fields.end')} htmlFor="leaflet-end" error={problems.end}>
            <DateField id="leaflet-end" width="full" portalled={false} value={end} onChange={setEnd} {...dateInvalid('end')} />
          </FormField>
        </SimpleGrid>
        <FormField label={t('list.fields.description')} htmlFor="leaflet-description" error={problems.description}>
          <Textarea
            id="leaflet-description"
            size="sm"
            rows={3}
            value={description}
            maxLength={LEAFLET_LIMITS.descriptionMaxLength}
            onChange={(e) => setDescription(e.currentTarget.value)}
            {...invalid('description')}
          />
        </FormField>
        <button type="submit" hidden />
      </chakra.form>
    </Modal>
  );
}
