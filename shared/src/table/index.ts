export { DataTable } from './data-table';
export type { DataTableProps } from './data-table';
export { Pager } from './pager';
export type { PagerProps } from './pager';
export { dataColumnHelper } from './features';
export type { DataColumnDef, DataColumnMeta, DataTableFeatures } from './features';
export type { SortingState, ColumnSort, RowData } from '@tanstack/react-table';
