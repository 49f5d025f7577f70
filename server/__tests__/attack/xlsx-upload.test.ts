/**
 * An uploaded xlsx is read exactly as its checks judged it (issue 13 item 9). The checks (upload.ts
 * checkXlsx) follow the zip's central directory; exceljs's streaming reader walks the local headers in
 * order. An entry in front that the directory does not list used to be read unchecked: a 1.5 MB upload
 * holding ~600 MB of shared strings took the server from 0.7 to 2.3 GB for half a minute.
 */
import ExcelJS from 'exceljs';
import { readSheet } from '../../src/areas/alarms/upload';
import { localEntry, withHiddenEntry } from '../helpers/zip-tricks';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const REQUIRED = [['ean'], ['rule']];
const sheetXml = (rows: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`);
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('xlsx uploads: what is read is what was checked', () => {
  it('reads the sheet the central directory lists, not one hidden in front of it', async () => {
    const real = await xlsx([['ean', 'rule'], ['4820000000001', 'below']]);
    const hidden = sheetXml(`<row r="1">${inline('A1', 'ean')}${inline('B1', 'rule')}</row><row r="2">${inline('A2', 'HIDDEN')}${inline('B2', 'above')}</row>`);
    const rows = await readSheet(withHiddenEntry(real, localEntry('xl/worksheets/sheet1.xml', hidden)), REQUIRED);
    expect(rows.map((r) => r.cells)).toEqual([{ ean: '4820000000001', rule: 'below' }]);
  });

  it('never unpacks a hidden entry past the limits (shared strings far over the unpacked cap)', async () => {
    const real = await xlsx([['ean', 'rule'], ['4820000000001', 'below']]);
    // ~58 MB of shared strings (over the 40 MB cap of the whole file), deflated to ~60 KB.
    const strings = Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>aaaaaaaaaaaaaaaa</t></si>'.repeat(2_000_000)}</sst>`);
    const before = process.memoryUsage().rss;
    const rows = await readSheet(withHiddenEntry(real, localEntry('xl/sharedStrings.xml', strings)), REQUIRED);
    expect(rows.map((r) => r.cells)).toEqual([{ ean: '4820000000001', rule: 'below' }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});
