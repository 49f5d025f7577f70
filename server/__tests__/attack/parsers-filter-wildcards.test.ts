/**
 * Attack on the parsers list's text filter (GET /parsers/list?filters=, spec §3 "name or code contains"):
 * the text went into ILIKE as it came, so `%` and `_` were wildcards — '_' or '%' listed every parser,
 * 'lbe_t' found "Albert". Every other search (products, alarms, leaflets, brands) takes them literally
 * (products/queries.ts likeContains). Expected: the characters are matched as typed.
 * @one-database: what one query answers for odd filter text (ILIKE is the same on both backends).
 */
import type { FastifyInstance } from 'fastify';
import { parsersListResponseSchema } from '@pricewatch/shared/contract';
import { build, loginAs, type Session } from '../helpers/build';

let app: FastifyInstance;
let admin: Session;

const names = async (filters: string) => {
  const res = await app.inject({ method: 'GET', url: '/parsers/list', query: { token: admin.token, limit: '500', filters } });
  expect(res.statusCode).toBe(200);
  return parsersListResponseSchema
    .parse(res.json())
    .data.items.map((p) => p.name)
    .sort();
};

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  admin = await loginAs(app, 'admin');
});
afterAll(() => app?.close());

it('a filter finds what it spells: lidl, Albert', async () => {
  expect(await names('lidl')).toEqual(['Lidl Smíchov']);
  expect(await names('albert')).toEqual(['Albert Anděl']);
});

it.each(['%', '_', '__', 'lbe_t', 'L%l', 'albert%', '\\', '%\\%'])('%j is matched literally: no demo parser has it', async (filters) => {
  expect(await names(filters)).toEqual([]);
});
