import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import type { Product, SimilarProduct } from '@pricewatch/shared/contract';
import { DataTable, dataColumnHelper } from '@pricewatch/shared/table';
import { LoadingState } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { useSimilarProducts } from '../api/get-similar-products';
import { ProductLink } from '../../../components/product-link';
import { productSize } from './product-size';

const col = dataColumnHelper<SimilarProduct>();

/** Catalogue products like this one (name, brand, section, size), each linking to its card. */
export function SimilarProducts({ product }: { product: Product }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const similar = useSimilarProducts(product);
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('name', {
          header: t('productCard.similar.columns.name'),
          sortFn: 'text',
          meta: { wrap: true, width: '16rem' },
          cell: (c) => <ProductLink id={c.row.original._id} name={c.getValue()} />,
        }),
        col.accessor('brand', { header: t('productCard.similar.columns.brand'), sortFn: 'text', cell: (c) => c.getValue() ?? '—' }),
        col.accessor('weight', {
          header: t('productCard.similar.columns.size'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => productSize(c.row.original, t, f),
        }),
        col.accessor((r) => r.price ?? undefined, {
          id: 'price',
          header: t('productCard.similar.columns.price'),
          sortFn: 'basic',
          sortUndefined: 'last',
          meta: { numeric: true },
          cell: (c) => {
            const { price, currency } = c.row.original;
            return price === null || currency === null ? (
              <Text as="span" color="fg.muted">
                —
              </Text>
            ) : (
              f.money(price, currency)
            );
          },
        }),
        col.accessor('score', {
          header: t('productCard.similar.columns.score'),
          sortFn: 'basic',
          meta: { numeric: true },
          cell: (c) => f.percent(c.getValue() * 100),
        }),
      ]),
    [t, f],
  );
  return (
    <Panel title={t('productCard.similar.title')} description={t('productCard.similar.description')} headingId="similar-products">
      {similar.error ? (
        <LoadError title={t('productCard.similar.loadError')} error={similar.error} onRetry={similar.reload} />
      ) : !similar.data ? (
        <LoadingState />
      ) : (
        <DataTable
          label={t('productCard.similar.tableLabel')}
          columns={columns}
          data={similar.data}
          getRowId={(r) => r._id}
          initialSorting={[{ id: 'score', desc: true }]}
          empty={t('productCard.similar.none')}
        />
      )}
    </Panel>
  );
}
