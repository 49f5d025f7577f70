import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Button, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { apiGet, type QueryParams } from '../api';
import type { ProductListItem } from '../contract/catalogue';
import type { Ok } from '../contract/envelope';
import { parseSearchText } from '../format/search-text';
import { useDebounced } from './use-debounced';

/** GET /products/search with spec §5's rule: digits (optional leading $) are an article and EAN, else a name. */
export async function searchProducts(text: string, limit: number): Promise<ProductListItem[]> {
  const query = parseSearchText(text);
  if (!Object.keys(query).length) return [];
  return (await apiGet<Ok<ProductListItem[]>>('/products/search', { ...query, limit } as QueryParams)).data;
}

/** Typing pauses this long before a search goes out (one request per pause, not per key). */
export const PRODUCT_SEARCH_DELAY_MS = 250;

export type ProductTypeaheadProps = {
  id: string;
  /** The text in the box; with `onTextChange` the form owns it (leaflets: it is the product's name). */
  text?: string;
  onTextChange?: (text: string) => void;
  onPick: (product: ProductListItem) => void;
  /**
   * After a pick: `close` the list (the box keeps the text), `clear` the box, or `keep` the list open
   * to pick more of the same results.
   */
  afterPick?: 'close' | 'clear' | 'keep';
  placeholder?: string;
  /** The name of the list of results. */
  resultsLabel: string;
  /** Shown while the first answer is on its way; the shell's "Loading…" when not given. */
  loadingText?: string;
  /** Said under the box when a search found nothing; without it the list just stays closed. */
  emptyText?: string;
  /** The list floats over what follows (a dense panel) instead of pushing it down. */
  overlay?: boolean;
  limit?: number;
  minChars?: number;
  invalid?: boolean;
  /** The field's problem shown elsewhere (FormField's `{id}-error`). */
  describedBy?: string;
};

/**
 * Finds catalogue products by name, EAN or article and picks one. A combobox (WAI-ARIA pattern): the
 * text box keeps the focus, the arrows move through the results, Enter picks, Escape closes the list,
 * so the keyboard alone picks a product and Tab goes on to the next field. Only text the user typed is
 * searched (a prefilled name is not), after a pause in the typing.
 */
export function ProductTypeahead({
  id,
  text: givenText,
  onTextChange,
  onPick,
  afterPick = 'close',
  placeholder,
  resultsLabel,
  loadingText,
  overlay,
  emptyText,
  limit = 20,
  minChars = 2,
  invalid,
  describedBy,
}: ProductTypeaheadProps) {
  const { t } = useTranslation();
  const [ownText, setOwnText] = useState('');
  const text = givenText ?? ownText;
  const [typed, setTyped] = useState(false);
  const wanted = typed && text.trim().length >= minChars ? text.trim() : '';
  const settled = useDebounced(wanted, PRODUCT_SEARCH_DELAY_MS);
  const [answer, setAnswer] = useState<{ text: string; results: ProductListItem[] } | null>(null);
  const [active, setActive] = useState(-1);
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-result-${i}`;

  useEffect(() => {
    if (!settled) return;
    let current = true;
    searchProducts(settled, limit).then(
      (results) => current && setAnswer({ text: settled, results }),
      () => current && setAnswer({ text: settled, results: [] }),
    );
    return () => {
      current = false;
    };
  }, [settled, limit]);

  // Results only for what the box asks now; older answers wait behind the loading line.
  const results = wanted && answer?.text === settled ? answer.results : [];
  const searching = !!wanted && (settled !== wanted || answer?.text !== settled);
  useEffect(() => setActive(-1), [answer]);

  const setText = (value: string) => {
    setTyped(true);
    if (onTextChange) onTextChange(value);
    else setOwnText(value);
  };
  const pick = (product: ProductListItem) => {
    onPick(product);
    if (afterPick === 'keep') return;
    setTyped(false);
    if (afterPick !== 'clear') return;
    if (onTextChange) onTextChange('');
    else setOwnText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && (results.length || searching)) {
      event.preventDefault();
      event.stopPropagation(); // the list closes, not the dialog around it
      setTyped(false);
      return;
    }
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
  const foundNothing = !!emptyText && !!wanted && !searching && answer?.text === settled && answer.results.length === 0;
  return (
    <Box position={overlay ? 'relative' : undefined}>
      <Input
        id={id}
        size="sm"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={active >= 0 && results[active] ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
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
          aria-label={resultsLabel}
          {...(overlay ? { position: 'absolute', zIndex: 'dropdown', top: '100%', left: '0', right: '0', bg: 'bg', shadow: 'md' } : {})}
        >
          {searching && !results.length && (
            <Text fontSize="sm" p="2" color="fg.muted">
              {loadingText ?? t('common.loading')}
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
      {foundNothing && (
        <Text fontSize="sm" mt="1" color="fg.muted" role="status">
          {emptyText}
        </Text>
      )}
    </Box>
  );
}
