/**
 * "To match" (issue 16 item 3, docs/parsers.md "Matching pages to products") on a demo database with
 * the demo shops running: a page whose product matched nothing (no EAN, no known offer URL) is kept with
 * what was read and listed with suggestions; accepting a product records the page as the shop's offer
 * and writes its price now (through the sanity guard), and the next run writes it by itself; rejecting
 * hides the page; the top suggestions above a score are accepted at once. Rights, bad input, and ten
 * acceptances of one page at once. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { DEMO_SHOP_PRODUCTS } from '../../../src/demo-shops/catalog';
import { todayIso } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';

jest.setTimeout(180_000);

let app: FastifyInstance;
let analyst: Session;
let operator: Session;
let guest: Session;
const LIDL = 'lidl-prg-smichov';

const get = (s: Session, url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${s.token}` });
const post = (s: Session, url: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url: `${url}?token=${s.token}`, payload: payload as object, cookies: s.xsrf.cookies, headers: s.xsrf.headers });

const parserOf = async (code: string) =>
  body(await get(operator, `/parsers/list?filters=${code}`)).data.items.find((p: { code: string }) => p.code === code) as { _id: string; unmatched: number };

async function drain() {
  const { worker } = app.parsers;
  while (await worker.claimAndRun()) {
    /* claim all */
  }
  await worker.idle();
  if (await worker.claimAndRun()) await drain();
}

async function runParser(code: string) {
  const res = await post(analyst, '/parsers/force-start', { parsers: [(await parserOf(code))._id] });
  expect(res.statusCode).toBe(200);
  await drain();
  return body(res).data[0]._id as string;
}

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(app.db, q))[0]!;
const shopId = async (code: string) => Number((await one<{ id: number }>(sql`SELECT id FROM shops WHERE code = ${code}`)).id);

/** The products the demo shop renders, in page order, with the page URL of each. */
const rendered = async (code: string) =>
  (
    await queryRows<{ product_id: number; url: string; name: string }>(
      app.db,
      sql`SELECT o.product_id, o.url, p.name FROM offers o JOIN shops s ON s.id = o.shop_id JOIN products p ON p.id = o.product_id
        WHERE s.code = ${code} ORDER BY o.product_id LIMIT ${DEMO_SHOP_PRODUCTS}`,
    )
  ).map((r) => ({ id: Number(r.product_id), url: r.url, name: r.name }));

type Page = {
  _id: string;
  url: string;
  name: string | null;
  price: number | null;
  day: string | null;
  suggestions: { productId: string; score: number; via: string; pack: string; name: string }[];
};
const waiting = async (s: Session, parserId: string, q = '') =>
  body(await get(s, `/parsers/${parserId}/unmatched${q}`)).data as { items: Page[]; total: number };

let lidl: { _id: string };
let lidlShop: number;
let pages: { id: number; url: string; name: string }[];

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  Object.assign(app.parsers.workerOptions, { politeness: false, backoffMs: 10, maxRetries: 0 });
  analyst = await loginAs(app, 'analyst');
  operator = await loginAs(app, 'operator');
  guest = await loginAs(app, 'guest');
  lidl = await parserOf(LIDL);
  lidlShop = await shopId(LIDL);
  pages = await rendered(LIDL);
  // Four of the shop's pages lose their offer: the shop's pages carry no EAN, so nothing names their product.
  await app.db.execute(sql`DELETE FROM offers WHERE shop_id = ${lidlShop} AND product_id = ANY(${sql.param(pages.slice(0, 4).map((p) => p.id))}::int[])`);
  await runParser(LIDL);
});
afterAll(() => app?.close());

describe('a run keeps the pages whose product matched nothing', () => {
  it('lists them with what was read, up to three suggestions (the right product first), and counts them in the parsers list', async () => {
    const list = await waiting(analyst, lidl._id, '?limit=10');
    expect(list.total).toBe(4);
    expect(list.items.map((i) => i.url).sort()).toEqual(
      pages
        .slice(0, 4)
        .map((p) => p.url)
        .sort(),
    );
    for (const item of list.items) {
      const page = pages.find((p) => p.url === item.url)!;
      expect(item.name).toBe(page.name);
      expect(item.price).toBeGreaterThan(0);
      expect(item.day).toBe(todayIso());
      expect(item.suggestions.length).toBeGreaterThan(0);
      expect(item.suggestions.length).toBeLessThanOrEqual(3);
      expect(item.suggestions[0]).toMatchObject({ productId: String(page.id), via: 'name' });
      expect(item.suggestions[0]!.score).toBeGreaterThanOrEqual(0.8);
      // Another amount of the same kind is never suggested.
      expect(item.suggestions.map((s) => s.pack)).not.toContain('different');
    }
    expect((await parserOf(LIDL)).unmatched).toBe(4);
    expect((await waiting(analyst, lidl._id, '?limit=1&skip=1')).items).toHaveLength(1);
  });

  it('a second run reads them again without doubling them', async () => {
    await runParser(LIDL);
    expect((await waiting(analyst, lidl._id)).total).toBe(4);
  });
});

describe('the demo', () => {
  it('Albert Anděl shows a catalogue product it has no offer for: it waits with that product first; its seasonal special suggests nothing sure', async () => {
    const albert = await parserOf('albert-prg-andel');
    await runParser('albert-prg-andel');
    const items = (await waiting(analyst, albert._id)).items;
    const unlisted = items.find((i) => i.url.includes('/p/unlisted-'))!;
    const id = unlisted.url.replace(/^.*unlisted-/, '');
    expect(unlisted.suggestions[0]).toMatchObject({ productId: id, via: 'name' });
    expect(unlisted.suggestions[0]!.score).toBeGreaterThanOrEqual(0.8);
    const seasonal = items.find((i) => i.name === 'Seasonal special (not in the catalogue)')!;
    expect(seasonal.suggestions.every((s) => s.score < 0.8)).toBe(true);
  });
});

describe('who may', () => {
  it('guests look but do not decide; parsers of networks one does not see are 403; bad input is 400 naming the field', async () => {
    const [item] = (await waiting(guest, lidl._id)).items;
    expect((await post(guest, `/parsers/${lidl._id}/unmatched/${item!._id}/accept`, { productId: Number(item!.suggestions[0]!.productId) })).statusCode).toBe(
      403,
    );
    expect((await post(guest, `/parsers/${lidl._id}/unmatched/${item!._id}/reject`)).statusCode).toBe(403);
    expect((await post(guest, `/parsers/${lidl._id}/unmatched/accept-top`, { minScore: 0.8 })).statusCode).toBe(403);
    const atb = await loginAs(app, 'atb');
    expect((await get(atb, `/parsers/${lidl._id}/unmatched`)).statusCode).toBe(403);
    expect((await post(atb, `/parsers/${lidl._id}/unmatched/${item!._id}/reject`)).statusCode).toBe(403);
    const netadmin = await loginAs(app, 'netadmin');
    expect((await get(netadmin, `/parsers/${lidl._id}/unmatched`)).statusCode).toBe(403);

    const bad = await post(analyst, `/parsers/${lidl._id}/unmatched/${item!._id}/accept`, { productId: 'milk' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error.fields.map((f: { path: string }) => f.path)).toContain('productId');
    const [ua] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products WHERE country = 'ua' LIMIT 1`);
    const foreign = await post(analyst, `/parsers/${lidl._id}/unmatched/${item!._id}/accept`, { productId: Number(ua!.id) });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).error.fields[0].path).toBe('productId');
    const unknown = await post(analyst, `/parsers/${lidl._id}/unmatched/${item!._id}/accept`, { productId: 99_999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error.fields[0].path).toBe('productId');
    expect((await post(analyst, `/parsers/${lidl._id}/unmatched/accept-top`, { minScore: 2 })).statusCode).toBe(400);
    // An item of another parser, or none: 404.
    const albert = await parserOf('albert-prg-andel');
    expect((await post(analyst, `/parsers/${albert._id}/unmatched/${item!._id}/reject`)).statusCode).toBe(404);
    expect((await get(analyst, '/parsers/99999/unmatched')).statusCode).toBe(404);
    expect((await waiting(analyst, lidl._id)).total).toBe(4);
  });
});

describe('accepting a product', () => {
  it('ten acceptances at once: one wins, nine get 409; the offer URL is recorded and the price written now, once', async () => {
    const item = (await waiting(analyst, lidl._id)).items.find((i) => i.url === pages[0]!.url)!;
    const productId = pages[0]!.id;
    const results = await Promise.all(Array.from({ length: 10 }, () => post(analyst, `/parsers/${lidl._id}/unmatched/${item._id}/accept`, { productId })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const won = body(results.find((r) => r.statusCode === 200)!).data;
    expect(won.item).toMatchObject({ decision: 'accepted', productId: String(productId) });
    expect(won.written + won.held).toBe(1);
    const offers = await queryRows<{ url: string }>(app.db, sql`SELECT url FROM offers WHERE shop_id = ${lidlShop} AND product_id = ${productId}`);
    expect(offers.map((o) => o.url)).toEqual([item.url]);
    const cp = await one<{ regular: number; promo: number | null; last_seen: string | Date }>(
      sql`SELECT regular, promo, last_seen FROM current_prices WHERE product_id = ${productId} AND shop_id = ${lidlShop}`,
    );
    expect(new Date(cp.last_seen).toISOString().slice(0, 10)).toBe(todayIso());
    expect((cp.promo ?? cp.regular) / 100).toBe(item.price);
    expect((await waiting(analyst, lidl._id)).items.map((i) => i._id)).not.toContain(item._id);
    expect((await parserOf(LIDL)).unmatched).toBe(3);
  });

  it('a price far from the shop’s last one waits among the suspicious prices instead', async () => {
    const item = (await waiting(analyst, lidl._id)).items.find((i) => i.url === pages[1]!.url)!;
    const productId = pages[1]!.id;
    // The shop's last price of the product, yesterday, three times the page's.
    await app.db.execute(sql`UPDATE current_prices SET regular = ${Math.round(item.price! * 300)}, promo = NULL, last_seen = ${todayIso()}::date - 1
      WHERE product_id = ${productId} AND shop_id = ${lidlShop}`);
    const res = await post(analyst, `/parsers/${lidl._id}/unmatched/${item._id}/accept`, { productId });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ written: 0, held: 1 });
    const held = body(await get(analyst, `/parsers/suspicious?parser=${lidl._id}`)).data.items as { productId: string; url: string }[];
    expect(held.some((h) => h.productId === String(productId) && h.url === item.url)).toBe(true);
  });

  it('rejecting hides the page, also after the next run; the next run writes the accepted pages by their URL', async () => {
    const item = (await waiting(analyst, lidl._id)).items.find((i) => i.url === pages[2]!.url)!;
    const res = await post(analyst, `/parsers/${lidl._id}/unmatched/${item._id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data.item.decision).toBe('rejected');
    expect((await post(analyst, `/parsers/${lidl._id}/unmatched/${item._id}/reject`)).statusCode).toBe(409);
    const runId = await runParser(LIDL);
    const left = await waiting(analyst, lidl._id);
    expect(left.items.map((i) => i.url)).toEqual([pages[3]!.url]);
    const items = await queryRows<{ url: string; product_id: number | null }>(
      app.db,
      sql`SELECT url, product_id FROM parser_run_items WHERE run_id = ${runId}`,
    );
    expect(items.find((i) => i.url === pages[0]!.url)!.product_id).toBe(pages[0]!.id);
  });

  it('accepting the top suggestions above a score takes the pages whose top suggestion scores enough', async () => {
    const high = await post(analyst, `/parsers/${lidl._id}/unmatched/accept-top`, { minScore: 1 });
    expect(body(high).data).toEqual({ accepted: 0, written: 0, held: 0 });
    const res = await post(analyst, `/parsers/${lidl._id}/unmatched/accept-top`, { minScore: 0.8 });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.accepted).toBe(1);
    expect((await waiting(analyst, lidl._id)).total).toBe(0);
    const [offer] = await queryRows<{ url: string }>(app.db, sql`SELECT url FROM offers WHERE shop_id = ${lidlShop} AND product_id = ${pages[3]!.id}`);
    expect(offer?.url).toBe(pages[3]!.url);
  });
});
