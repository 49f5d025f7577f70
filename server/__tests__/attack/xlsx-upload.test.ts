/**
 * An uploaded xlsx is read exactly as its checks judged it (issue 13 item 9). The checks (upload.ts
 * checkXlsx) follow the zip's central directory; exceljs's streaming reader walks the local headers in
 * order. An entry in front that the directory does not list used to be read unchecked: a 1.5 MB upload
 * holding ~600 MB of shared strings took the server from 0.7 to 2.3 GB for half a minute.
 * @one-database: the xlsx reader's limits on an upload; the database is not its subject.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { readSheet } from '../../src/areas/alarms/upload';
import { build, loginAs } from '../helpers/build';
import { localEntry, withHiddenEntry, xlsxWithSheet } from '../helpers/zip-tricks';
import { upload } from '../areas/alarms/helpers';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const REQUIRED = [['ean'], ['rule']];
const sheetXml = (rows: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  );
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('xlsx uploads: what is read is what was checked', () => {
  it('reads the sheet the central directory lists, not one hidden in front of it', async () => {
    const real = await xlsx([
      ['ean', 'rule'],
      ['4820000000001', 'below'],
    ]);
    const hidden = sheetXml(`<row r="1">${inline('A1', 'ean')}${inline('B1', 'rule')}</row><row r="2">${inline('A2', 'HIDDEN')}${inline('B2', 'above')}</row>`);
    const rows = await readSheet(withHiddenEntry(real, localEntry('xl/worksheets/sheet1.xml', hidden)), REQUIRED);
    expect(rows.map((r) => r.cells)).toEqual([{ ean: '4820000000001', rule: 'below' }]);
  });

  it('never unpacks a hidden entry past the limits (shared strings far over the unpacked cap)', async () => {
    const real = await xlsx([
      ['ean', 'rule'],
      ['4820000000001', 'below'],
    ]);
    // ~58 MB of shared strings (over the 40 MB cap of the whole file), deflated to ~60 KB.
    const strings = Buffer.from(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>aaaaaaaaaaaaaaaa</t></si>'.repeat(2_000_000)}</sst>`,
    );
    const before = process.memoryUsage().rss;
    const rows = await readSheet(withHiddenEntry(real, localEntry('xl/sharedStrings.xml', strings)), REQUIRED);
    expect(rows.map((r) => r.cells)).toEqual([{ ean: '4820000000001', rule: 'below' }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

const withSheetXml = async (rows: string) => xlsxWithSheet(sheetXml(rows));

describe('xlsx uploads: small files that unpack into a lot of work', () => {
  const HEADER = `<row r="1">${inline('A1', 'ean')}${inline('B1', 'rule')}</row>`;

  it('refuses XML nested two million levels deep (15 KB that took ~700 MB to parse)', async () => {
    const deep = await withSheetXml(`${HEADER}<row r="2"><c r="A2" t="inlineStr"><is>${'<r>'.repeat(2_000_000)}${'</r>'.repeat(2_000_000)}</is></c></row>`);
    expect(deep.length).toBeLessThan(100_000);
    await expect(readSheet(deep, REQUIRED)).rejects.toMatchObject({ statusCode: 400, fields: [{ path: 'file', message: 'not_xlsx' }] });
  });

  it('refuses a tag with a million attributes (11 MB that took ~240 MB to parse)', async () => {
    const attrs = Array.from({ length: 1_000_000 }, (_, i) => `a${i}="1"`).join(' ');
    const wide = await withSheetXml(`${HEADER}<row r="2"><c r="A2" ${attrs}/></row>`);
    await expect(readSheet(wide, REQUIRED)).rejects.toMatchObject({ statusCode: 400, fields: [{ path: 'file', message: 'not_xlsx' }] });
  });

  it('still reads a quote or a slash inside attribute values', async () => {
    const odd = await withSheetXml(`${HEADER}<row r="2" x='a>"/>b' y="/>"><c r="A2" t="inlineStr"><is><t>1/2&gt;</t></is></c>${inline('B2', 'below')}</row>`);
    expect((await readSheet(odd, REQUIRED)).map((r) => r.cells)).toEqual([{ ean: '1/2>', rule: 'below' }]);
  });
});

describe('xlsx uploads over HTTP', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('one 1 MB shared string in every one of 5000 rows: 400/200, never 500, and no cell echoed whole', async () => {
    const big = '9'.repeat(1_000_000);
    const data = await xlsx([['ean', 'rule'], ...Array.from({ length: 5000 }, () => [big, 'below'])]);
    expect(data.length).toBeLessThan(200_000);
    const session = await loginAs(app, 'ashan');
    const shops = (await app.inject({ method: 'GET', url: '/shops', query: { token: session.token } })).json().data;
    const res = await upload(app, session, '/price-alarms/import', { shops: String(shops[0]._id), preview: 'true' }, { name: 'big.xlsx', data });
    expect([200, 400]).toContain(res.statusCode);
    expect(res.body.length).toBeLessThan(5_000_000);
  });
});
