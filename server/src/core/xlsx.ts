/**
 * Streaming xlsx writing (exceljs WorkbookWriter without styles or shared strings): rows go to disk
 * as they come, so a 100k-row export stays in bounded memory.
 */
export type XlsxColumn = { header: string; key: string; width?: number };

export async function writeXlsx(file: string, sheetName: string, columns: XlsxColumn[], rows: AsyncIterable<Record<string, unknown>[]>): Promise<number> {
  // Loaded here, not at every app start: exceljs is ~0.5 s of each server test file's import.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 14 }));
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      sheet.addRow(row).commit();
      count++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
