import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Heading, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DataTable, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { CheckField, FormField, SelectField, toaster } from '@pricewatch/shared/ui';
import type { ImportResult, ImportRow, Shop } from '@pricewatch/shared/contract';
import { useErrorText } from '../../../lib/error-text';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { importPriceAlarms } from '../api/price-alarms';
import { importProductAlarms } from '../api/product-alarms';
import { DateField, FileField, Modal } from '@pricewatch/shared/ui';
import { usDay } from './rules';
import { ShopPicker } from './shop-picker';

const col = dataColumnHelper<ImportRow>();

/**
 * Import from xlsx in two steps: "Check file" sends it with preview=true (nothing saved) and shows the
 * accepted and rejected rows with reasons; "Save" sends it again for real.
 */
export function ImportDialog({
  kind,
  open,
  shops,
  onClose,
  onSaved,
}: {
  kind: 'price' | 'product';
  open: boolean;
  shops: Shop[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [own, setOwn] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [promo, setPromo] = useState(true);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setResult(null);
      setProblem(null);
    }
  }, [open]);

  const columns = useMemo<DataColumnDef<ImportRow>[]>(
    () => [
      col.accessor('row', { header: t('import.row'), meta: { numeric: true, width: '4rem' } }),
      col.accessor((r) => r.name ?? '', { id: 'name', header: t('form.name') }),
      col.accessor((r) => r.ean ?? '', { id: 'ean', header: t('import.code') }),
      col.accessor((r) => r.productName ?? '', { id: 'product', header: t('form.product'), meta: { wrap: true } }),
      col.accessor((r) => (r.rule ? t(`rules.${r.rule}`, { defaultValue: r.rule }) : ''), { id: 'rule', header: t('form.rule') }),
      col.accessor((r) => (r.value === null ? '' : String(r.value)), { id: 'value', header: t('table.value'), meta: { numeric: true } }),
      col.accessor((r) => r.reasons.map((x) => t(`problems.${x}`)).join('; '), { id: 'reasons', header: t('import.reasons'), meta: { wrap: true } }),
    ],
    [t],
  );
  const shown = useMemo(() => columns.filter((c) => kind === 'product' || c.id !== 'name'), [columns, kind]);

  const send = async (preview: boolean) => {
    if (!file) return setProblem(t('problems.file_required'));
    if (!shopIds.length) return setProblem(t('problems.shopsRequired'));
    setProblem(null);
    const form = new FormData();
    form.append('shops', shopIds.join(','));
    if (own) form.append('originalShopId', own);
    form.append('isPromoAdded', String(promo));
    if (kind === 'price') {
      if (start) form.append('start', usDay(start));
      if (end) form.append('end', usDay(end));
    }
    form.append('file', file, file.name);
    setBusy(preview ? 'check' : 'save');
    try {
      const r = await (kind === 'price' ? importPriceAlarms : importProductAlarms)(form, preview);
      if (preview) setResult(r);
      else {
        toaster.create({ type: 'success', title: t('import.saved', { count: r.created }) });
        onSaved();
        onClose();
      }
    } catch (error) {
      setResult(null);
      setProblem(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      scrollInside
      open={open}
      onClose={onClose}
      size="xl"
      title={t(kind === 'price' ? 'import.priceTitle' : 'import.productTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button variant="outline" loading={busy === 'check'} onClick={() => void send(true)}>
            {t('import.check')}
          </Button>
          <Button colorPalette="blue" disabled={!result || !result.accepted.length} loading={busy === 'save'} onClick={() => void send(false)}>
            {t('import.save', { count: result?.accepted.length ?? 0 })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t(kind === 'price' ? 'import.priceHelp' : 'import.productHelp')}
        </Text>
        <FormField label={t('import.file')} htmlFor="import-file">
          <FileField
            id="import-file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(files) => {
              setFile(files[0] ?? null);
              setResult(null);
            }}
          />
        </FormField>
        <FormField label={t('form.shops')} htmlFor="import-shops">
          <ShopPicker id="import-shops" shops={shops} selected={shopIds} onChange={setShopIds} exclude={own || null} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: kind === 'price' ? 3 : 1 }} gap="3">
          <FormField label={t('form.ownShopOptional')} htmlFor="import-own">
            <SelectField id="import-own" value={own} onChange={setOwn}>
              <option value="">{t('form.none')}</option>
              {shops.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.networkName} — {s.name}
                </option>
              ))}
            </SelectField>
          </FormField>
          {kind === 'price' && (
            <>
              <FormField label={t('form.start')} htmlFor="import-start">
                <DateField id="import-start" width="full" portalled={false} value={start} onChange={setStart} />
              </FormField>
              <FormField label={t('form.end')} htmlFor="import-end">
                <DateField id="import-end" width="full" portalled={false} value={end} onChange={setEnd} />
              </FormField>
            </>
          )}
        </SimpleGrid>
        <CheckField checked={promo} onChange={setPromo}>
          {t('form.isPromoAdded')}
        </CheckField>
        {busy && (
          <Progress.Root value={null} size="xs" aria-label={t(busy === 'check' ? 'import.checking' : 'import.saving')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {problem && (
          <Text color="fg.error" role="alert" data-testid="import-problem">
            {problem}
          </Text>
        )}
        {result && (
          <Box data-testid="import-preview">
            <Heading as="h3" size="sm" mb="2">
              {t('import.accepted', { count: result.accepted.length })}
            </Heading>
            <DataTable columns={shown} data={result.accepted} label={t('import.acceptedTable')} size="sm" maxH="200px" empty={t('import.none')} />
            <Heading as="h3" size="sm" mt="4" mb="2" color={result.rejected.length ? 'fg.error' : undefined}>
              {t('import.rejected', { count: result.rejected.length })}
            </Heading>
            <DataTable columns={shown} data={result.rejected} label={t('import.rejectedTable')} size="sm" maxH="200px" empty={t('import.none')} />
          </Box>
        )}
      </Stack>
    </Modal>
  );
}
