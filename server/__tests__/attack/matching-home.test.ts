/**
 * Attack on "To match" and the home tiles from outside: every demo role and no login, strange ids,
 * another country's product. Nothing may answer 5xx, and the server still answers afterwards. Decisions on
 * the same pages at once: matching-decisions-at-once.test.ts.
 * @one-database: status codes by role and validation of odd ids, one request at a time (the writes at once
 * are in matching-decisions-at-once, on both backends).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body } from '../helpers/build';
import { ROLES, startMatchingAttack, type MatchingAttack } from '../helpers/matching-attack';

jest.setTimeout(180_000);

let t: MatchingAttack;
let app: FastifyInstance;
let s: MatchingAttack['s'];
let parser: MatchingAttack['parser'];
let product: number;
let foreign: number;
const req: MatchingAttack['req'] = (...args) => t.req(...args);
const addPages: MatchingAttack['addPages'] = (...args) => t.addPages(...args);

beforeAll(async () => {
  t = await startMatchingAttack();
  ({ app, s, parser, product, foreign } = t);
});
afterAll(() => t?.app.close());

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
