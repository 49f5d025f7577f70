import {
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** What a column tells the table about its cells beyond the value. */
export type DataColumnMeta = {
  /** Figures: right-aligned, tabular digits (prices, counts, percentages). */
  numeric?: boolean;
  /** Cell content may wrap (long names); other cells stay on one line. */
  wrap?: boolean;
  /** A fixed or minimum width, e.g. '8rem'. */
  width?: string;
};

/**
 * The one feature set of every DataTable (TanStack Table v9 registers features as plugins): sorting
 * and paging, each either done by the table on its rows or by the server (manual mode).
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnMeta: {} as DataColumnMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;

/** A column of a DataTable over rows of type T. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumnDef<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** Typed column builders: `const col = dataColumnHelper<Row>(); col.accessor('name', { header: … })`. */
export function dataColumnHelper<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}
