import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { addFixtures, FIXTURES, type Fixtures } from '../../helpers/catalogue';
import { ALARM_LIMITS } from '@pricewatch/shared/contract';
import { IMPORT_CONCURRENCY, IMPORT_QUEUE } from '../../../src/areas/alarms/upload';
import { caller, multipart, upload, type Call } from './helpers';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip written by hand: entries deflated, sizes in the headers as given (so they can lie). */
function zip(entries: { name: string; data: Buffer; claimedSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.claimedSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(cd, name);
    offset += 30 + name.length + packed.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBuf, end]);
}

const bombEntries = (claimed?: number) => [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(80 * 1024 * 1024), claimedSize: claimed },
];

const sheetOf = (bytes: number, claimed?: number) => [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(bytes, 0x20), claimedSize: claimed },
];

describe('alarm import and export (xlsx)', () => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let session: Session;
  let ashan: Call;
  let shops: string;
  let own: number;

  beforeAll(async () => {
    app = await build();
    fx = await addFixtures(app);
    session = await loginAs(app, 'ashan');
    ashan = caller(app, session);
    shops = `${fx.shop('atb-kyi-obolon')},${fx.shop('silpo-kyi-pechersk')}`;
    own = fx.shop('auchan-kyi-petrivka');
  });
  afterAll(() => app.close());

  const total = async () => body(await ashan('GET', '/price-alarms/get/all')).data.total as number;
  const importPrice = (fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) =>
    upload(app, session, '/price-alarms/import', fields, file);
  const fileError = (res: { statusCode: number; json(): any }) => [res.statusCode, res.json().error.fields?.[0]?.path, res.json().error.fields?.[0]?.message];

  it('previews accepted and rejected rows with reasons, saves nothing; then saves the accepted ones', async () => {
    const data = await xlsx([
      ['ean', 'rule', 'value'],
      [FIXTURES.buckwheat.ean, 'below', 44.5],
      [FIXTURES.cocoa.ean, 'Promo start', ''],
      ['4000000000000', 'below', 10],
      [FIXTURES.buckwheat.ean, 'diff_pct', -5],
      [FIXTURES.buckwheat.ean, 'whenever', 1],
      [FIXTURES.buckwheat.ean, 'diff_pct', '12,5%'],
    ]);
    const before = await total();
    const preview = await importPrice(
      { shops, originalShopId: String(own), start: '01/01/2026', end: '12/31/2030', isPromoAdded: 'false', preview: 'true' },
      { name: 'alarms.xlsx', data },
    );
    expect(preview.statusCode).toBe(200);
    const p = body(preview).data;
    expect(p.preview).toBe(true);
    expect(p.created).toBe(0);
    expect(p.accepted.map((r: { row: number }) => r.row)).toEqual([2, 3, 7]);
    expect(p.accepted[0]).toMatchObject({ productId: String(fx.buckwheat), rule: 'below', value: 44.5 });
    expect(p.accepted[2]).toMatchObject({ rule: 'diff_pct', value: 12.5 });
    expect(p.rejected.map((r: { row: number; reasons: string[] }) => [r.row, r.reasons])).toEqual([
      [4, ['unknown_product']],
      [5, ['negative_value']],
      [6, ['unknown_rule']],
    ]);
    expect(await total()).toBe(before);

    const saved = await importPrice(
      { shops, originalShopId: String(own), start: '01/01/2026', end: '12/31/2030', isPromoAdded: 'false' },
      { name: 'alarms.xlsx', data },
    );
    expect(body(saved).data).toMatchObject({ preview: false, created: 3 });
    expect(await total()).toBe(before + 3);
    const list = body(await ashan('GET', '/price-alarms/get/all?rule=diff_pct')).data.items;
    expect(list[0]).toMatchObject({ value: 12.5, isPromoAdded: false, start: '2026-01-01', end: '2030-12-31', originalShopId: String(own) });
  });

  it('refuses broken files as a whole with a clear reason and saves nothing', async () => {
    const before = await total();
    const good = await xlsx([
      ['ean', 'rule', 'value'],
      [FIXTURES.buckwheat.ean, 'below', 1],
    ]);
    const cases: [Record<string, string>, { name: string; data: Buffer; type?: string } | undefined, (number | string)[]][] = [
      [{ shops }, undefined, [400, 'file', 'file_required']],
      [{ shops }, { name: 'a.xlsx', data: Buffer.alloc(0) }, [400, 'file', 'empty_file']],
      [{ shops }, { name: 'a.xlsx', data: Buffer.from('ean,rule,value\n4820000000017,below,10\n') }, [400, 'file', 'not_xlsx']],
      [{ shops }, { name: 'a.xlsx', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]) }, [400, 'file', 'not_xlsx']],
      [
        { shops },
        {
          name: 'a.xlsx',
          data: await xlsx([
            ['product name', 'price'],
            ['x', 1],
          ]),
        },
        [400, 'file', 'wrong_columns'],
      ],
      [{ shops }, { name: 'a.xlsx', data: await xlsx([['ean', 'rule', 'value']]) }, [400, 'file', 'no_rows']],
      [{ shops }, { name: 'bomb.xlsx', data: zip(bombEntries()) }, [400, 'file', 'xlsx_too_large']],
      // Headers claiming a tiny sheet: the real inflated size stops it all the same.
      [{ shops }, { name: 'liar.xlsx', data: zip(bombEntries(1000)) }, [400, 'file', 'xlsx_too_large']],
      // One sheet just past its own cap, though the whole workbook is under the total (issue 13, item 9).
      [{ shops }, { name: 'one-big-sheet.xlsx', data: zip(sheetOf(ALARM_LIMITS.importMaxEntryBytes + 1)) }, [400, 'file', 'xlsx_too_large']],
      [{ shops }, { name: 'one-big-liar.xlsx', data: zip(sheetOf(ALARM_LIMITS.importMaxEntryBytes + 1, 1000)) }, [400, 'file', 'xlsx_too_large']],
      [{ shops: '999999' }, { name: 'a.xlsx', data: good }, [400, 'shops', 'unknown shop: 999999']],
      [{ shops: '' }, { name: 'a.xlsx', data: good }, [400, 'shops', 'at least one shop']],
      [{ shops, start: '31/12/2026' }, { name: 'a.xlsx', data: good }, [400, 'start', 'expected MM/DD/YYYY']],
    ];
    for (const [fields, file, expected] of cases) {
      const res = await importPrice(fields, file);
      expect([file?.name, ...fileError(res)]).toEqual([file?.name, ...expected]);
    }
    const big = await importPrice({ shops }, { name: 'big.xlsx', data: Buffer.alloc(20 * 1024 * 1024, 1) });
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'payload_too_large']);
    expect(await total()).toBe(before);
  });

  it('many imports at once: a few run, a few wait, the rest get 429 with Retry-After; all others answer', async () => {
    const rows: unknown[][] = [['ean', 'rule', 'value']];
    for (let i = 0; i < 2000; i++) rows.push([FIXTURES.buckwheat.ean, 'below', 1 + (i % 50)]);
    const data = await xlsx(rows);
    const n = IMPORT_CONCURRENCY + IMPORT_QUEUE + 4;
    const answers = await Promise.all(
      Array.from({ length: n }, () => upload(app, session, '/price-alarms/import', { shops, preview: 'true' }, { name: 'many.xlsx', data })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(IMPORT_CONCURRENCY + IMPORT_QUEUE);
    const busy = answers.filter((r) => r.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().error.code).toBe('too_many_requests');
    }
    expect(body(answers.find((r) => r.statusCode === 200)!).data.accepted).toHaveLength(2000);
    // Once they are through, the next import runs at once.
    expect((await upload(app, session, '/price-alarms/import', { shops, preview: 'true' }, { name: 'again.xlsx', data })).statusCode).toBe(200);
  });

  it('answers a broken multipart form with 400, never 500, and saves nothing', async () => {
    const before = await total();
    const good = await xlsx([
      ['ean', 'rule', 'value'],
      [FIXTURES.buckwheat.ean, 'below', 1],
    ]);
    const form = multipart({ shops }, { name: 'a.xlsx', data: good });
    const boundary = form.headers['content-type'].split('boundary=')[1]!;
    const post = (headers: Record<string, string>, payload: Buffer | string) =>
      app.inject({
        method: 'POST',
        url: '/price-alarms/import',
        query: { token: session.token },
        cookies: session.xsrf.cookies,
        headers: { ...session.xsrf.headers, ...headers },
        payload,
      });
    const field = (k: string, v: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    const file = (k: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        good,
        Buffer.from('\r\n'),
      ]);
    const cases: [string, Record<string, string>, Buffer | string, unknown][] = [
      ['truncated body', form.headers, form.payload.subarray(0, form.payload.length - 100), ['body', 'invalid_multipart']],
      ['no boundary', { 'content-type': 'multipart/form-data' }, form.payload, ['body', 'invalid_multipart']],
      ['duplicate shops', form.headers, Buffer.concat([field('shops', shops), form.payload]), ['shops', 'duplicate_field']],
      ['two files', form.headers, Buffer.concat([file('file'), form.payload]), ['file', 'duplicate_field']],
      ['another file', form.headers, Buffer.concat([file('other'), form.payload]), ['other', 'unexpected_file']],
      [
        'text as the file',
        form.headers,
        Buffer.concat([field('file', 'x'), field('shops', shops), Buffer.from(`--${boundary}--\r\n`)]),
        ['file', 'expected_file'],
      ],
    ];
    for (const [what, headers, payload, expected] of cases) {
      const res = await post(headers, payload);
      expect([what, ...fileError(res)]).toEqual([what, 400, ...(expected as string[])]);
    }
    expect(await total()).toBe(before);
  });

  it('imports product alarms grouped by name, rule and value', async () => {
    const data = await xlsx([
      ['name', 'ean', 'rule', 'value'],
      ['Groats', FIXTURES.buckwheat.ean, 'below', 30],
      ['Groats', `$${FIXTURES.cocoa.article}`, 'below', 30],
      ['Stock', FIXTURES.cocoa.ean, 'out_of_stock', ''],
      ['', FIXTURES.cocoa.ean, 'in_stock', ''],
    ]);
    const res = await upload(app, session, '/price-products-alarms/import', { shops }, { name: 'p.xlsx', data });
    const r = body(res).data;
    expect(r.created).toBe(2);
    expect(r.rejected).toEqual([expect.objectContaining({ row: 5, reasons: ['name_required'] })]);
    const list = body(await ashan('GET', '/price-products-alarms/get/all')).data.items;
    const groats = list.find((a: { name: string }) => a.name === 'Groats');
    expect(groats.products.map((p: { _id: string }) => Number(p._id)).sort()).toEqual([fx.buckwheat, fx.cocoa].sort());
  });

  it('exports the alarms to an xlsx that reads back with the same columns as the import', async () => {
    const res = await ashan('POST', '/price-alarms/export');
    expect(res.statusCode).toBe(200);
    const { file, extension, rows } = body(res).data;
    expect(extension).toBe('.xlsx');
    expect(rows).toBe(await total());
    const dl = await app.inject({ method: 'GET', url: `/data/${file}`, query: { token: session.token } });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(['ean', 'article', 'product', 'rule', 'value']);
    expect(sheet.rowCount).toBe(rows + 1);
    const other = await loginAs(app, 'admin');
    expect((await app.inject({ method: 'GET', url: `/data/${file}`, query: { token: other.token } })).statusCode).toBe(403);

    const pe = body(await ashan('POST', '/price-products-alarms/export')).data;
    expect(pe.rows).toBe(3);
  });
});
