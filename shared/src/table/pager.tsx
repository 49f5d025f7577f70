import { useId } from 'react';
import { Flex, HStack, IconButton, NativeSelect, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../format/money';

export type PagerProps = {
  /** Zero-based page. */
  pageIndex: number;
  pageSize: number;
  /** Rows in all pages. */
  total: number;
  onPageChange: (pageIndex: number) => void;
  /** With it, a rows-per-page choice of `pageSizes`. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Accessible name of the navigation, e.g. "Products pages". */
  label?: string;
};

const ChevronLeft = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
    <path d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
const ChevronRight = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
    <path d="M9 18l6-6-6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * Paging controls under a table: "31–60 of 2,345", previous / next and the page size. Works the same
 * for pages the server cuts (limit/skip) and pages a DataTable cuts from its own rows.
 */
export function Pager({ pageIndex, pageSize, total, onPageChange, onPageSizeChange, pageSizes = [30, 50, 100], label }: PagerProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <Flex as="nav" aria-label={label ?? t('table.pages')} align="center" justify="space-between" gap="4" wrap="wrap" pt="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" fontVariantNumeric="tabular-nums">
        {t('table.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </Text>
      <HStack gap="4" wrap="wrap">
        {onPageSizeChange && (
          <HStack gap="2">
            <chakra.label htmlFor={sizeId} fontSize="sm" color="fg.muted" whiteSpace="nowrap">
              {t('table.rowsPerPage')}
            </chakra.label>
            <NativeSelect.Root size="xs" width="auto" flexShrink={0}>
              <NativeSelect.Field id={sizeId} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        )}
        <HStack gap="1">
          <IconButton aria-label={t('table.previousPage')} size="xs" variant="outline" disabled={pageIndex <= 0} onClick={() => onPageChange(pageIndex - 1)}>
            <ChevronLeft />
          </IconButton>
          <Text fontSize="sm" minW="6rem" textAlign="center" fontVariantNumeric="tabular-nums">
            {t('table.pageOf', { page: number.format(pageIndex + 1), pages: number.format(pages) })}
          </Text>
          <IconButton
            aria-label={t('table.nextPage')}
            size="xs"
            variant="outline"
            disabled={pageIndex + 1 >= pages}
            onClick={() => onPageChange(pageIndex + 1)}
          >
            <ChevronRight />
          </IconButton>
        </HStack>
      </HStack>
    </Flex>
  );
}
