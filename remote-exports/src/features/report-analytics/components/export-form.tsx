import { useId, useMemo, useRef, useState } from 'react';
import { Box, Button, chakra, Field, HStack, Input, NativeSelect, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ExportType, NetworkSummary, Shop } from '@pricewatch/shared/contract';
import { toaster } from '@pricewatch/shared/ui';
import { PeriodFields } from '../../../components/period-fields';
import { useExportsTranslation } from '../../../lib/i18n';
import { isoDay, toUsDate } from '../../../lib/period';
import { createExport } from '../api/create-export';
import { saveTemplate } from '../api/templates';
import { bodyOf, formProblems, selectionOf, type ExportForm as Form } from '../form-model';
import { useReportErrorText } from '../hooks/use-report-error';
import { EXPORT_MAX_DAYS } from '../limits';
import { ProductPicker } from './product-picker';
import { ToggleList } from './toggle-list';

export type ExportRights = {
  types: ExportType[];
  /** Provider staff name the chain an ashan or atb export compares. */
  baseNetwork: boolean;
  /** Custom markets with their switcher: the user chooses. */
  customMarketsSwitch: boolean;
};

function Select({
  label,
  value,
  onChange,
  children,
  width = '12rem',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  width?: string;
}) {
  const id = useId();
  return (
    // At least `width`, and as wide as its longest choice: longer languages (ru, ua) are never cut.
    <Field.Root width={{ base: '100%', sm: 'auto' }} minW={{ sm: width }} maxW="100%">
      <Field.Label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The request form: export type, networks and shops, products (searched, pasted or imported), period,
 * price and name; "Create export" queues it, "Save as template" keeps the selection.
 */
/**
 * A refused submit: the first field the form marks invalid gets the focus, in the middle of the screen. On a
 * phone the products field is screens above the Create button, and its error showed where no one looked.
 */
function focusFirstInvalid(form: HTMLElement | null) {
  // After React has drawn the errors (the tap's render commits before the next frame).
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  });
}

export function ExportForm({
  form,
  onChange,
  rights,
  networks,
  shops,
  onCreated,
  onTemplateSaved,
}: {
  form: Form;
  onChange: (patch: Partial<Form>) => void;
  rights: ExportRights;
  networks: NetworkSummary[];
  shops: Shop[];
  onCreated: () => void;
  onTemplateSaved: () => void;
}) {
  const { t } = useExportsTranslation();
  const errorText = useReportErrorText();
  const id = useId();
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const [rolling, setRolling] = useState(true);
  const problems = formProblems(form, rights.baseNetwork);
  const opts = { baseNetwork: rights.baseNetwork, customMarketsSwitch: rights.customMarketsSwitch };

  const chosenNetworks = useMemo(() => new Set(form.networks), [form.networks]);
  const shopItems = shops
    .filter((s) => chosenNetworks.has(s.network))
    .map((s) => ({ value: s._id, label: s.name, hint: [s.networkName, s.cityName].filter(Boolean).join(', ') }));

  const formRef = useRef<HTMLDivElement>(null);
  const submit = async () => {
    setTried(true);
    if (problems.length) return focusFirstInvalid(formRef.current);
    setSending(true);
    try {
      const request = await createExport(form.type, bodyOf(form, opts));
      toaster.create({ type: 'success', title: t('reportAnalytics.form.created'), description: request.name, duration: 4000 });
      onChange({ name: '' });
      setTried(false);
      onCreated();
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.form.createFailed'), description: errorText(error), closable: true, duration: 10_000 });
    } finally {
      setSending(false);
    }
  };

  const keepTemplate = async () => {
    setTried(true);
    if (problems.length) return focusFirstInvalid(formRef.current);
    if (!templateName.trim()) return;
    try {
      const saved = await saveTemplate({
        name: templateName.trim(),
        autoGeneration: rolling,
        date: toUsDate(isoDay(new Date())),
        data: { type: form.type, ...selectionOf(form, opts) },
      });
      toaster.create({ type: 'success', title: t('reportAnalytics.templates.saved'), description: saved.name, duration: 4000 });
      setTemplateName('');
      onTemplateSaved();
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.templates.saveFailed'), description: errorText(error), closable: true, duration: 10_000 });
    }
  };

  const show = (p: (typeof problems)[number]) => tried && problems.includes(p);

  return (
    <Stack
      ref={formRef}
      gap="4"
      as="form"
      aria-label={t('reportAnalytics.form.label')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <HStack gap="3" align="flex-end" wrap="wrap">
        <Select label={t('reportAnalytics.form.type')} value={form.type} onChange={(v) => onChange({ type: v as ExportType })} width="14rem">
          {rights.types.map((type) => (
            <option key={type} value={type}>
              {t(`reportAnalytics.types.${type}`)}
            </option>
          ))}
        </Select>
        {rights.baseNetwork && form.type !== 'inline' && (
          <Field.Root width={{ base: '100%', sm: '14rem' }} invalid={show('baseNetwork')}>
            <Field.Label htmlFor={`${id}-base`} fontSize="xs" color="fg.muted">
              {t('reportAnalytics.form.baseNetwork')}
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={`${id}-base`} value={form.baseNetwork} onChange={(e) => onChange({ baseNetwork: e.target.value })}>
                <option value="">{t('reportAnalytics.form.chooseNetwork')}</option>
                {networks.map((n) => (
                  <option key={n.code} value={n.code}>
                    {n.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {show('baseNetwork') && <Field.ErrorText>{t('reportAnalytics.problems.baseNetwork')}</Field.ErrorText>}
          </Field.Root>
        )}
        <Select
          label={t('reportAnalytics.form.priceField')}
          value={form.priceField}
          width="18rem"
          onChange={(v) => onChange({ priceField: v as Form['priceField'] })}
        >
          <option value="price">{t('reportAnalytics.form.prices.price')}</option>
          <option value="regular">{t('reportAnalytics.form.prices.regular')}</option>
        </Select>
        {rights.customMarketsSwitch && (
          <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" pb="1.5">
            <input type="checkbox" checked={form.customMarkets} onChange={(e) => onChange({ customMarkets: e.target.checked })} />
            {t('reportAnalytics.form.customMarkets')}
          </chakra.label>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t(`reportAnalytics.typeHelp.${form.type}`)}
      </Text>

      <Stack gap="3">
        <ToggleList
          label={form.type === 'inline' ? t('reportAnalytics.form.networks') : t('reportAnalytics.form.competitors')}
          items={networks.map((n) => ({ value: n.code, label: n.name }))}
          selected={form.networks}
          onChange={(values) => onChange({ networks: values, shops: form.shops.filter((s) => shops.some((x) => x._id === s && values.includes(x.network))) })}
        />
        {form.networks.length > 0 && (
          <ToggleList
            label={t('reportAnalytics.form.shops')}
            items={shopItems}
            selected={form.shops}
            onChange={(values) => onChange({ shops: values })}
            emptyText={t('reportAnalytics.form.noShops')}
          />
        )}
        <Text fontSize="xs" color={show('shops') ? 'fg.error' : 'fg.muted'}>
          {show('shops')
            ? t('reportAnalytics.problems.shops')
            : form.shops.length
              ? t('reportAnalytics.form.someShops', { count: form.shops.length })
              : t('reportAnalytics.form.allShops')}
        </Text>
      </Stack>

      <Separator />
      <ProductPicker
        products={form.products}
        codes={form.codes}
        onProducts={(products) => onChange({ products })}
        onCodes={(codes) => onChange({ codes })}
        invalid={show('products')}
      />
      <Separator />

      <PeriodFields value={form.period} onChange={(period) => onChange({ period })} maxDays={EXPORT_MAX_DAYS} />

      <HStack gap="3" align="flex-end" wrap="wrap">
        <Field.Root width={{ base: '100%', sm: '20rem' }}>
          <Field.Label htmlFor={`${id}-name`} fontSize="xs" color="fg.muted">
            {t('reportAnalytics.form.name')}
          </Field.Label>
          <Input
            id={`${id}-name`}
            size="sm"
            value={form.name}
            placeholder={t('reportAnalytics.form.namePlaceholder')}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue" disabled={sending} aria-busy={sending}>
          {sending && <Spinner size="xs" />}
          {t('reportAnalytics.form.submit')}
        </Button>
      </HStack>

      <Box borderTopWidth="1px" pt="3">
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root width={{ base: '100%', sm: '16rem' }}>
            <Field.Label htmlFor={`${id}-template`} fontSize="xs" color="fg.muted">
              {t('reportAnalytics.templates.name')}
            </Field.Label>
            <Input id={`${id}-template`} size="sm" value={templateName} onChange={(e) => setTemplateName(e.target.value)} />
          </Field.Root>
          <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" pb="1.5">
            <input type="checkbox" checked={rolling} onChange={(e) => setRolling(e.target.checked)} />
            {t('reportAnalytics.templates.autoGeneration')}
          </chakra.label>
          <Button size="sm" variant="outline" onClick={() => void keepTemplate()} disabled={!templateName.trim()}>
            {t('reportAnalytics.templates.saveAs')}
          </Button>
        </HStack>
      </Box>
    </Stack>
  );
}
