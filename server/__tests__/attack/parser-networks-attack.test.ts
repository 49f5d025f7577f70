/**
 * Attack on GET /parsers/networks (docs/parsers.md "API"): other methods, NUL bytes and huge query strings,
 * a token with a NUL, a network user whose allowedNetworks change between two calls (the session cache), and
 * parsers deleted ten at a time while ten callers read. Never a 5xx; never a network GET /parsers/list would
 * not show the caller. PGlite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { parserNetworksResponseSchema, parsersListResponseSchema } from '@pricewatch/shared/contract';
import { build, loginAs, type Session } from '../helpers/build';
import { callerFor } from '../helpers/catalogue';

jest.setTimeout(180_000);

let app: FastifyInstance;
const as: Record<string, Session> = {};

const withToken = (s: Session, url: string) => `${url}${url.includes('?') ? '&' : '?'}token=${s.token}`;
const codes = async (s: Session, query = '') => {
  const res = await app.inject({ method: 'GET', url: withToken(s, `/parsers/networks${query}`) });
  expect(res.statusCode).toBe(200);
  return parserNetworksResponseSchema
    .parse(res.json())
    .data.map((n) => n.code)
    .sort();
};
/** The networks of the parsers GET /parsers/list shows this caller, over all its pages. */
const listed = async (s: Session) => {
  const res = await app.inject({ method: 'GET', url: withToken(s, '/parsers/list?limit=500') });
  expect(res.statusCode).toBe(200);
  return [...new Set(parsersListResponseSchema.parse(res.json()).data.items.map((p) => p.network))].sort();
};

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0', SESSION_CACHE_MS: '60000' } });
  for (const role of ['operator', 'admin', 'analyst', 'atb', 'netadmin', 'guest']) as[role] = await loginAs(app, role);
});
afterAll(() => app?.close());

describe('GET /parsers/networks under attack', () => {
  it('HEAD answers as GET without a body; POST, PUT and DELETE are not routes', async () => {
    const head = await app.inject({ method: 'HEAD', url: withToken(as.atb!, '/parsers/networks') });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/parsers/networks' })).statusCode).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await app.inject({
        method,
        url: withToken(as.operator!, '/parsers/networks'),
        cookies: as.operator!.xsrf.cookies,
        headers: as.operator!.xsrf.headers,
        payload: { networkIds: null },
      });
      // /parsers/:id takes DELETE and PUT with a numeric id: "networks" is no id.
      expect({ method, status: res.statusCode < 500, notOk: res.statusCode >= 400 }).toEqual({ method, status: true, notOk: true });
    }
  });

  it('NUL bytes are 400 naming the parameter (src/plugins/no-nul.ts); broken escapes and huge query strings 200, the same networks', async () => {
    const plain = await codes(as.atb!);
    for (const [query, field] of [
      ['?x=%00', 'x'],
      ['?networks=%00silpo', 'networks'],
      ['?x=' + '%00'.repeat(20000), 'x'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: withToken(as.atb!, `/parsers/networks${query}`) });
      expect({ query: query.slice(0, 40), status: res.statusCode }).toEqual({ query: query.slice(0, 40), status: 400 });
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await app.inject({ method: 'GET', url: withToken(as.atb!, '/parsers/networks?%00=1') })).statusCode).toBe(400);
    for (const query of ['?a=%ZZ', '?' + 'n=albert&'.repeat(3000), '?networks=billa&network=albert']) {
      const res = await app.inject({ method: 'GET', url: withToken(as.atb!, `/parsers/networks${query}`) });
      expect({ query: query.slice(0, 40), status: res.statusCode }).toEqual({ query: query.slice(0, 40), status: 200 });
      expect(
        parserNetworksResponseSchema
          .parse(res.json())
          .data.map((n) => n.code)
          .sort(),
      ).toEqual(plain);
    }
  });

  it('a token with a NUL byte, an empty one or a huge one is 401, not 500', async () => {
    for (const token of [`${as.atb!.token}%00`, '%00', '', 'x'.repeat(20000), `${as.atb!.token}&token=${as.operator!.token}`]) {
      const res = await app.inject({ method: 'GET', url: `/parsers/networks?token=${token}` });
      expect({ token: token.slice(0, 20), status: res.statusCode < 500 && res.statusCode >= 400 }).toEqual({ token: token.slice(0, 20), status: true });
    }
  });

  it('follows a network user whose allowedNetworks change between two calls, even with a minute of session cache', async () => {
    const operator = callerFor(app, as.operator!);
    const users = (await operator('GET', '/network-users/admin/list')).json().data as { _id: string; username: string }[];
    const analystId = users.find((u) => u.username === 'analyst')!._id;
    const before = await codes(as.analyst!);
    expect(before).toEqual(await listed(as.analyst!));
    expect(before).toContain('lidl');
    const put = await operator('PUT', `/network-users/${analystId}`, { exportDetails: { access: ['parser', 'manual'], allowedNetworks: ['penny'] } });
    expect(put.statusCode).toBe(200);
    const after = await codes(as.analyst!);
    expect(after).not.toContain('lidl');
    expect(after).not.toContain('kaufland');
    expect(after).toContain('penny');
    expect(after).toEqual(await listed(as.analyst!));
    // Parser access taken away: 403, not the cached networks.
    expect((await operator('PUT', `/network-users/${analystId}`, { exportDetails: { access: ['manual'], allowedNetworks: ['penny'] } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: withToken(as.analyst!, '/parsers/networks') })).statusCode).toBe(403);
    const back = await operator('PUT', `/network-users/${analystId}`, {
      exportDetails: { access: ['parser', 'manual'], allowedNetworks: ['lidl', 'kaufland'] },
    });
    expect(back.statusCode).toBe(200);
    expect(await codes(as.analyst!)).toEqual(before);
  });

  it('parsers deleted ten at a time while ten callers read: every answer 200 and a subset of what was; after, what the list says', async () => {
    const operator = callerFor(app, as.operator!);
    const all = parsersListResponseSchema.parse((await operator('GET', '/parsers/list?limit=500')).json()).data.items;
    const before = { operator: await codes(as.operator!), atb: await codes(as.atb!), netadmin: await codes(as.netadmin!) };
    // Ten deletes: every parser but those of silpo and albert (the tail of the list, doubled where short).
    const victims = all.filter((p) => p.network !== 'silpo' && p.network !== 'albert');
    const deletes = Array.from({ length: 10 }, (_, i) => victims[i % victims.length]!);
    const readers = ['operator', 'atb', 'netadmin', 'guest', 'admin', 'operator', 'atb', 'netadmin', 'guest', 'admin'];
    const [deleted, read] = await Promise.all([
      Promise.all(deletes.map((p) => operator('DELETE', `/parsers/${p._id}`))),
      Promise.all(readers.map((r) => app.inject({ method: 'GET', url: withToken(as[r]!, '/parsers/networks') }))),
    ]);
    // Deleting one parser twice at once: one 200, the other 200 or 404; never a 5xx.
    for (const res of deleted) expect([200, 404]).toContain(res.statusCode);
    read.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const got = parserNetworksResponseSchema.parse(res.json()).data.map((n) => n.code);
      const role = readers[i]! as keyof typeof before;
      for (const c of got) expect(before[role in before ? role : 'operator']).toContain(c);
    });
    for (const role of ['operator', 'atb', 'netadmin', 'analyst']) expect(await codes(as[role]!)).toEqual(await listed(as[role]!));
    expect(await codes(as.operator!)).toEqual(['albert', 'silpo']);
    expect(await codes(as.netadmin!)).toEqual(['albert']);
    // The server still answers.
    expect((await app.inject({ method: 'GET', url: withToken(as.guest!, '/parsers/networks') })).statusCode).toBe(200);
  });
});
