import { useState, type ReactNode } from 'react';
import { Box, Table, chakra } from '@chakra-ui/react';
import { useTable, type PaginationState, type RowData, type SortingState } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { dataTableFeatures, type DataColumnDef } from './features';
import { Pager } from './pager';

export type DataTableProps<T extends RowData> = {
  /** Stable (module constant or memo): a new array re-builds every row. */
  columns: DataColumnDef<T>[];
  /** Stable too, for the same reason. */
  data: T[];
  /** The table's accessible name. */
  label: string;
  getRowId?: (row: T, index: number) => string;
  /**
   * Sorting done by the server: the current sort and where a header click goes. Without these the
   * table sorts its own rows, starting from `initialSorting`.
   */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  initialSorting?: SortingState;
  /** The table cuts its rows into pages of this size, with a pager under it. */
  pageSize?: number;
  /** Rows to stand out (e.g. the cheapest price): tinted, with `data-highlighted`. */
  isHighlighted?: (row: T) => boolean;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** A new page or sort is on its way: the rows dim and the table says it is busy. */
  busy?: boolean;
  size?: 'sm' | 'md';
  /** Keeps the header row in view while the body scrolls (give the table a maxH). */
  maxH?: string;
};

const SortIcon = ({ direction }: { direction: false | 'asc' | 'desc' }) => (
  <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" style={{ flex: 'none', opacity: direction ? 1 : 0.35 }}>
    {direction !== 'desc' && <path d="M6 1.5 9.5 5h-7z" fill="currentColor" />}
    {direction !== 'asc' && <path d="M6 10.5 2.5 7h7z" fill="currentColor" />}
  </svg>
);

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * Phones (below `md`): a table wider than the screen scrolls sideways inside its box, and the column
 * that names the row stays at the start edge while it does, so a price far right is still read against
 * its product. That column is at most 40 % of the screen and wraps; from `md` up nothing changes.
 */
const stickyCell = (bg: string, width: string | undefined, whiteSpace: 'normal' | 'nowrap', zIndex: string, header = false) => ({
  position: { base: 'sticky', md: 'static' },
  insetInlineStart: { base: '0', md: 'auto' },
  zIndex: { base: zIndex, md: 'auto' },
  bg: { base: bg, md: 'transparent' },
  boxShadow: { base: 'inset -1px 0 0 var(--chakra-colors-border)', md: 'none' },
  maxW: { base: '40vw', md: 'none' },
  minW: { base: width ? `min(${width}, 40vw)` : undefined, md: width },
  whiteSpace: { base: 'normal', md: whiteSpace },
  // A name wider than the column's 40 % (a URL, a long compound word) breaks rather than widen it; a word
  // that fits stays whole (with 'anywhere' the column shrank below its words: 'operato|r', 'netadmi|n'),
  // and a header word never breaks.
  overflowWrap: { base: header ? 'normal' : 'break-word', md: 'normal' },
});

/**
 * The product's one data table (TanStack Table v9 + Chakra): sortable headers announced with
 * aria-sort, right-aligned tabular figures for `meta.numeric` columns, optional client paging, an
 * empty state, highlighted rows. Server-driven sorting and paging plug in through `sorting` and
 * <Pager>.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  label,
  getRowId,
  sorting,
  onSortingChange,
  initialSorting = [],
  pageSize,
  isHighlighted,
  empty,
  busy = false,
  size = 'sm',
  maxH,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const serverSorted = onSortingChange !== undefined;
  const [ownSorting, setOwnSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: pageSize ?? 30 });
  const currentSorting = serverSorted ? (sorting ?? []) : ownSorting;

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting: currentSorting, pagination },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(currentSorting) : updater;
      if (serverSorted) onSortingChange(next);
      else setOwnSorting(next);
    },
    onPaginationChange: setPagination,
    manualSorting: serverSorted,
    // Without a page size the rows are shown as given (the server pages them, or there are few).
    manualPagination: pageSize === undefined,
    enableSortingRemoval: false,
    autoResetPageIndex: true,
  });

  const rows = table.getRowModel().rows;
  const leafColumns = table.getAllLeafColumns();
  const columnCount = leafColumns.length;
  // The column that names a row: the first with a value (a selection or actions column has none).
  const namingColumn = leafColumns.find((c) => c.accessorFn !== undefined)?.id;

  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg" maxH={maxH}>
        <Table.Root size={size} stickyHeader={!!maxH} aria-label={label} aria-busy={busy || undefined} interactive>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.muted">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const canSort = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const sticky = header.column.id === namingColumn ? stickyCell('bg.muted', meta?.width, 'normal', '2', true) : undefined;
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      colSpan={header.colSpan}
                      textAlign={meta?.numeric ? 'end' : 'start'}
                      minW={meta?.width}
                      // Long headers (ru, ua) wrap between words rather than widen the table past its
                      // box; a word itself never breaks (issue 18).
                      whiteSpace="normal"
                      overflowWrap="normal"
                      verticalAlign="bottom"
                      fontSize="xs"
                      textTransform="uppercase"
                      letterSpacing="wide"
                      color="fg.muted"
                      aria-sort={canSort ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                      {...sticky}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <chakra.button
                          type="button"
                          display="inline-flex"
                          alignItems="center"
                          gap="1"
                          flexDirection={meta?.numeric ? 'row-reverse' : 'row'}
                          textAlign={meta?.numeric ? 'end' : 'start'}
                          textTransform="inherit"
                          letterSpacing="inherit"
                          fontWeight="inherit"
                          color={direction ? 'fg' : 'inherit'}
                          cursor="pointer"
                          _hover={{ color: 'fg' }}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={direction} />
                        </chakra.button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body opacity={busy ? 0.55 : 1} transition="opacity 0.15s">
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} textAlign="center" color="fg.muted" py="8">
                  {empty ?? t('table.noRows')}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row) => {
                const highlighted = isHighlighted?.(row.original) ?? false;
                return (
                  <Table.Row key={row.id} data-highlighted={highlighted || undefined} bg={highlighted ? 'green.subtle' : undefined}>
                    {row.getAllCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const sticky =
                        cell.column.id === namingColumn
                          ? stickyCell(highlighted ? 'green.subtle' : 'bg', meta?.width, meta?.wrap ? 'normal' : 'nowrap', '1')
                          : undefined;
                      return (
                        <Table.Cell
                          key={cell.id}
                          textAlign={meta?.numeric ? 'end' : 'start'}
                          fontVariantNumeric={meta?.numeric ? 'tabular-nums' : undefined}
                          whiteSpace={meta?.wrap ? 'normal' : 'nowrap'}
                          minW={meta?.width}
                          {...sticky}
                        >
                          <table.FlexRender cell={cell} />
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pageSize !== undefined && data.length > pageSize && (
        <Pager
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          total={data.length}
          onPageChange={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
          label={t('table.pagesOf', { name: label })}
        />
      )}
    </Box>
  );
}
