import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { CheckField, DateField, FormField, Modal, SelectField, toaster } from '@pricewatch/shared/ui';
import type { AlarmRule, PriceAlarm, ProductAlarm, Shop } from '@pricewatch/shared/contract';
import { useErrorText } from '../../../lib/error-text';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { savePriceAlarm } from '../api/price-alarms';
import { saveProductAlarm } from '../api/product-alarms';
import { alarmBody, alarmFormSchema, alarmFormValues, type AlarmFormValues } from './alarm-form';
import { ProductPicker } from './product-picker';
import { ALARM_RULES, isPercent, needsOwnShop, needsValue } from './rules';
import { ShopPicker } from './shop-picker';
export type AlarmDialogProps = {
  kind: 'price' | 'product';
  open: boolean;
  /** The alarm to edit; none = a new one. */
  alarm?: PriceAlarm | ProductAlarm | null;
  shops: Shop[];
  onClose: () => void;
  onSaved: () => void;
};

/** Create or edit a price alarm (one product) or a product alarm (a named product list). */
export function AlarmDialog({ kind, open, alarm, shops, onClose, onSaved }: AlarmDialogProps) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const { control, handleSubmit, reset, register, formState } = useForm<AlarmFormValues>({
    defaultValues: alarmFormValues(kind, alarm),
    resolver: zodResolver(alarmFormSchema(kind)),
  });
  const [rule, own, shopIds] = useWatch({ control, name: ['rule', 'originalShopId', 'shops'] });
  const problem = (field: keyof AlarmFormValues) => {
    const message = formState.errors[field]?.message;
    return message ? t(`problems.${message}`) : undefined;
  };

  useEffect(() => {
    if (open) reset(alarmFormValues(kind, alarm));
  }, [open, alarm, kind, reset]);

  // The amount's currency: the chosen shops' (one market per alarm), else the only one offered.
  const currencies = new Set((shopIds.length ? shops.filter((x) => shopIds.includes(x._id)) : shops).map((x) => x.currency));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;

  const save = async (values: AlarmFormValues) => {
    try {
      let saved: { metNow: number };
      const enabled = alarm?.enabled ?? true;
      if (kind === 'price') {
        saved = await savePriceAlarm(alarmBody('price', values, enabled) as Parameters<typeof savePriceAlarm>[0], alarm?._id);
      } else {
        saved = await saveProductAlarm(alarmBody('product', values, enabled) as Parameters<typeof saveProductAlarm>[0], alarm?._id);
      }
      toaster.create({ type: 'success', title: t(alarm ? 'toast.saved' : 'toast.created') });
      // Firing is edge-triggered (docs/alarms.md): a rule met already fires nothing until a price newly
      // meets it, so the user hears it now rather than waiting for an alarm that will not come.
      if (saved.metNow > 0) {
        toaster.create({
          type: 'warning',
          title: t('toast.metNow'),
          description: t('toast.metNowHelp', { count: saved.metNow }),
          closable: true,
          duration: 12000,
        });
      }
      onSaved();
      onClose();
    } catch (error) {
      toaster.create({ type: 'error', title: t('toast.saveFailed'), description: errorText(error) });
    }
  };

  const title = t(`${kind === 'price' ? 'priceDialog' : 'productDialog'}.${alarm ? 'editTitle' : 'newTitle'}`);
  return (
    <Modal
      scrollInside
      size="lg"
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button colorPalette="blue" loading={formState.isSubmitting} onClick={() => void handleSubmit(save)()}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {kind === 'product' && (
          <FormField label={t('form.name')} htmlFor="alarm-name" error={problem('name')}>
            <Input id="alarm-name" size="sm" {...register('name')} />
          </FormField>
        )}
        <FormField label={t(kind === 'price' ? 'form.product' : 'form.products')} htmlFor="alarm-product" error={problem('products')}>
          <Controller
            control={control}
            name="products"
            render={({ field }) => <ProductPicker id="alarm-product" single={kind === 'price'} picked={field.value} onChange={field.onChange} />}
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('form.rule')} htmlFor="alarm-rule">
            <Controller
              control={control}
              name="rule"
              render={({ field }) => (
                <SelectField id="alarm-rule" value={field.value} onChange={(v) => field.onChange(v as AlarmRule)}>
                  {ALARM_RULES.map((r) => (
                    <option key={r} value={r}>
                      {t(`rules.${r}`)}
                    </option>
                  ))}
                </SelectField>
              )}
            />
          </FormField>
          {needsValue(rule) && (
            <FormField
              label={isPercent(rule) ? t('form.valuePercent') : currency ? t('form.valueMoneyIn', { currency }) : t('form.valueMoney')}
              htmlFor="alarm-value"
              error={problem('value')}
            >
              <Input id="alarm-value" size="sm" inputMode="decimal" {...register('value')} />
            </FormField>
          )}
        </SimpleGrid>
        {needsOwnShop(rule) && (
          <FormField label={t('form.ownShop')} htmlFor="alarm-own" error={problem('originalShopId')}>
            <Controller
              control={control}
              name="originalShopId"
              render={({ field }) => (
                <SelectField id="alarm-own" value={field.value} onChange={field.onChange}>
                  <option value="">{t('form.chooseShop')}</option>
                  {shops.map((s) => (
                    <option key={s._id} value={s._id}>
                      {s.networkName} — {s.name}
                    </option>
                  ))}
                </SelectField>
              )}
            />
          </FormField>
        )}
        <FormField label={t('form.shops')} htmlFor="alarm-shops" error={problem('shops')}>
          <Controller
            control={control}
            name="shops"
            render={({ field }) => (
              <ShopPicker id="alarm-shops" shops={shops} selected={field.value} onChange={field.onChange} exclude={needsOwnShop(rule) ? own : null} />
            )}
          />
        </FormField>
        {kind === 'price' && (
          <SimpleGrid columns={2} gap="3">
            <FormField label={t('form.start')} htmlFor="alarm-start">
              <Controller
                control={control}
                name="start"
                render={({ field }) => <DateField id="alarm-start" width="full" portalled={false} value={field.value} onChange={field.onChange} />}
              />
            </FormField>
            <FormField label={t('form.end')} htmlFor="alarm-end" error={problem('end')}>
              <Controller
                control={control}
                name="end"
                render={({ field }) => (
                  <DateField id="alarm-end" width="full" portalled={false} value={field.value} onChange={field.onChange} invalid={!!formState.errors.end} />
                )}
              />
            </FormField>
          </SimpleGrid>
        )}
        <Controller
          control={control}
          name="isPromoAdded"
          render={({ field }) => (
            <CheckField checked={field.value} onChange={field.onChange}>
              {t('form.isPromoAdded')}
            </CheckField>
          )}
        />
      </Stack>
    </Modal>
  );
}
