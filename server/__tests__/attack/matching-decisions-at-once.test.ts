/**
 * Attack on "To match": decisions on the same pages at once (moved from matching-home.test.ts). Nothing
 * may answer 5xx, each page is decided once, and the server still answers afterwards. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { startMatchingAttack, type MatchingAttack } from '../helpers/matching-attack';

jest.setTimeout(180_000);

let t: MatchingAttack;
let app: FastifyInstance;
let s: MatchingAttack['s'];
let parser: MatchingAttack['parser'];
let product: number;
const req: MatchingAttack['req'] = (...args) => t.req(...args);
const addPages: MatchingAttack['addPages'] = (...args) => t.addPages(...args);
const alive = () => t.alive();

beforeAll(async () => {
  t = await startMatchingAttack();
  ({ app, s, parser, product } = t);
});
afterAll(() => t?.app.close());

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
