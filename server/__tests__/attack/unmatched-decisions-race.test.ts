/**
 * Attack on the "To match" queue after its SQL moved into queries-unmatched.ts: ten decisions at once on one
 * waiting page (accepts and rejects from several roles) — exactly one wins, the nine others get 409 `conflict`,
 * and an accept writes its offer and its price once; ten "accept the top suggestion" calls at once on a parser's
 * pages — each page accepted once, one offer each; every demo role and no session on the queue (a network user
 * only of its networks' parsers). Never a 5xx; the server answers after. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { todayIso } from '../../src/lib/days';
import { body, build, loginAs } from '../helpers/build';
import { callAs, type Call } from '../access/call';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans } from '../helpers/price-totals';

jest.setTimeout(300_000);

const ROLES = ['admin', 'guest', 'operator', 'hunter', 'netadmin', 'analyst', 'ashan', 'metro', 'atb'] as const;
type Role = (typeof ROLES)[number];
// The parser area's writers (route rules: everyone but retail and guest) who see kaufland.
const DECIDERS: Role[] = ['admin', 'operator', 'hunter', 'analyst', 'ashan', 'metro'];

let app: FastifyInstance;
const as = {} as Record<Role, Call>;
let parserId = 0;
let runId = 0;
let shop = 0;
let country = '';
let freeProducts: { id: number; name: string }[] = [];

async function waiting(name: string, url: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO unmatched_pages (parser_id, run_id, day, item_seq, url, name, price, promo, currency, in_stock, price_text)
        VALUES (${parserId}, ${runId}, ${todayIso()}::date, 1, ${url}, ${name}, 4990, false, 'CZK', true, '49,90 Kč') RETURNING id`,
  );
  return Number(row!.id);
}

const codes = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode).sort();
const offersAt = async (url: string) =>
  Number((await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM offers WHERE shop_id = ${shop} AND url = ${url}`))[0]!.n);
const spansOf = async (productId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans WHERE product_id = ${productId} AND shop_id = ${shop}`))[0]!.n);

beforeAll(async () => {
  app = await build();
  for (const r of ROLES) as[r] = callAs(app, await loginAs(app, r));
  const [s] = await queryRows<{ id: number; network_id: number; country: string }>(
    app.db,
    sql`SELECT s.id, s.network_id, s.country FROM shops s JOIN networks n ON n.id = s.network_id WHERE n.code = 'kaufland' ORDER BY s.id LIMIT 1`,
  );
  shop = Number(s!.id);
  country = s!.country;
  const [p] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO parsers (code, name, network_id, shop_id, country, definition, enabled)
        VALUES ('atk-unmatched', 'ATK to match', ${Number(s!.network_id)}, ${shop}, ${country}, '{}'::jsonb, false) RETURNING id`,
  );
  parserId = Number(p!.id);
  const [run] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO parser_runs (parser_id, status, trigger, finished_at) VALUES (${parserId}, 'done', 'manual', now()) RETURNING id`,
  );
  runId = Number(run!.id);
  freeProducts = (
    await queryRows<{ id: number; name: string }>(
      app.db,
      sql`SELECT p.id, p.name FROM products p WHERE p.country = ${country}
            AND NOT EXISTS (SELECT 1 FROM price_spans ps WHERE ps.product_id = p.id AND ps.shop_id = ${shop})
            AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.shop_id = ${shop})
          ORDER BY p.id LIMIT 20`,
    )
  ).map((r) => ({ id: Number(r.id), name: r.name }));
  expect(freeProducts.length).toBeGreaterThanOrEqual(10);
}, 240_000);
afterAll(() => app?.close());

describe('ten decisions at once on one waiting page', () => {
  it.each([
    ['ten accepts', (i: number) => (i >= 0 ? 'accept' : 'reject')],
    ['accepts and rejects mixed', (i: number) => (i % 2 ? 'reject' : 'accept')],
    ['ten rejects', (i: number) => (i >= 0 ? 'reject' : 'accept')],
  ] as const)('%s: one 200, nine 409; an accept writes its offer and price once', async (_label, kind) => {
    const product = freeProducts.shift()!;
    const url = `https://atk.example/match/${product.id}`;
    const id = await waiting(product.name, url);
    const calls = Array.from({ length: 10 }, (_, i) => ({ role: DECIDERS[i % DECIDERS.length]!, what: kind(i) }));
    const res = await Promise.all(
      calls.map(({ role, what }) =>
        as[role]('POST', `/parsers/${parserId}/unmatched/${id}/${what}`, what === 'accept' ? { productId: String(product.id) } : {}),
      ),
    );
    expect(codes(res)).toEqual([200, ...Array(9).fill(409)]);
    for (const r of res.filter((x) => x.statusCode === 409)) expect(body(r).error.code).toBe('conflict');
    const won = calls[res.findIndex((r) => r.statusCode === 200)]!.what;
    expect(body(res.find((r) => r.statusCode === 200)!).data.item.decision).toBe(won === 'accept' ? 'accepted' : 'rejected');
    expect(await offersAt(url)).toBe(won === 'accept' ? 1 : 0);
    expect(await spansOf(product.id)).toBe(won === 'accept' ? 1 : 0);
  });
});

describe('ten "accept the top suggestion" at once', () => {
  it('accepts each page once; one offer each; the rollups follow; the server answers', async () => {
    const pages = freeProducts.splice(0, 5).map((p) => ({ ...p, url: `https://atk.example/top/${p.id}` }));
    for (const p of pages) await waiting(p.name, p.url);
    const res = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as[DECIDERS[i % DECIDERS.length]!]('POST', `/parsers/${parserId}/unmatched/accept-top`, { minScore: 0.5 })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const accepted = res.reduce((n, r) => n + Number(body(r).data.accepted), 0);
    expect(accepted).toBe(pages.length);
    for (const p of pages) expect(await offersAt(p.url)).toBe(1);
    const [left] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM unmatched_pages WHERE parser_id = ${parserId} AND decision IS NULL`,
    );
    expect(left!.n).toBe(0);
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
    expect((await as.admin('GET', `/parsers/${parserId}/unmatched`)).statusCode).toBe(200);
  });
});

describe('who sees and decides a page', () => {
  let id = 0;
  let product = { id: 0, name: '' };
  beforeAll(async () => {
    product = freeProducts.shift()!;
    id = await waiting(product.name, `https://atk.example/who/${product.id}`);
  });

  it.each(ROLES)('%s', async (role) => {
    const list = await as[role]('GET', `/parsers/${parserId}/unmatched`);
    const seesKaufland = !['netadmin', 'atb'].includes(role);
    expect(list.statusCode).toBe(seesKaufland ? 200 : 403);
    if (seesKaufland && role !== 'guest') return;
    const res = await as[role]('POST', `/parsers/${parserId}/unmatched/${id}/reject`, {});
    expect(res.statusCode).toBe(403);
    const acc = await as[role]('POST', `/parsers/${parserId}/unmatched/${id}/accept`, { productId: String(product.id) });
    expect(acc.statusCode).toBe(403);
    expect((await queryRows<{ d: string | null }>(app.db, sql`SELECT decision AS d FROM unmatched_pages WHERE id = ${id}`))[0]!.d).toBeNull();
  });

  it('without a session: 401; odd ids and products: 4xx naming the field', async () => {
    expect((await app.inject({ method: 'GET', url: `/parsers/${parserId}/unmatched` })).statusCode).toBe(401);
    for (const [url, payload, status] of [
      [`/parsers/${parserId}/unmatched/${id}/accept`, { productId: '2147483647' }, 400],
      [`/parsers/${parserId}/unmatched/${id}/accept`, { productId: ['1'] }, 400],
      [`/parsers/${parserId}/unmatched/${id}/accept`, { productId: 'x\u0000' }, 400],
      [`/parsers/${parserId}/unmatched/2147483647/accept`, { productId: String(product.id) }, 404],
      [`/parsers/99999999/unmatched/${id}/reject`, {}, 404],
      [`/parsers/${parserId}/unmatched/abc/reject`, {}, 400],
    ] as const) {
      const res = await as.operator('POST', url, payload);
      expect([url, JSON.stringify(payload), res.statusCode]).toEqual([url, JSON.stringify(payload), status]);
    }
    expect((await queryRows<{ d: string | null }>(app.db, sql`SELECT decision AS d FROM unmatched_pages WHERE id = ${id}`))[0]!.d).toBeNull();
  });
});
