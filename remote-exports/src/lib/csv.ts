import { saveBlob } from '@pricewatch/shared/api';

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text: a header row, then one line per row; numbers stay plain (no grouping) for spreadsheets. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return lines.join('\r\n');
}

/**
 * Saves a table as CSV (UTF-8 with a BOM so Excel reads Cyrillic right). Used where the contract has
 * no server export: the analytics tables.
 */
export function downloadCsv<T>(filename: string, columns: CsvColumn<T>[], rows: T[]): void {
  saveBlob(new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
