/**
 * @one-database: the recognition job through its calls; the job machinery is tested on both (jobs/jobs). (scripts/lib/db-test-files.cjs)
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { leafletsDirOf } from '../../../src/areas/leaflets/pictures';
import { renderLeafletPage } from '../../../src/ocr/leaflet-page';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { pollUntil } from '../../helpers/until';
import { caller, picture, postForm, type Call } from './helpers';

/**
 * Recognition through GET /leaflets/{id}/neural-data: the first call queues the job, polling follows it
 * to `done` with the prices read off a rendered leaflet page (the one real-OCR test of these files).
 */
describe('leaflet recognition (neural data)', () => {
  let app: FastifyInstance;
  let session: Session;
  let analyst: Call;
  let leafletId: string;

  const upload = async (data: Buffer, leaflet = leafletId) => {
    const res = await postForm(app, session, '/leaflets/save-image', { folder: leaflet }, [{ field: 'image', name: 'page.png', data }]);
    expect(res.statusCode).toBe(200);
    return body(res).data as { _id: string; name: string };
  };
  const neural = (pageId: string, extra = '', leaflet = leafletId) => analyst('GET', `/leaflets/${leaflet}/neural-data?neuralId=${pageId}${extra}`);

  /** Until the page's recognition reaches one of `statuses`: waits on the recognition, not a clock. */
  const until = (pageId: string, statuses: string[]) =>
    pollUntil(
      async () => {
        const res = await neural(pageId);
        expect(res.statusCode).toBe(200);
        return body(res).data;
      },
      (data) => statuses.includes(data.status),
      300,
    );

  beforeAll(async () => {
    app = await build();
    session = await loginAs(app, 'analyst');
    analyst = caller(app, session);
    const res = await analyst('POST', '/leaflets/create', { name: 'OCR', network: 'albert', start: '03/02/2026', end: '03/08/2026' });
    leafletId = body(res).data._id;
  });
  afterAll(() => app.close());

  it('reads the prices of a page, suggests catalogue products and marks a confirmed price', async () => {
    // Two items named like real Czech catalogue products (so a suggestion can be checked), one not.
    const products = await queryRows<{ id: number; name: string }>(
      app.db,
      sql`SELECT id, name FROM products WHERE country = 'cz' AND length(name) BETWEEN 12 AND 28 ORDER BY id LIMIT 2`,
    );
    const items = [
      { name: products[0]!.name, price: 39.9, oldPrice: 49.9, mechanicsText: null },
      { name: products[1]!.name, price: 12.5, oldPrice: null, mechanicsText: null },
      { name: 'Bananas 1 kg', price: 27.9, oldPrice: null, mechanicsText: null },
    ];
    const page = await renderLeafletPage({ seed: 11, items, columns: 3, rows: 1, width: 1200 });
    const uploaded = await upload(page.png);

    const first = body(await neural(uploaded._id)).data;
    expect(['queued', 'running', 'done']).toContain(first.status);
    const done = await until(uploaded._id, ['done', 'failed']);
    expect(done).toMatchObject({ pageId: uploaded._id, status: 'done', progress: 100, error: null });
    expect(done.seconds).toBeGreaterThan(0);
    expect(done.recognisedAt).not.toBeNull();
    const prices = done.candidates.map((c: { price: number }) => c.price);
    expect(prices.filter((p: number) => [39.9, 12.5, 27.9].includes(p)).length).toBeGreaterThanOrEqual(1);
    expect(done.candidates.every((c: { confirmedPriceId: unknown }) => c.confirmedPriceId === null)).toBe(true);
    // Suggestions are catalogue products of the leaflet's market (cz).
    for (const c of done.candidates.filter((x: { suggestedProduct: unknown }) => x.suggestedProduct)) expect(c.suggestedProduct.country).toBe('cz');

    // The user confirms a candidate into a leaflet price: the next answer links them.
    const known = done.candidates.find((c: { price: number }) => [39.9, 12.5, 27.9].includes(c.price));
    const confirm = await postForm(app, session, '/leaflets/add-price', {
      leafletPicture: JSON.stringify({
        leafletId,
        pageId: uploaded._id,
        productId: known.suggestedProduct?._id ?? null,
        productName: known.text || 'Recognised',
        price: known.price,
        oldPrice: known.oldPrice,
        mechanics: known.mechanics,
        box: known.box,
        source: 'recognised',
      }),
    });
    expect(confirm.statusCode).toBe(200);
    expect(body(confirm).data.source).toBe('recognised');
    const after = body(await neural(uploaded._id)).data;
    expect(after.candidates.find((c: { key: string }) => c.key === known.key).confirmedPriceId).toBe(body(confirm).data._id);

    // The page's state shows in the leaflet.
    const leaflet = body(await analyst('GET', `/leaflets/${leafletId}`)).data;
    expect(leaflet.pages[0].recognition).toBe('done');
  }, 300_000);

  it('answers a failed run as failed with its reason, re-queues on refresh, and 404s a page of another leaflet', async () => {
    const uploaded = await upload(await picture(200, 200));
    // The picture vanished from the disk: the run fails without OCR, and the answer says why.
    rmSync(path.join(leafletsDirOf(app.config), uploaded.name));
    await neural(uploaded._id);
    const failed = await until(uploaded._id, ['done', 'failed']);
    expect(failed).toMatchObject({ status: 'failed', error: 'picture_missing', candidates: [] });
    // Polling again does not re-queue; refresh does.
    expect(body(await neural(uploaded._id)).data.status).toBe('failed');
    const again = body(await neural(uploaded._id, '&refresh=true')).data;
    expect(['queued', 'running', 'failed']).toContain(again.status);
    expect((await until(uploaded._id, ['failed'])).error).toBe('picture_missing');

    const other = body(await analyst('POST', '/leaflets/create', { name: 'Other', network: 'albert', start: '03/02/2026', end: '03/08/2026' })).data;
    expect((await neural(uploaded._id, '', other._id)).statusCode).toBe(404);
    expect((await neural('999999')).statusCode).toBe(404);
    const noId = await analyst('GET', `/leaflets/${leafletId}/neural-data`);
    expect(noId.statusCode).toBe(400);
    expect(body(noId).error.fields[0].path).toBe('neuralId');
  });
});
