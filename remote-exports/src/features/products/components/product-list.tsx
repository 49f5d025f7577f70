import { useMemo } from 'react';
import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ProductExportQuery, ProductListItem, ProductListQuery, ProductSearchQuery } from '@pricewatch/shared/contract';
import { PAGE_MAX } from '../../../lib/limits';
import { parseSearchText } from '@pricewatch/shared/format';
import { DataTable, Pager, type SortingState } from '@pricewatch/shared/table';
import { EmptyState, LoadingState, PageHeader } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { useProductList } from '../api/get-product-list';
import { useProductSearch } from '../../../lib/catalogue/search-products';
import { PAGE_SIZES, useListParams, type ListParams } from '../hooks/use-list-params';
import { ExportButton } from './export-button';
import { useProductColumns } from './product-columns';
import { ProductFilters } from './product-filters';

const NO_ROWS: ProductListItem[] = [];

const list = (value: string) => (value ? [value] : undefined);

/** The filters both the list and its export send (spec §5 search rule applied by the server). */
function filtersOf(p: ListParams) {
  return {
    ...(p.q ? { search: p.q } : {}),
    ...(p.network ? { networks: list(p.network) } : {}),
    ...(p.shop ? { shops: list(p.shop) } : {}),
    ...(p.brand ? { brands: list(p.brand) } : {}),
    ...(p.section ? { sections: list(p.section) } : {}),
    sort: p.sort,
    order: p.order,
  };
}

/**
 * The product list (route /product): the header's search, filters, server-side sorting and paging,
 * export to Excel. Spec §5: digits with an optional `$` are an article and an EAN at once, looked up
 * exactly by GET /products/search; any other text is a name, searched with the filters through
 * GET /products/list.
 */
export function ProductList() {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const columns = useProductColumns();
  const [params, update] = useListParams();
  const search = useMemo(() => parseSearchText(params.q), [params.q]);
  const byCode = search.ean !== undefined;

  const listQuery: ProductListQuery | null = byCode ? null : { ...filtersOf(params), limit: params.size, skip: (params.page - 1) * params.size };
  const searchQuery: ProductSearchQuery | null = byCode ? { article: search.article, ean: search.ean, limit: PAGE_MAX } : null;
  const exportQuery: ProductExportQuery = byCode ? { search: params.q } : filtersOf(params);

  const listed = useProductList(listQuery);
  const found = useProductSearch(searchQuery);
  const current = byCode ? found : listed;
  const rows = (byCode ? found.data : listed.data?.items) ?? NO_ROWS;
  const total = byCode ? rows.length : (listed.data?.total ?? 0);
  const firstLoad = current.loading && current.data === undefined;
  const sorting: SortingState = [{ id: params.sort, desc: params.order === 'desc' }];

  const description = params.q
    ? byCode
      ? t('productList.searchByCode', { code: search.ean })
      : t('productList.searchByName', { text: params.q })
    : t('productList.description');

  return (
    <Stack gap="5">
      <PageHeader title={t('productList.title')} description={description} actions={<ExportButton query={exportQuery} disabled={total === 0} />} />
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p="4" shadow="xs">
        <ProductFilters value={params} onChange={update} disabled={byCode} />
      </Box>
      <Box>
        <Flex justify="space-between" align="center" mb="2" minH="6">
          <HStack gap="2">
            {!firstLoad && !current.error && (
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {t('productList.found', { total: f.count(total) })}
              </Text>
            )}
            {byCode && <Badge variant="outline">{t('productList.exactLookup')}</Badge>}
          </HStack>
        </Flex>
        {current.error ? (
          <LoadError title={t('productList.loadError')} error={current.error} onRetry={current.reload} />
        ) : firstLoad ? (
          <LoadingState />
        ) : rows.length === 0 ? (
          <Box bg="bg" borderWidth="1px" borderRadius="lg">
            <EmptyState title={t('productList.empty.title')} description={t('productList.empty.description')} />
          </Box>
        ) : (
          <>
            <DataTable
              label={t('productList.tableLabel')}
              columns={columns}
              data={rows}
              getRowId={(row) => row._id}
              busy={current.loading}
              {...(byCode
                ? { pageSize: params.size }
                : {
                    sorting,
                    onSortingChange: (next: SortingState) => {
                      const first = next[0];
                      if (first) update({ sort: first.id as ListParams['sort'], order: first.desc ? 'desc' : 'asc' });
                    },
                  })}
            />
            {!byCode && (
              <Pager
                pageIndex={params.page - 1}
                pageSize={params.size}
                total={total}
                pageSizes={PAGE_SIZES}
                onPageChange={(index) => update({ page: index + 1 })}
                onPageSizeChange={(size) => update({ size })}
                label={t('productList.pages')}
              />
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}
