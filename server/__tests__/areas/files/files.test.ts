/**
 * @one-database: file downloads by name and permission (the files folder); the database only records the files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { exportFileResponseSchema } from '@pricewatch/shared/contract';
import { createFileStore, downloadName, filesDirFor } from '../../../src/core/file-store';
import { build, loginAs, TEST_DEMO_PRODUCTS } from '../../helpers/build';
import { addFixtures, callerFor, FIXTURES, type Caller, type Fixtures } from '../../helpers/catalogue';

let app: FastifyInstance;
let fx: Fixtures;
const as: Record<string, Caller> = {};
beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  for (const u of ['admin', 'operator', 'analyst', 'netadmin', 'ashan']) as[u] = callerFor(app, await loginAs(app, u));
});
afterAll(() => app.close());

const exportAs = async (user: string, query = '') => {
  const res = await as[user]!('GET', `/products/export${query}`);
  expect(res.statusCode).toBe(200);
  return exportFileResponseSchema.parse(res.json()).data;
};

const download = (user: string, file: string, filename?: string) =>
  as[user]!('GET', `/data/${encodeURIComponent(file)}${filename ? `?filename=${encodeURIComponent(filename)}` : ''}`);

const readSheet = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
};

describe('GET /products/export and GET /data/{file}', () => {
  it('writes an xlsx of the filtered list that opens with exceljs and holds its rows', async () => {
    const file = await exportAs('admin', `?search=${encodeURIComponent(FIXTURES.cocoa.ean)}`);
    expect(file.extension).toBe('.xlsx');
    expect(file.file).toMatch(/^products-\d{8}-[0-9a-f]{24}\.xlsx$/);
    expect(file.rows).toBe(1);
    const res = await download('admin', file.file, 'Cocoa prices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Cocoa prices.xlsx"; filename*=UTF-8''Cocoa%20prices.xlsx`);
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Products');
    expect(rows[0]).toEqual([
      'Id',
      'Article',
      'EAN',
      'Name',
      'Brand',
      'Section',
      'Category',
      'Weight',
      'Unit',
      'Country',
      'Shops',
      'Min price',
      'Max price',
      'Currency',
      'On promo',
    ]);
    expect(rows[1]).toEqual(
      [fx.cocoa, '999001', FIXTURES.cocoa.ean, FIXTURES.cocoa.name, 'Madeta', 'Grocery', undefined, 250, 'g', 'cz', 4, 90, 110, 'CZK', 0].map((v) => v),
    );
  });

  it('exports every product without filters, names the download after the stored file by default', async () => {
    const file = await exportAs('analyst');
    expect(file.rows).toBe(TEST_DEMO_PRODUCTS + 2);
    const res = await download('analyst', file.file);
    expect(res.headers['content-disposition']).toContain(`filename="${file.file}"`);
    const { rows } = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(TEST_DEMO_PRODUCTS + 3);
  });

  it("refuses another network's file, lets provider users share provider files", async () => {
    const analystFile = await exportAs('analyst', '?country=cz');
    expect((await download('netadmin', analystFile.file)).statusCode).toBe(403);
    expect((await download('ashan', analystFile.file)).json().error.code).toBe('forbidden');
    expect((await download('admin', analystFile.file)).statusCode).toBe(403);
    const adminFile = await exportAs('admin', '?country=pl');
    expect((await download('operator', adminFile.file)).statusCode).toBe(200);
    expect((await download('analyst', adminFile.file)).statusCode).toBe(403);
  });

  it('refuses names that leave the files folder (400) and answers 404 for a missing file', async () => {
    for (const name of ['../../etc/passwd', '..', '..%2F..%2Fetc%2Fpasswd', 'a/b.xlsx', '.hidden', 'x\\..\\y.xlsx']) {
      const res = await as.admin!('GET', `/data/${encodeURIComponent(name)}`);
      expect([400, 404]).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json().error.code).toBe('route_not_found');
      else expect(res.json().error.code).toBe('validation_failed');
    }
    expect((await as.admin!('GET', `/data/${encodeURIComponent('../../etc/passwd')}`)).statusCode).toBe(400);
    const missing = await as.admin!('GET', '/data/products-20260101-000000000000000000000000.xlsx');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('answers 404 when the recorded file is gone, and never serves an unrecorded one', async () => {
    const store = createFileStore(app.db, filesDirFor('memory://'));
    mkdirSync(store.folder, { recursive: true });
    writeFileSync(store.pathOf('stray-file.xlsx'), 'not recorded');
    expect((await as.admin!('GET', '/data/stray-file.xlsx')).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const file = await exportAs('admin', '?country=ge');
    expect((await app.inject({ method: 'GET', url: `/data/${file.file}` })).statusCode).toBe(401);
  });

  it('cleans the download name', () => {
    expect(downloadName('products-1.xlsx', undefined)).toBe('products-1.xlsx');
    expect(downloadName('products-1.xlsx', '../../evil')).toBe('evil.xlsx');
    expect(downloadName('products-1.xlsx', 'Ceny "mléka".xlsx')).toBe('Ceny _mléka_.xlsx');
  });
});
