import { useEffect, useState } from 'react';
import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { toaster } from '@pricewatch/shared/ui';
import type { AlarmRule, PriceAlarm, ProductAlarm, Shop } from '@pricewatch/shared/contract';
import { useErrorText } from '../../../lib/error-text';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { savePriceAlarm } from '../api/price-alarms';
import { saveProductAlarm } from '../api/product-alarms';
import { CheckBox, FormRow, Select } from './form-bits';
import { DateField, Modal } from '@pricewatch/shared/ui';
import { ProductPicker, type PickedProduct } from './product-picker';
import { ALARM_RULES, isPercent, needsOwnShop, needsValue, parseDecimal, usDay } from './rules';
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

type Problems = Partial<Record<'name' | 'products' | 'shops' | 'value' | 'originalShopId' | 'end', string>>;

/** Create or edit a price alarm (one product) or a product alarm (a named product list). */
export function AlarmDialog({ kind, open, alarm, shops, onClose, onSaved }: AlarmDialogProps) {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [products, setProducts] = useState<PickedProduct[]>([]);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [rule, setRule] = useState<AlarmRule>('below');
  const [value, setValue] = useState('');
  const [own, setOwn] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [promo, setPromo] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const price = kind === 'price' ? (alarm as PriceAlarm | null | undefined) : null;
    const product = kind === 'product' ? (alarm as ProductAlarm | null | undefined) : null;
    setName(product?.name ?? '');
    setProducts(price ? [{ _id: price.productId, name: price.productName, ean: price.ean }] : (product?.products ?? []));
    setShopIds(alarm?.shops.map((s) => s._id) ?? []);
    setRule(alarm?.rule ?? 'below');
    setValue(alarm?.value === null || alarm?.value === undefined ? '' : String(alarm.value));
    setOwn(alarm?.originalShopId ?? '');
    setStart(price?.start ?? '');
    setEnd(price?.end ?? '');
    setPromo(alarm?.isPromoAdded ?? true);
    setProblems({});
  }, [open, alarm, kind]);

  // The amount's currency: the chosen shops' (one market per alarm), else the only one offered.
  const currencies = new Set((shopIds.length ? shops.filter((x) => shopIds.includes(x._id)) : shops).map((x) => x.currency));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;

  const validate = (): Problems => {
    const p: Problems = {};
    if (kind === 'product' && !name.trim()) p.name = t('problems.required');
    if (!products.length) p.products = t('problems.productRequired');
    if (!shopIds.length) p.shops = t('problems.shopsRequired');
    if (needsValue(rule)) {
      const v = parseDecimal(value);
      if (value.trim() === '') p.value = t('problems.value_required');
      else if (Number.isNaN(v)) p.value = t('problems.bad_value');
      else if (v < 0) p.value = t('problems.negative_value');
      else if (isPercent(rule) && v > 100) p.value = t('problems.percent_over_100');
    }
    if (needsOwnShop(rule) && !own) p.originalShopId = t('problems.own_shop_required');
    if (start && end && start > end) p.end = t('problems.end_before_start');
    return p;
  };

  const save = async () => {
    const p = validate();
    setProblems(p);
    if (Object.keys(p).length) return;
    setSaving(true);
    const common = {
      shops: shopIds,
      rule,
      value: needsValue(rule) ? parseDecimal(value) : null,
      originalShopId: needsOwnShop(rule) ? own : null,
      isPromoAdded: promo,
      enabled: alarm?.enabled ?? true,
    };
    try {
      let saved: { metNow: number };
      if (kind === 'price') {
        saved = await savePriceAlarm({ ...common, productId: products[0]!._id, start: start ? usDay(start) : null, end: end ? usDay(end) : null }, alarm?._id);
      } else {
        saved = await saveProductAlarm({ ...common, name: name.trim(), products: products.map((x) => x._id) }, alarm?._id);
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
    } finally {
      setSaving(false);
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
          <Button colorPalette="blue" loading={saving} onClick={() => void save()}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {kind === 'product' && (
          <FormRow label={t('form.name')} htmlFor="alarm-name" error={problems.name}>
            <Input id="alarm-name" size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </FormRow>
        )}
        <FormRow label={t(kind === 'price' ? 'form.product' : 'form.products')} htmlFor="alarm-product" error={problems.products}>
          <ProductPicker id="alarm-product" single={kind === 'price'} picked={products} onChange={setProducts} />
        </FormRow>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormRow label={t('form.rule')} htmlFor="alarm-rule">
            <Select id="alarm-rule" value={rule} onChange={(v) => setRule(v as AlarmRule)}>
              {ALARM_RULES.map((r) => (
                <option key={r} value={r}>
                  {t(`rules.${r}`)}
                </option>
              ))}
            </Select>
          </FormRow>
          {needsValue(rule) && (
            <FormRow
              label={isPercent(rule) ? t('form.valuePercent') : currency ? t('form.valueMoneyIn', { currency }) : t('form.valueMoney')}
              htmlFor="alarm-value"
              error={problems.value}
            >
              <Input id="alarm-value" size="sm" inputMode="decimal" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
            </FormRow>
          )}
        </SimpleGrid>
        {needsOwnShop(rule) && (
          <FormRow label={t('form.ownShop')} htmlFor="alarm-own" error={problems.originalShopId}>
            <Select id="alarm-own" value={own} onChange={setOwn}>
              <option value="">{t('form.chooseShop')}</option>
              {shops.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.networkName} — {s.name}
                </option>
              ))}
            </Select>
          </FormRow>
        )}
        <FormRow label={t('form.shops')} htmlFor="alarm-shops" error={problems.shops}>
          <ShopPicker id="alarm-shops" shops={shops} selected={shopIds} onChange={setShopIds} exclude={needsOwnShop(rule) ? own : null} />
        </FormRow>
        {kind === 'price' && (
          <SimpleGrid columns={2} gap="3">
            <FormRow label={t('form.start')} htmlFor="alarm-start">
              <DateField id="alarm-start" width="full" portalled={false} value={start} onChange={setStart} />
            </FormRow>
            <FormRow label={t('form.end')} htmlFor="alarm-end" error={problems.end}>
              <DateField id="alarm-end" width="full" portalled={false} value={end} onChange={setEnd} invalid={!!problems.end} />
            </FormRow>
          </SimpleGrid>
        )}
        <CheckBox checked={promo} onChange={setPromo}>
          {t('form.isPromoAdded')}
        </CheckBox>
      </Stack>
    </Modal>
  );
}
