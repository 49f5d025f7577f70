import { useId, useState } from 'react';
import { Badge, Box, Button, CloseButton, Field, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import type { ProductListItem } from '@pricewatch/shared/contract';
import { ProductTypeahead, toaster } from '@pricewatch/shared/ui';
import { useExportsTranslation } from '../../../lib/i18n';
import { deleteNewProductList, saveNewProductList, useNewProductLists } from '../api/new-product-lists';
import { parseCodes, type ChosenProduct } from '../form-model';
import { useReportErrorText } from '../hooks/use-report-error';

/**
 * The products of an export: found by name, article or EAN (spec §5 search rule, the shared product
 * combobox) and added one by one,
 * and/or pasted as a list of EANs and articles — which can be saved as a named list (a "new-product
 * template") and imported again later.
 */
export function ProductPicker({
  products,
  codes,
  onProducts,
  onCodes,
  invalid,
}: {
  products: ChosenProduct[];
  codes: string;
  onProducts: (products: ChosenProduct[]) => void;
  onCodes: (codes: string) => void;
  invalid: boolean;
}) {
  const { t } = useExportsTranslation();
  const errorText = useReportErrorText();
  const id = useId();
  const [listVersion, setListVersion] = useState(0);
  const lists = useNewProductLists(listVersion);
  const [listId, setListId] = useState('');
  const [listName, setListName] = useState('');
  const parsed = parseCodes(codes);
  const chosen = new Set(products.map((p) => p.id));

  const add = (p: ProductListItem) => {
    if (!chosen.has(p._id)) onProducts([...products, { id: p._id, name: p.name, code: p.ean ?? p.article }]);
  };

  const importList = () => {
    const list = lists.data?.find((l) => l._id === listId);
    if (!list) return;
    const more = list.products.map((p) => p.ean ?? p.article).filter((c): c is string => !!c);
    onCodes([codes.trim(), ...more].filter(Boolean).join('\n'));
  };

  const saveList = async () => {
    const items = [...parsed.eans.map((ean) => ({ ean })), ...parsed.articles.map((article) => ({ article }))];
    try {
      await saveNewProductList({ name: listName.trim(), products: items });
      setListName('');
      setListVersion((v) => v + 1);
      toaster.create({ type: 'success', title: t('reportAnalytics.products.listSaved'), duration: 4000 });
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.products.listSaveFailed'), description: errorText(error), closable: true });
    }
  };

  const removeList = async () => {
    if (!listId) return;
    try {
      await deleteNewProductList(listId);
      setListId('');
      setListVersion((v) => v + 1);
    } catch (error) {
      toaster.create({ type: 'error', title: t('reportAnalytics.products.listDeleteFailed'), description: errorText(error), closable: true });
    }
  };

  return (
    <Stack gap="3">
      <Field.Root invalid={invalid && !products.length && !parsed.eans.length && !parsed.articles.length}>
        <Field.Label htmlFor={`${id}-search`} fontSize="xs" color="fg.muted">
          {t('reportAnalytics.products.search')}
        </Field.Label>
        <Box width="full" maxW="24rem">
          <ProductTypeahead
            id={`${id}-search`}
            // Several products: the results stay open to add more of them.
            afterPick="keep"
            placeholder={t('reportAnalytics.products.searchPlaceholder')}
            resultsLabel={t('reportAnalytics.products.results')}
            emptyText={t('reportAnalytics.products.noResults')}
            invalid={invalid && !products.length && !parsed.eans.length && !parsed.articles.length}
            onPick={add}
          />
        </Box>
        {invalid && !products.length && !parsed.eans.length && !parsed.articles.length && (
          <Field.ErrorText>{t('reportAnalytics.problems.products')}</Field.ErrorText>
        )}
      </Field.Root>

      {products.length > 0 && (
        <HStack gap="1.5" wrap="wrap" role="list" aria-label={t('reportAnalytics.products.chosen')}>
          {products.map((p) => (
            <Badge key={p.id} role="listitem" variant="subtle" colorPalette="blue" size="md" pe="0">
              {p.name}
              <CloseButton
                size="2xs"
                aria-label={t('reportAnalytics.products.removeNamed', { name: p.name })}
                onClick={() => onProducts(products.filter((x) => x.id !== p.id))}
              />
            </Badge>
          ))}
        </HStack>
      )}

      <Field.Root invalid={parsed.invalid.length > 0}>
        <Field.Label htmlFor={`${id}-codes`} fontSize="xs" color="fg.muted">
          {t('reportAnalytics.products.codes')}
        </Field.Label>
        <Textarea
          id={`${id}-codes`}
          size="sm"
          rows={3}
          maxW="32rem"
          value={codes}
          placeholder={'4820000000017\n999002'}
          onChange={(e) => onCodes(e.target.value)}
        />
        {parsed.invalid.length > 0 ? (
          <Field.ErrorText>{t('reportAnalytics.products.invalidCodes', { codes: parsed.invalid.slice(0, 5).join(', ') })}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('reportAnalytics.products.codesHelp', { eans: parsed.eans.length, articles: parsed.articles.length })}</Field.HelperText>
        )}
      </Field.Root>

      <HStack gap="2" wrap="wrap" align="flex-end">
        <Field.Root width="auto">
          <Field.Label htmlFor={`${id}-list`} fontSize="xs" color="fg.muted">
            {t('reportAnalytics.products.savedLists')}
          </Field.Label>
          <NativeSelect.Root size="sm" width="14rem">
            <NativeSelect.Field id={`${id}-list`} value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">{t('reportAnalytics.products.chooseList')}</option>
              {(lists.data ?? []).map((l) => (
                <option key={l._id} value={l._id}>
                  {t('reportAnalytics.products.listOption', { name: l.name, matched: l.matched, total: l.products.length })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" variant="outline" onClick={importList} disabled={!listId}>
          {t('reportAnalytics.products.importList')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void removeList()} disabled={!listId}>
          {t('reportAnalytics.products.deleteList')}
        </Button>
        <Field.Root width="auto">
          <Field.Label htmlFor={`${id}-list-name`} fontSize="xs" color="fg.muted">
            {t('reportAnalytics.products.listName')}
          </Field.Label>
          <Input id={`${id}-list-name`} size="sm" width="12rem" value={listName} onChange={(e) => setListName(e.target.value)} />
        </Field.Root>
        <Button size="sm" variant="outline" onClick={() => void saveList()} disabled={!listName.trim() || (!parsed.eans.length && !parsed.articles.length)}>
          {t('reportAnalytics.products.saveList')}
        </Button>
      </HStack>
    </Stack>
  );
}
