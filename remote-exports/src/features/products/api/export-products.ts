import { apiGet, downloadFile, type QueryParams } from '@pricewatch/shared/api';
import type { ExportFile, Ok, ProductExportQuery } from '@pricewatch/shared/contract';

/** GET /products/export — the server writes an xlsx of the list's rows and answers its name (spec §7). */
export async function exportProducts(query: ProductExportQuery): Promise<ExportFile> {
  return (await apiGet<Ok<ExportFile>>('/products/export', query as QueryParams)).data;
}

/** Export, then download the file (GET /data/{file}) under a readable name. */
export async function exportAndDownloadProducts(query: ProductExportQuery, filename: string): Promise<ExportFile> {
  const file = await exportProducts(query);
  await downloadFile(file.file, `${filename}${file.extension}`);
  return file;
}
