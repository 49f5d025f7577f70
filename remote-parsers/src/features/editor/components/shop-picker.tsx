import { useEffect, useMemo } from 'react';
import { Combobox, Field, Portal, useFilter, useListCollection } from '@chakra-ui/react';
import type { Shop } from '@pricewatch/shared/contract';
import { useController } from 'react-hook-form';
import { useParsersTranslation } from '../../../lib/i18n';
import type { EditorValues } from './definition';
import { useFieldErrorText } from './fields';

const labelOf = (s: Shop) => `${s.networkName} · ${s.name}${s.cityName ? `, ${s.cityName}` : ''}`;

/** The parser's shop: a typeahead over the shops the user may choose (the chain, the shop, its city). */
export function ShopPicker({ shops }: { shops: Shop[] }) {
  const { t } = useParsersTranslation();
  const { field, fieldState } = useController<EditorValues, 'shopId'>({ name: 'shopId' });
  const errorText = useFieldErrorText();
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = useMemo(() => shops.map((s) => ({ label: labelOf(s), value: s._id })), [shops]);
  const { collection, filter, set } = useListCollection({ initialItems: items, filter: contains, limit: 50 });
  useEffect(() => set(items), [items, set]);
  const picked = items.find((i) => i.value === field.value);
  return (
    <Field.Root invalid={!!fieldState.error} required>
      <Combobox.Root
        collection={collection}
        size="sm"
        openOnClick
        value={field.value ? [field.value] : []}
        defaultInputValue={picked?.label ?? ''}
        onInputValueChange={(e) => filter(e.inputValue)}
        onValueChange={(e) => field.onChange(e.value[0] ?? '')}
      >
        <Combobox.Label>
          {t('editor.fields.shop')}
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={t('editor.shopSearch')} name={field.name} onBlur={field.onBlur} />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label={t('editor.shopOpen')} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>{t('editor.shopNone')}</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value}>
                  {item.label}
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <Field.ErrorText>{errorText(fieldState.error)}</Field.ErrorText>
    </Field.Root>
  );
}
