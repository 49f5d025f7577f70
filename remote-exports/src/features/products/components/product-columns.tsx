import { useMemo } from 'react';
import { Badge, Text } from '@chakra-ui/react';
import type { ProductListItem } from '@pricewatch/shared/contract';
import { dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { ProductLink } from '../../../components/product-link';
import { productSize } from './product-size';

const col = dataColumnHelper<ProductListItem>();

/**
 * The product list's columns. Ids are the server's sort keys (name, ean, article, brand, weight, shops, price);
 * columns the server cannot sort by are not sortable.
 */
export function useProductColumns(): DataColumnDef<ProductListItem>[] {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  return useMemo(
    () =>
      col.columns([
        col.accessor('name', {
          header: t('productList.columns.name'),
          sortFn: 'text',
          meta: { wrap: true, width: '16rem' },
          cell: (c) => <ProductLink id={c.row.original._id} name={c.getValue()} />,
        }),
        col.accessor('ean', {
          header: t('productList.columns.ean'),
          sortFn: 'alphanumeric',
          cell: (c) => (
            <Text as="span" fontFamily="mono" fontSize="xs">
              {c.getValue() ?? '—'}
            </Text>
          ),
        }),
        col.accessor('article', {
          header: t('productList.columns.article'),
          sortFn: 'alphanumeric',
          cell: (c) => (
            <Text as="span" fontFamily="mono" fontSize="xs">
              {c.getValue() ?? '—'}
            </Text>
          ),
        }),
        col.accessor('brand', { header: t('productList.columns.brand'), sortFn: 'text', cell: (c) => c.getValue() ?? '—' }),
        col.accessor('section', { header: t('productList.columns.section'), enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
        col.accessor('weight', {
          header: t('productList.columns.size'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => productSize(c.row.original, t, f),
        }),
        col.accessor('shops', { header: t('productList.columns.shops'), sortFn: 'basic', meta: { numeric: true }, cell: (c) => f.count(c.getValue()) }),
        col.accessor('minPrice', {
          // The server's sort key: the lowest current price, the figure this column starts with.
          id: 'price',
          header: t('productList.columns.price'),
          sortFn: 'basic',
          // Cheapest first (numbers otherwise start descending); the shop count starts with the most.
          sortDescFirst: false,
          meta: { numeric: true, width: '10rem' },
          cell: (c) => {
            const { minPrice, maxPrice, currency } = c.row.original;
            if (minPrice === null || currency === null)
              return (
                <Text as="span" color="fg.muted">
                  {t('productList.noPrice')}
                </Text>
              );
            if (maxPrice === null || maxPrice === minPrice) return f.money(minPrice, currency);
            return t('productList.priceRange', { min: f.money(minPrice, currency), max: f.money(maxPrice, currency) });
          },
        }),
        col.accessor('onPromo', {
          header: t('productList.columns.promo'),
          enableSorting: false,
          meta: { numeric: true },
          cell: (c) =>
            c.getValue() > 0 ? (
              <Badge colorPalette="orange" variant="subtle">
                {f.count(c.getValue())}
              </Badge>
            ) : (
              <Text as="span" color="fg.muted">
                —
              </Text>
            ),
        }),
      ]),
    [t, f],
  );
}
