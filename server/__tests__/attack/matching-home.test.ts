/**
 * Attack on "To match" and the home tiles from outside: every demo role and no login, strange ids,
 * another country's product, and decisions on the same pages at once. Nothing may answer 5xx, and the
 * server still answers afterwards. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, build, loginAs, type Session } from '../helpers/build';

jest.setTimeout(180_000);

const ROLES = ['operator', 'admin', 'ashan', 'metro', 'atb', 'netadmin', 'analyst', 'hunter', 'guest'] as const;
let app: FastifyInstance;
const s: Record<string, Session> = {};
let parser: { id: number; country: string; shop_id: number };
let product: number;
let foreign: number;

const req = (who: Session | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: who ? `${url}${url.includes('?') ? '&' : '?'}token=${who.token}` : url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(who ? { cookies: who.xsrf.cookies, headers: who.xsrf.headers } : {}),
  });

/** Waiting pages of the parser, all named like the chosen product (so it is every page's top suggestion). */
async function addPages(n: number, tag: string): Promise<number[]> {
  const [p] = await queryRows<{ name: string }>(app.db, sql`SELECT name FROM products WHERE id = ${product}`);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [r] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO unmatched_pages (parser_id, url, name, price, day) VALUES (${parser.id}, ${`https://attack.example/${tag}/${i}`}, ${p!.name}, ${1000 + i}, CURRENT_DATE) RETURNING id`,
    );
    ids.push(Number(r!.id));
  }
  return ids;
}

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  for (const r of ROLES) s[r] = await loginAs(app, r);
  [parser] = (await queryRows<{ id: number; country: string; shop_id: number }>(
    app.db,
    sql`SELECT id, country, shop_id FROM parsers WHERE shop_id IS NOT NULL ORDER BY id LIMIT 1`,
  )) as [typeof parser];
  parser = { id: Number(parser.id), country: parser.country, shop_id: Number(parser.shop_id) };
  product = Number((await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products WHERE country = ${parser.country} ORDER BY id LIMIT 1`))[0]!.id);
  const other = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products WHERE country <> ${parser.country} ORDER BY id LIMIT 1`);
  foreign = other.length ? Number(other[0]!.id) : 0;
});
afterAll(() => app?.close());

const alive = async () => expect((await req(s.operator!, 'GET', '/home/parsers')).statusCode).toBe(200);

describe('every role and no login', () => {
  const tiles = ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'];

  it('home tiles and the unmatched list never answer 5xx; logged out is 401', async () => {
    for (const t of tiles) expect((await req(null, 'GET', `/home/${t}`)).statusCode).toBe(401);
    expect((await req(null, 'GET', `/parsers/${parser.id}/unmatched`)).statusCode).toBe(401);
    for (const r of ROLES) {
      for (const t of tiles) expect([r, t, (await req(s[r]!, 'GET', `/home/${t}`)).statusCode]).toEqual([r, t, expect.any(Number)]);
      const codes = await Promise.all(tiles.map((t) => req(s[r]!, 'GET', `/home/${t}`).then((x) => x.statusCode)));
      expect(codes.filter((c) => c >= 500)).toEqual([]);
      const list = await req(s[r]!, 'GET', `/parsers/${parser.id}/unmatched`);
      expect([r, list.statusCode < 500]).toEqual([r, true]);
    }
  });

  it('the guest may look but not decide', async () => {
    const [id] = await addPages(1, 'guest');
    expect((await req(s.guest!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId: product })).statusCode).toBe(403);
    expect((await req(s.guest!, 'POST', `/parsers/${parser.id}/unmatched/${id}/reject`)).statusCode).toBe(403);
    expect((await req(s.guest!, 'POST', `/parsers/${parser.id}/unmatched/accept-top`, { minScore: 0.5 })).statusCode).toBe(403);
  });
});

describe('strange ids', () => {
  const bad = ['0', '-1', '99999999999999999999', '2147483648', 'abc', '1e3', '%00', '1%00', '0x10', '1.5'];

  it('ids in the path and productId in the body are 400 (or 404 for an id that does not exist), never 5xx', async () => {
    const [id] = await addPages(1, 'ids');
    for (const b of bad) {
      for (const url of [`/parsers/${b}/unmatched`, `/parsers/${b}/unmatched/${id}/reject`, `/parsers/${parser.id}/unmatched/${b}/reject`]) {
        const res = await req(s.operator!, url.endsWith('reject') ? 'POST' : 'GET', url);
        expect([url, res.statusCode]).toEqual([url, 400]);
      }
    }
    for (const productId of [0, -1, 2147483648, 1e30, 'x', '1\u0000', null, [], {}, 1.5]) {
      const res = await req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId });
      expect([productId, res.statusCode]).toEqual([productId, 400]);
      expect(body(res).error).toBeTruthy();
    }
    expect((await req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId: 2147483647 })).statusCode).toBe(400);
    expect((await req(s.operator!, 'POST', `/parsers/2147483647/unmatched/${id}/reject`)).statusCode).toBe(404);
    expect((await req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/2147483647/reject`)).statusCode).toBe(404);
    for (const minScore of [0, 2, '0.9', null, Number.NaN]) {
      expect((await req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/accept-top`, { minScore })).statusCode).toBe(400);
    }
  });

  it('a product of another country is 400 naming productId, and the page still waits', async () => {
    if (!foreign) return;
    const [id] = await addPages(1, 'foreign');
    const res = await req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId: foreign });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(body(res).error)).toContain('productId');
    const [row] = await queryRows<{ decision: string | null }>(app.db, sql`SELECT decision FROM unmatched_pages WHERE id = ${id}`);
    expect(row!.decision).toBeNull();
  });
});

describe('decisions at once', () => {
  it('ten accepts, rejects and accept-tops on the same pages: no 5xx, each page decided once', async () => {
    const ids = await addPages(5, 'race');
    const calls: Promise<{ statusCode: number; body: string }>[] = [];
    for (let i = 0; i < 10; i++) {
      const id = ids[i % ids.length]!;
      calls.push(req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId: product }));
      calls.push(req(s.analyst!, 'POST', `/parsers/${parser.id}/unmatched/${id}/reject`));
      calls.push(req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/accept-top`, { minScore: 0.5 }));
    }
    const res = await Promise.all(calls);
    const failed = res.filter((r) => r.statusCode >= 500).map((r) => r.body.slice(0, 300));
    expect(failed).toEqual([]);
    const rows = await queryRows<{ decision: string | null }>(app.db, sql`SELECT decision FROM unmatched_pages WHERE id = ANY(${sql.param(ids)}::bigint[])`);
    expect(rows.every((r) => r.decision !== null)).toBe(true);
    await alive();
  });

  it('ten different pages accepted as the same product at once: no 5xx', async () => {
    const ids = await addPages(10, 'same-product');
    const res = await Promise.all(ids.map((id) => req(s.operator!, 'POST', `/parsers/${parser.id}/unmatched/${id}/accept`, { productId: product })));
    expect(res.filter((r) => r.statusCode >= 500).map((r) => r.body.slice(0, 300))).toEqual([]);
    await alive();
  });
});
