import { useEffect, useState } from 'react';
import { Box, Button, Flex, Input, Stack, Tag, Text } from '@chakra-ui/react';
import type { ProductListItem } from '@pricewatch/shared/contract';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { searchProducts } from '../api/catalogue';

export type PickedProduct = { _id: string; name: string; ean: string | null };

/**
 * Finds products by name, EAN or article (the catalogue's search) and picks one (`single`) or several.
 */
export function ProductPicker({ picked, onChange, single, id }: { picked: PickedProduct[]; onChange: (p: PickedProduct[]) => void; single?: boolean; id: string }) {
  const { t } = useAlarmsTranslation();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ProductListItem[]>([]);
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    if (text.trim().length < 2) {
      setResults([]);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(() => {
      searchProducts(text)
        .then((r) => current && setResults(r))
        .catch(() => current && setResults([]))
        .finally(() => current && setSearching(false));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  const pick = (p: ProductListItem) => {
    const item = { _id: p._id, name: p.name, ean: p.ean };
    onChange(single ? [item] : picked.some((x) => x._id === p._id) ? picked : [...picked, item]);
    if (single) setText('');
  };
  return (
    <Box>
      {picked.length > 0 && (
        <Flex gap="1" wrap="wrap" mb="2" data-testid="picked-products">
          {picked.map((p) => (
            <Tag.Root key={p._id} size="md">
              <Tag.Label>
                {p.name}
                {p.ean ? ` · ${p.ean}` : ''}
              </Tag.Label>
              {!single && (
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={t('form.removeProduct', { name: p.name })} onClick={() => onChange(picked.filter((x) => x._id !== p._id))} />
                </Tag.EndElement>
              )}
            </Tag.Root>
          ))}
        </Flex>
      )}
      <Input id={id} size="sm" placeholder={t('form.searchProduct')} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      {(results.length > 0 || searching) && (
        <Stack gap="0" mt="1" borderWidth="1px" borderRadius="md" maxH="200px" overflowY="auto" role="listbox" aria-label={t('form.productResults')}>
          {searching && !results.length && (
            <Text fontSize="sm" p="2" color="fg.muted">
              {t('loading')}
            </Text>
          )}
          {results.map((p) => (
            <Button key={p._id} role="option" aria-selected={picked.some((x) => x._id === p._id)} variant="ghost" size="sm" justifyContent="flex-start" fontWeight="normal" onClick={() => pick(p)}>
              {p.name}
              <Text as="span" color="fg.muted" ms="2">
                {p.ean ?? p.article ?? ''}
              </Text>
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}
