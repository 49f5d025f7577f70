/**
 * The first requests after a start that need a heavy module (the OpenAPI reference, exceljs for alarm
 * exports, imports and export files, tesseract for leaflet recognition), all at once: with those modules
 * loaded on first use rather than at start (issue: npm test's time), ten callers arriving together must
 * each get a correct answer — none may see a half-loaded module, a 5xx or a hang. Everything is sent in
 * the first tick after the app is ready. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { renderLeafletPage } from '../../src/ocr/leaflet-page';
import { build, loginAs, type Session } from '../helpers/build';
import { addFixtures, callerFor, us, type Caller, type Fixtures } from '../helpers/catalogue';
import { upload } from '../areas/alarms/helpers';
import { postForm } from '../areas/leaflets/helpers';
import { settled, sheetsOf } from '../areas/exports/helpers';
import { pollUntil } from '../helpers/until';

const TIMES = 10;
const PAGES = 3;

let app: FastifyInstance;
let fx: Fixtures;
let ashanSession: Session;
let ashan: Caller;
let analystSession: Session;
let analyst: Caller;
let leafletId: string;
let importFile: Buffer;
let pictures: Buffer[];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const json = (res: LightMyRequestResponse) => res.json() as { success: boolean; data: any };

beforeAll(async () => {
  // Everything the requests need is made first, through the database and the test's own modules only,
  // so the first request that needs a heavy module in the app is one of those sent together below.
  [importFile, pictures] = await Promise.all([
    xlsx([
      ['ean', 'rule', 'value'],
      ['$4829999000021', 'below', '10'],
    ]),
    Promise.all(
      Array.from({ length: PAGES }, (_, i) =>
        renderLeafletPage({
          seed: 20 + i,
          items: [{ name: 'Bananas 1 kg', price: 27.9 + i, oldPrice: null, mechanicsText: null }],
          columns: 1,
          rows: 1,
          width: 800,
        }).then((p) => p.png),
      ),
    ),
  ]);
  app = await build();
  fx = await addFixtures(app);
  ashanSession = await loginAs(app, 'ashan');
  ashan = callerFor(app, ashanSession);
  analystSession = await loginAs(app, 'analyst');
  analyst = callerFor(app, analystSession);
  const created = await analyst('POST', '/leaflets/create', { name: 'Lazy OCR', network: 'albert', start: us(fx.start), end: us(fx.end) });
  leafletId = json(created).data._id;
}, 300_000);

afterAll(() => app?.close());

it('the OpenAPI reference, alarm exports and imports, export files and recognition, all first and at once', async () => {
  const shop = fx.shop('auchan-kyi-petrivka');
  const [docs, ui, alarmExports, previews, exportsMade, pages] = await Promise.all([
    Promise.all(Array.from({ length: TIMES }, () => app.inject({ method: 'GET', url: '/api/docs/json' }))),
    Promise.all(Array.from({ length: TIMES }, () => app.inject({ method: 'GET', url: '/api/docs/' }))),
    Promise.all(Array.from({ length: TIMES }, () => ashan('POST', '/price-alarms/export'))),
    Promise.all(
      Array.from({ length: TIMES }, () =>
        upload(app, ashanSession, '/price-alarms/import', { shops: String(shop), preview: 'true' }, { name: 'a.xlsx', data: importFile }),
      ),
    ),
    Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        ashan('POST', '/export/inline/prices', { products: [fx.buckwheat], shops: [shop], start: us(fx.start), end: us(fx.end), name: `Lazy ${i}` }),
      ),
    ),
    Promise.all(
      pictures.map((png) => postForm(app, analystSession, '/leaflets/save-image', { folder: leafletId }, [{ field: 'image', name: 'p.png', data: png }])),
    ),
  ]);

  // The reference: the same complete document, ten times.
  expect(docs.map((r) => r.statusCode)).toEqual(docs.map(() => 200));
  const spec = docs[0]!.json();
  expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/price-alarms/export', '/export/list', '/leaflets/{id}']));
  for (const r of docs) expect(r.json()).toEqual(spec);
  for (const r of ui) expect([200, 302]).toContain(r.statusCode);

  // Alarm exports: ten xlsx files, each readable with its header.
  expect(alarmExports.map((r) => r.statusCode)).toEqual(alarmExports.map(() => 200));
  for (const r of alarmExports) {
    const file = await ashan('GET', `/data/${json(r).data.file}`);
    expect(file.statusCode).toBe(200);
    const [sheet] = await sheetsOf(file.rawPayload);
    expect(sheet!.rows[0]).toEqual(expect.arrayContaining(['ean', 'rule', 'shops']));
  }

  // Import previews: each read the file (the import gate may ask some to retry: 429, by design).
  expect(previews.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  const read = previews.filter((r) => r.statusCode === 200);
  expect(read.length).toBeGreaterThanOrEqual(2);
  for (const r of read) expect(json(r).data).toMatchObject({ preview: true, created: 0 });
  expect(json(read[0]!).data.accepted.length + json(read[0]!).data.rejected.length).toBe(1);
  expect(new Set(read.map((r) => JSON.stringify(json(r).data))).size).toBe(1);

  // Export requests: all queued, then done with a file of the same 30 rows.
  expect(exportsMade.map((r) => r.statusCode)).toEqual(exportsMade.map(() => 200));
  for (const r of exportsMade) {
    const done = await settled(ashan, json(r).data._id);
    expect(done).toMatchObject({ state: 'done', rowsWritten: 30, error: null });
  }

  // Recognition: each page read (the price on it found).
  expect(pages.map((r) => r.statusCode)).toEqual(pages.map(() => 200));
  const neural = (pageId: string) => analyst('GET', `/leaflets/${leafletId}/neural-data?neuralId=${pageId}`);
  const firstLooks = await Promise.all(pages.map((r) => neural(json(r).data._id)));
  expect(firstLooks.map((r) => r.statusCode)).toEqual(firstLooks.map(() => 200));
  for (const [i, r] of pages.entries()) {
    const pageId = json(r).data._id;
    const data = await pollUntil(
      async () => json(await neural(pageId)).data,
      (d: any) => d.status === 'done' || d.status === 'failed',
      300,
    );
    expect(data).toMatchObject({ status: 'done', error: null });
    expect(data.candidates.map((c: { price: number }) => c.price)).toContain(27.9 + i);
  }
}, 600_000);
