import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import type { Currency, LeafletPrice, LeafletPricesPage } from '@pricewatch/shared/contract';
import { LEAFLET_LIMITS } from '@pricewatch/shared/contract';
import { DataTable, Pager, dataColumnHelper, type DataColumnDef } from '@pricewatch/shared/table';
import { ConfirmDialog } from '@pricewatch/shared/ui';
import { deleteLeafletPrice, getLeafletPrices } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useApi } from '@pricewatch/shared/query';

const col = dataColumnHelper<LeafletPrice>();
const SIZE = LEAFLET_LIMITS.pageSizeDefault;

/**
 * The prices of one page picture, 10 at a time from the server (GET …/prices/pageable; the pager shows
 * page N and sends N − 1). Hovering a row highlights its box on the picture and the other way round.
 * Writers get Edit (the price form, prefilled) and Delete (asked first) on each row.
 */
export function PricesPanel({
  leafletId,
  pageId,
  currency,
  version,
  highlightId,
  onHighlight,
  canWrite = false,
  onEdit,
  onDeleted,
}: {
  leafletId: string;
  pageId: string | null;
  currency: Currency;
  version: number;
  highlightId: string | null;
  onHighlight: (id: string | null) => void;
  canWrite?: boolean;
  onEdit?: (price: LeafletPrice) => void;
  /** After a price was deleted: the table, boxes and statistics are asked again. */
  onDeleted?: (price: LeafletPrice) => void;
}) {
  const { t } = useLeafletsTranslation();
  const f = useFormatters();
  const { errorText } = useErrorText();
  /** 1-based, as shown. */
  const [pageNo, setPageNo] = useState(1);
  const [deleting, setDeleting] = useState<LeafletPrice | null>(null);
  const prices = useApi<LeafletPricesPage>(`${leafletId}:${pageId}:${pageNo}:${version}`, () => getLeafletPrices(leafletId, pageNo - 1, SIZE, pageId));

  // A page past the end (prices deleted meanwhile): back to the first page.
  useEffect(() => {
    if (prices.error?.fields?.some((x) => x.path === 'page') && pageNo > 1) setPageNo(1);
  }, [prices.error, pageNo]);

  const columns = useMemo<DataColumnDef<LeafletPrice>[]>(
    () => [
      col.accessor((p) => p.product?.name ?? p.productName, {
        id: 'product',
        header: t('leaflet.product'),
        cell: (c) => (
          // Wide enough for a product's name in a few lines on a phone (its 40 % column, the table scrolling
          // sideways beside it); beside the picture (lg) the panel's table must fit its box.
          <Box data-price-id={c.row.original._id} minW={{ base: '8.5rem', lg: 'auto' }}>
            {/* Whole on a phone (no hover shows a title there); two lines beside the picture on a wide screen. */}
            <Text lineClamp={{ base: 'none', lg: 2 }} title={c.getValue()}>
              {c.getValue()}
            </Text>
            {c.row.original.product ? (
              <Badge size="xs" colorPalette="green" variant="subtle">
                {t('leaflet.matched')}
              </Badge>
            ) : null}
            {c.row.original.source === 'recognised' ? (
              <Badge size="xs" colorPalette="purple" variant="subtle" ms="1">
                {t('leaflet.recognised')}
              </Badge>
            ) : null}
          </Box>
        ),
        meta: { wrap: true },
      }),
      col.accessor('price', { header: t('leaflet.price'), cell: (c) => f.money(c.getValue(), currency), meta: { numeric: true } }),
      col.accessor('oldPrice', { header: t('leaflet.oldPrice'), cell: (c) => f.money(c.getValue(), currency), meta: { numeric: true } }),
      col.accessor('discountPct', { header: t('leaflet.discount'), cell: (c) => f.percent(c.getValue()), meta: { numeric: true } }),
      col.accessor((p) => `${t(`mechanics.${p.mechanics}`)}${p.mechanicsText ? ` · ${p.mechanicsText}` : ''}`, {
        id: 'mechanics',
        header: t('leaflet.mechanics'),
        meta: { wrap: true },
      }),
      ...(canWrite
        ? [
            col.display({
              id: 'actions',
              header: () => t('leaflet.priceActions'),
              cell: ({ row }) => (
                <HStack gap="1">
                  <Button
                    size="2xs"
                    variant="outline"
                    onClick={() => onEdit?.(row.original)}
                    aria-label={t('leaflet.editPriceNamed', { name: row.original.productName })}
                  >
                    {t('leaflet.editPriceShort')}
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => setDeleting(row.original)}
                    aria-label={t('leaflet.deletePriceNamed', { name: row.original.productName })}
                  >
                    {t('leaflet.deletePriceShort')}
                  </Button>
                </HStack>
              ),
            }),
          ]
        : []),
    ],
    [t, f, currency, canWrite, onEdit],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    await deleteLeafletPrice(deleting._id);
    const gone = deleting;
    setDeleting(null);
    onDeleted?.(gone);
  };

  const data = prices.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <Box
      onMouseOver={(e) => {
        const row = (e.target as HTMLElement).closest('tr');
        const id = row?.querySelector('[data-price-id]')?.getAttribute('data-price-id') ?? null;
        if (id !== highlightId) onHighlight(id);
      }}
      onMouseLeave={() => onHighlight(null)}
    >
      {prices.error && !prices.error.fields?.some((x) => x.path === 'page') && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errorText(prices.error)}
        </Text>
      )}
      <DataTable
        columns={columns}
        data={items}
        label={t('leaflet.pricesOfPage')}
        getRowId={(p) => p._id}
        busy={prices.loading}
        isHighlighted={(p) => p._id === highlightId}
        empty={t('leaflet.noPrices')}
      />
      <Pager
        pageIndex={pageNo - 1}
        pageSize={SIZE}
        total={data?.total ?? 0}
        onPageChange={(i) => setPageNo(Math.min(Math.max(1, i + 1), totalPages))}
        label={t('leaflet.pricesPages')}
      />
      <ConfirmDialog
        open={!!deleting}
        size="sm"
        title={t('leaflet.deletePriceTitle')}
        confirmLabel={t('leaflet.deletePriceConfirm')}
        cancelLabel={t('leaflet.cancel')}
        errorText={errorText}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <Text>{t('leaflet.deletePriceQuestion', { name: deleting?.productName ?? '', price: deleting ? f.money(deleting.price, currency) : '' })}</Text>
      </ConfirmDialog>
    </Box>
  );
}
