/**
 * Attack on the sanity guard's queue after its SQL moved into queries-suspicious.ts: ten decisions at once on
 * one held price (all confirms, all rejects, a mix, from several roles) — exactly one wins, the nine others get
 * 409 `conflict`, and the winner's effect is written once (one span for a confirm, one problem for a reject);
 * ten different held prices of one network's shops confirmed at once — every one written, the day totals, pair
 * runs and network runs still equal a computation from the spans; every demo role and no session on the list
 * and the decisions (a network user sees and decides only its networks' held prices); odd ids. Never a 5xx and
 * the server answers after. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { todayIso } from '../../src/lib/days';
import { body, build, loginAs } from '../helpers/build';
import { callAs, type Call } from '../access/call';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

jest.setTimeout(300_000);

const ROLES = ['admin', 'guest', 'operator', 'hunter', 'netadmin', 'analyst', 'ashan', 'metro', 'atb'] as const;
type Role = (typeof ROLES)[number];
// Spec §6 with the demo data (as __tests__/access/route-matrix.test.ts): who sees which networks.
const VISIBLE: Partial<Record<Role, string[]>> = {
  analyst: ['albert', 'kaufland', 'lidl'],
  netadmin: ['albert', 'billa', 'penny'],
  atb: ['atb', 'novus', 'silpo'],
};
// The parser area's writers (route rules: everyone but retail and guest).
const DECIDERS: Role[] = ['admin', 'operator', 'hunter', 'analyst', 'ashan', 'metro'];

let app: FastifyInstance;
const as = {} as Record<Role, Call>;
let parserId = 0;
let runId = 0;
let network = 0;
let shops: number[] = [];
// Products of the parser's country not priced in the network's shops: a confirm opens a span (never ignored).
let freeProducts: number[] = [];
const TODAY = todayIso();

async function hold(productId: number, shopId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO suspicious_prices (run_id, parser_id, item_seq, product_id, shop_id, day, regular, promo, in_stock, currency, old_price, reference, text, url)
        VALUES (${runId}, ${parserId}, NULL, ${productId}, ${shopId}, ${TODAY}::date, 9990, NULL, true, 'CZK', 1990, 'shop', '99,90 Kč',
                ${`https://atk.example/p/${productId}/${shopId}`})
        RETURNING id`,
  );
  return Number(row!.id);
}

const decide = (role: Role, id: number | string, decision: 'confirm' | 'reject') => as[role]('POST', `/parsers/suspicious/${id}/${decision}`, {});
const codes = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode).sort();
const spansOf = async (productId: number, shopId: number) =>
  Number(
    (await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_spans WHERE product_id = ${productId} AND shop_id = ${shopId}`))[0]!.n,
  );
const problemsOfRun = async () =>
  Number(
    (
      await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM parser_run_items WHERE run_id = ${runId} AND problem_kind = 'suspicious_price'`)
    )[0]!.n,
  );
const decisionOf = async (id: number) =>
  (await queryRows<{ decision: string | null }>(app.db, sql`SELECT decision FROM suspicious_prices WHERE id = ${id}`))[0]!.decision;

/** Ten decisions at once on one held price: one 200, nine 409 `conflict`; its effect written once. */
async function tenOnOne(calls: [Role, 'confirm' | 'reject'][]) {
  const product = freeProducts.shift()!;
  const shop = shops[0]!;
  const id = await hold(product, shop);
  const spansBefore = await spansOf(product, shop);
  const problemsBefore = await problemsOfRun();
  const res = await Promise.all(calls.map(([role, d]) => decide(role, id, d)));
  expect(codes(res)).toEqual([200, ...Array(9).fill(409)]);
  for (const r of res.filter((x) => x.statusCode === 409)) expect(body(r).error.code).toBe('conflict');
  const winner = calls[res.findIndex((r) => r.statusCode === 200)]![1];
  const won = body(res.find((r) => r.statusCode === 200)!).data;
  expect(await decisionOf(id)).toBe(winner === 'confirm' ? 'confirmed' : 'rejected');
  expect(won.item.decision).toBe(winner === 'confirm' ? 'confirmed' : 'rejected');
  if (winner === 'confirm') {
    expect(won.written).toBe(1);
    expect(await spansOf(product, shop)).toBe(spansBefore + 1);
    const [cp] = await queryRows<{ regular: number; last_seen: string }>(
      app.db,
      sql`SELECT regular, last_seen::text AS last_seen FROM current_prices WHERE product_id = ${product} AND shop_id = ${shop}`,
    );
    expect(cp).toEqual({ regular: 9990, last_seen: TODAY });
    expect(await problemsOfRun()).toBe(problemsBefore);
  } else {
    expect(await spansOf(product, shop)).toBe(spansBefore);
    expect(await problemsOfRun()).toBe(problemsBefore + 1);
  }
}

beforeAll(async () => {
  app = await build();
  for (const r of ROLES) as[r] = callAs(app, await loginAs(app, r));
  const [net] = await queryRows<{ id: number; country: string; shops: number[] }>(
    app.db,
    sql`SELECT n.id, min(s.country) AS country, array_agg(s.id ORDER BY s.id) AS shops FROM networks n JOIN shops s ON s.network_id = n.id
        WHERE n.code = 'kaufland' GROUP BY n.id`,
  );
  network = Number(net!.id);
  shops = net!.shops.map(Number);
  expect(shops.length).toBeGreaterThanOrEqual(1);
  const [p] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO parsers (code, name, network_id, shop_id, country, definition, enabled)
        VALUES ('atk-suspicious', 'ATK held prices', ${network}, ${shops[0]!}, ${net!.country}, '{}'::jsonb, false) RETURNING id`,
  );
  parserId = Number(p!.id);
  const [run] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO parser_runs (parser_id, status, trigger, finished_at) VALUES (${parserId}, 'done', 'manual', now()) RETURNING id`,
  );
  runId = Number(run!.id);
  freeProducts = (
    await queryRows<{ id: number }>(
      app.db,
      sql`SELECT p.id FROM products p WHERE p.country = ${net!.country}
            AND NOT EXISTS (SELECT 1 FROM price_spans ps WHERE ps.product_id = p.id AND ps.shop_id = ANY(${sql.param(shops)}::int[]))
          ORDER BY p.id LIMIT 40`,
    )
  ).map((r) => Number(r.id));
  if (freeProducts.length < 20) {
    for (let i = freeProducts.length; i < 20; i++) {
      const [row] = await queryRows<{ id: number }>(
        app.db,
        sql`INSERT INTO products (name, country) VALUES (${`ATK held ${i}`}, ${net!.country}) RETURNING id`,
      );
      freeProducts.push(Number(row!.id));
    }
  }
}, 240_000);
afterAll(() => app?.close());

describe('ten decisions at once on one held price', () => {
  it('ten confirms (six roles): one writes, nine get 409', async () => {
    await tenOnOne(Array.from({ length: 10 }, (_, i) => [DECIDERS[i % DECIDERS.length]!, 'confirm']));
  });

  it('ten rejects: one problem for the run, nine get 409', async () => {
    await tenOnOne(Array.from({ length: 10 }, (_, i) => [DECIDERS[i % DECIDERS.length]!, 'reject']));
  });

  it('confirms and rejects mixed: exactly one decision lands', async () => {
    await tenOnOne(Array.from({ length: 10 }, (_, i) => [DECIDERS[i % DECIDERS.length]!, i % 2 ? 'reject' : 'confirm']));
    await tenOnOne(Array.from({ length: 10 }, (_, i) => [DECIDERS[(i + 3) % DECIDERS.length]!, i % 3 ? 'confirm' : 'reject']));
  });
});

describe('ten held prices of one network confirmed at once', () => {
  it('every one is written; totals, pair runs and network runs equal the spans; the server answers', async () => {
    const pairs = Array.from({ length: 10 }, (_, i) => ({ product: freeProducts.shift()!, shop: shops[i % shops.length]! }));
    const ids: number[] = [];
    for (const p of pairs) ids.push(await hold(p.product, p.shop));
    const res = await Promise.all(ids.map((id, i) => decide(DECIDERS[i % DECIDERS.length]!, id, 'confirm')));
    expect(res.map((r) => [r.statusCode, body(r).data?.written])).toEqual(Array(10).fill([200, 1]));
    for (const p of pairs) expect(await spansOf(p.product, p.shop)).toBe(1);
    expect(await totalsDiffFromSpans(app.db)).toEqual([]);
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
    expect((await as.admin('GET', '/parsers/suspicious')).statusCode).toBe(200);
  });
});

describe('who sees and decides a held price', () => {
  let id = 0;
  beforeAll(async () => {
    id = await hold(freeProducts.shift()!, shops[0]!);
  });

  it.each(ROLES)('%s: the list holds only visible networks’ prices; a decision on another network’s is 403', async (role) => {
    const list = await as[role]('GET', '/parsers/suspicious?limit=100');
    expect(list.statusCode).toBe(200);
    const networks = [...new Set((body(list).data.items as { network: string }[]).map((i) => i.network))];
    const visible = VISIBLE[role];
    if (visible) expect(networks.filter((n) => !visible.includes(n))).toEqual([]);
    const seesIt = (body(list).data.items as { _id: string }[]).some((i) => i._id === String(id));
    expect(seesIt).toBe(!visible || visible.includes('kaufland'));
    if (!visible || visible.includes('kaufland')) return;
    // Not its network: refused without deciding (the held price stays waiting).
    const res = await decide(role, id, 'reject');
    expect(res.statusCode).toBe(403);
    expect(await decisionOf(id)).toBeNull();
    expect((await as[role]('GET', '/parsers/suspicious?network=kaufland')).statusCode).toBe(403);
  });

  it('the guest may look but not decide; without a session nothing', async () => {
    expect((await decide('guest', id, 'confirm')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/parsers/suspicious' })).statusCode).toBe(401);
    expect(await decisionOf(id)).toBeNull();
  });

  // An id past the router's parameter length is the framework's answer (framework-errors attack).
  it.each(['0', '99999999999', '99999999999999999999999', '-1', '1.5', '%20', '1e3', '9'.repeat(90)])('id %s: 400 or 404, never 5xx', async (bad) => {
    const res = await decide('operator', bad, 'confirm');
    expect([bad.slice(0, 20), [400, 404].includes(res.statusCode) ? 'ok' : `${res.statusCode} ${res.body.slice(0, 200)}`]).toEqual([bad.slice(0, 20), 'ok']);
    if (res.statusCode === 400) expect(body(res).error.fields[0].path).toBe('id');
  });

  it('odd list filters are 400 naming the field', async () => {
    for (const [q, field] of [
      ['parser=99999999999999999999', 'parser'],
      [`network=${'n'.repeat(5000)}`, 'network'],
      ['skip=-1', 'skip'],
      ['limit=100000', 'limit'],
    ] as const) {
      const res = await as.operator('GET', `/parsers/suspicious?${q}`);
      expect([q.slice(0, 30), res.statusCode, body(res).error?.fields?.[0]?.path]).toEqual([q.slice(0, 30), 400, field]);
    }
    expect((await as.operator('GET', '/parsers/suspicious')).statusCode).toBe(200);
  });
});
