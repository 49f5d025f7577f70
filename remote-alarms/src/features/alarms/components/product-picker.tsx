import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Button, Flex, Input, Stack, Tag, Text } from '@chakra-ui/react';
import type { ProductListItem } from '@pricewatch/shared/contract';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { searchProducts } from '../api/catalogue';

export type PickedProduct = { _id: string; name: string; ean: string | null };

/**
 * Finds products by name, EAN or article (the catalogue's search) and picks one (`single`) or several.
 * A combobox (WAI-ARIA pattern): the text box keeps the focus, the arrows move through the results and
 * Enter picks one, so the keyboard alone picks a product and Tab goes on to the next field.
 */
export function ProductPicker({
  picked,
  onChange,
  single,
  id,
}: {
  picked: PickedProduct[];
  onChange: (p: PickedProduct[]) => void;
  single?: boolean;
  id: string;
}) {
  const { t } = useAlarmsTranslation();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ProductListItem[]>([]);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-result-${i}`;
  useEffect(() => {
    if (text.trim().length < 2) {
      setResults([]);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(() => {
      searchProducts(text)
        .then((r) => {
          if (!current) return;
          setResults(r);
          setActive(-1);
        })
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
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!results.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(results.length - 1, Math.max(0, i + step)));
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      event.preventDefault();
      pick(results[active]);
    }
  };
  const open = results.length > 0 || searching;
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
      <Input
        id={id}
        size="sm"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={active >= 0 && results[active] ? optionId(active) : undefined}
        placeholder={t('form.searchProduct')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Stack
          id={listId}
          gap="0"
          mt="1"
          borderWidth="1px"
          borderRadius="md"
          maxH="200px"
          overflowY="auto"
          role="listbox"
          aria-label={t('form.productResults')}
        >
          {searching && !results.length && (
            <Text fontSize="sm" p="2" color="fg.muted">
              {t('loading')}
            </Text>
          )}
          {results.map((p, i) => (
            <Button
              key={p._id}
              id={optionId(i)}
              role="option"
              // Reached with the arrows from the text box, not with Tab (one stop for the whole list).
              tabIndex={-1}
              aria-selected={i === active}
              data-active={i === active || undefined}
              ref={i === active ? (el: HTMLButtonElement | null) => el?.scrollIntoView?.({ block: 'nearest' }) : undefined}
              variant="ghost"
              size="sm"
              justifyContent="flex-start"
              fontWeight="normal"
              // A long name wraps rather than hiding its EAN on a phone.
              whiteSpace="normal"
              textAlign="start"
              h="auto"
              py="1.5"
              bg={i === active ? 'brand.subtle' : undefined}
              outline={i === active ? '2px solid' : undefined}
              outlineColor={i === active ? 'brand.focusRing' : undefined}
              outlineOffset="-2px"
              onClick={() => pick(p)}
            >
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
