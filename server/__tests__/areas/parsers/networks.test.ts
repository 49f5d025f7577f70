/**
 * GET /parsers/networks (issue 15 item 3, docs/parsers.md "API"): the networks that have parsers the
 * caller sees, which the parsers screen used to learn from a page of 500 parsers. On a demo database with
 * the demo shops' parsers: what each demo role gets, that it is what GET /parsers/list holds, that a
 * network without a parser (or whose parsers were deleted) is absent, odd query input, ten at a time.
 * Once, on PostgreSQL in npm test (below).
 * @one-database: which networks each role is answered (permissions), reads and one-at-a-time deletes; the parsers' runs and writes are tested on both elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import { parserNetworksResponseSchema, parsersListResponseSchema, networksResponseSchema } from '@pricewatch/shared/contract';
import { body, build, loginAs, login, type Session } from '../../helpers/build';

jest.setTimeout(180_000);

let app: FastifyInstance;
const as: Record<string, Session> = {};

/** The networks of the demo shops' parsers (src/demo-shops/catalog.ts), each with one parser. */
const WITH_PARSERS = ['albert', 'biedronka', 'carrefour', 'kaufland', 'lidl', 'penny', 'silpo', 'tesco', 'zabka'];
/** Spec §6 with the demo users: own network + exportDetails.allowedNetworks; the others see every network. */
const EXPECTED: Record<string, string[]> = {
  operator: WITH_PARSERS,
  admin: WITH_PARSERS,
  guest: WITH_PARSERS,
  hunter: WITH_PARSERS,
  ashan: WITH_PARSERS, // allNetworks
  metro: WITH_PARSERS, // allNetworks
  analyst: ['albert', 'kaufland', 'lidl'],
  netadmin: ['albert', 'penny'], // billa has no parser
  atb: ['silpo'], // neither atb nor novus has one
};

const get = (s: Session | null, url: string) => app.inject({ method: 'GET', url: s ? `${url}${url.includes('?') ? '&' : '?'}token=${s.token}` : url });
const networksOf = async (s: Session) => {
  const res = await get(s, '/parsers/networks');
  expect(res.statusCode).toBe(200);
  return parserNetworksResponseSchema.parse(res.json()).data;
};
const sorted = (xs: string[]) => [...xs].sort();

beforeAll(async () => {
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  for (const role of Object.keys(EXPECTED)) as[role] = await loginAs(app, role);
});
afterAll(() => app?.close());

describe('GET /parsers/networks', () => {
  it.each(Object.keys(EXPECTED))('%s gets the networks with parsers it may see, by name, with their counts', async (role) => {
    const networks = await networksOf(as[role]!);
    expect(sorted(networks.map((n) => n.code))).toEqual(EXPECTED[role]);
    expect(networks.every((n) => n.parsers === 1)).toBe(true);
    // By name, as the screen lists them; names and countries are the networks' own.
    const names = networks.map((n) => n.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const directory = networksResponseSchema.parse((await get(as[role]!, '/shops/networks')).json()).data;
    for (const n of networks) expect(directory.find((d) => d.code === n.code)).toMatchObject({ name: n.name, country: n.country });
  });

  it('answers what the parsers list holds, network by network', async () => {
    for (const role of ['operator', 'analyst', 'netadmin', 'atb']) {
      const list = parsersListResponseSchema.parse((await get(as[role]!, '/parsers/list?limit=500')).json()).data;
      const counts = new Map<string, number>();
      for (const p of list.items) counts.set(p.network, (counts.get(p.network) ?? 0) + 1);
      const networks = await networksOf(as[role]!);
      expect(Object.fromEntries(networks.map((n) => [n.code, n.parsers]))).toEqual(Object.fromEntries(counts));
    }
  });

  it('is 401 without a session and 403 to a user without the parser access area', async () => {
    expect((await get(null, '/parsers/networks')).statusCode).toBe(401);
    // A Billa user with only the retail area, made the way a network admin makes one.
    const made = await app.inject({
      method: 'POST',
      url: `/network-users?token=${as.netadmin!.token}`,
      payload: { username: 'billa.nets', name: 'Retail Only', password: 'Maloobchod2025', roles: ['network'], exportDetails: { access: ['retail'] } },
      cookies: as.netadmin!.xsrf.cookies,
      headers: as.netadmin!.xsrf.headers,
    });
    expect(made.statusCode).toBe(200);
    const retail = await login(app, 'billa.nets', 'Maloobchod2025');
    const res = await app.inject({ method: 'GET', url: `/parsers/networks?token=${body(retail).data.token}` });
    expect(res.statusCode).toBe(403);
    expect(body(res).error.code).toBe('forbidden');
  });

  it('ignores query parameters it does not take, never a 500', async () => {
    const plain = await networksOf(as.analyst!);
    for (const query of ['limit=abc&skip=-1', 'network=billa&networks[]=x', 'shops=%E0%A4%A', 'filters=' + 'x'.repeat(5000), 'a[b][c]=1&a=2']) {
      const res = await get(as.analyst!, `/parsers/networks?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
      expect(parserNetworksResponseSchema.parse(res.json()).data).toEqual(plain);
    }
  });

  it('answers ten callers at once, each its own networks', async () => {
    const roles = ['operator', 'analyst', 'netadmin', 'atb', 'guest', 'operator', 'analyst', 'netadmin', 'atb', 'metro'];
    const answers = await Promise.all(roles.map((role) => get(as[role]!, '/parsers/networks')));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(sorted(parserNetworksResponseSchema.parse(res.json()).data.map((n) => n.code))).toEqual(EXPECTED[roles[i]!]);
    });
  });

  it('is in the OpenAPI document the server serves, with its answer and who may call it', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/parsers/networks'].get;
    expect(op.description).toMatch(/Who may call: .*parser/);
    const item = op.responses['200'].content['application/json'].schema.properties.data.items;
    expect(Object.keys(item.properties).sort()).toEqual(['code', 'country', 'name', 'parsers']);
  });

  it('drops a network once its last parser is deleted, and keeps the others', async () => {
    const penny = parsersListResponseSchema.parse((await get(as.operator!, '/parsers/list?limit=500')).json()).data.items.filter((p) => p.network === 'penny');
    expect(penny).toHaveLength(1);
    const del = await app.inject({
      method: 'DELETE',
      url: `/parsers/${penny[0]!._id}?token=${as.operator!.token}`,
      cookies: as.operator!.xsrf.cookies,
      headers: as.operator!.xsrf.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await networksOf(as.netadmin!)).map((n) => n.code)).toEqual(['albert']);
    expect(sorted((await networksOf(as.operator!)).map((n) => n.code))).toEqual(WITH_PARSERS.filter((c) => c !== 'penny'));
  });
});
