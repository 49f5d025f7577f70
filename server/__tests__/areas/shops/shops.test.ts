/**
 * @one-database: permissions by URL and read-only answers of the shop directory; no writes.
 */
import type { FastifyInstance } from 'fastify';
import { marketsMapResponseSchema, networksResponseSchema, shopsMapResponseSchema, shopsResponseSchema } from '@pricewatch/shared/contract';
import { body, build, loginAs } from '../../helpers/build';
import { callerFor, type Caller } from '../../helpers/catalogue';

let app: FastifyInstance;
const as: Record<string, Caller> = {};
beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  for (const u of ['admin', 'analyst', 'ashan', 'atb', 'netadmin']) as[u] = callerFor(app, await loginAs(app, u));
});
afterAll(() => app.close());

const networksOf = (shops: { network: string }[]) => [...new Set(shops.map((s) => s.network))].sort();

describe('GET /shops/map', () => {
  it('maps every visible shop id to the shop, with city name and currency', async () => {
    const res = await as.admin!('GET', '/shops/map');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const { data } = shopsMapResponseSchema.parse(res.json());
    expect(Object.keys(data).length).toBeGreaterThanOrEqual(40);
    const andel = Object.values(data).find((s) => s.code === 'albert-prg-andel')!;
    expect(data[andel._id]).toEqual({
      _id: andel._id,
      code: 'albert-prg-andel',
      name: 'Albert Anděl',
      networkId: expect.any(String),
      network: 'albert',
      networkName: 'Albert',
      city: 'PRG',
      cityName: 'Praha',
      address: 'Plzeňská 8, Praha 5',
      country: 'cz',
      currency: 'CZK',
    });
  });

  it('holds only the networks a client network may see', async () => {
    const { data } = shopsMapResponseSchema.parse((await as.analyst!('GET', '/shops/map')).json());
    expect(networksOf(Object.values(data))).toEqual(['albert', 'kaufland', 'lidl']);
  });
});

describe('GET /shops', () => {
  it('lists visible shops, narrowed by network, network codes and ids', async () => {
    const all = shopsResponseSchema.parse((await as.atb!('GET', '/shops')).json()).data;
    expect(networksOf(all)).toEqual(['atb', 'novus', 'silpo']);
    const silpo = shopsResponseSchema.parse((await as.atb!('GET', '/shops?network=silpo')).json()).data;
    expect(networksOf(silpo)).toEqual(['silpo']);
    const two = shopsResponseSchema.parse((await as.atb!('GET', '/shops?networkCodes=silpo,novus')).json()).data;
    expect(networksOf(two)).toEqual(['novus', 'silpo']);
    const one = shopsResponseSchema.parse((await as.atb!('GET', `/shops?ids=${silpo[0]!._id}`)).json()).data;
    expect(one.map((s) => s._id)).toEqual([silpo[0]!._id]);
  });

  it('refuses a network the user may not see (403) and an unknown one (400)', async () => {
    const res = await as.analyst!('GET', '/shops?network=billa');
    expect(res.statusCode).toBe(403);
    expect(body(res).error.code).toBe('forbidden');
    const unknown = await as.analyst!('GET', '/shops?network=nope');
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).error.fields[0].path).toBe('network');
  });

  it('answers 400 for a non-numeric shop id', async () => {
    const res = await as.admin!('GET', '/shops?ids=1,abc');
    expect(res.statusCode).toBe(400);
    expect(body(res).error.code).toBe('validation_failed');
  });
});

describe('GET /shops/networks', () => {
  it('lists visible networks with currency and shop counts', async () => {
    const { data } = networksResponseSchema.parse((await as.analyst!('GET', '/shops/networks')).json());
    expect(data.map((n) => n.code).sort()).toEqual(['albert', 'kaufland', 'lidl']);
    expect(data.find((n) => n.code === 'albert')).toMatchObject({ name: 'Albert', country: 'cz', currency: 'CZK', shops: 4 });
    const all = networksResponseSchema.parse((await as.ashan!('GET', '/shops/networks')).json()).data;
    expect(all.find((n) => n.code === 'auchan')).toMatchObject({ currency: 'UAH', shops: 3 });
    expect(all.find((n) => n.code === 'pricewatch')?.isProduct).toBe(true);
  });
});

describe('GET /utils/markets-map', () => {
  it('maps parser codes of visible networks and shops to display names', async () => {
    const { data } = marketsMapResponseSchema.parse((await as.analyst!('GET', '/utils/markets-map')).json());
    expect(data).toMatchObject({ albert: 'Albert', 'albert-prg-andel': 'Albert Anděl', lidl: 'Lidl' });
    expect(Object.keys(data)).not.toContain('billa');
    expect(Object.keys(data)).not.toContain('billa-prg-vinohrady');
  });

  it('answers entries with full=true', async () => {
    const { data } = marketsMapResponseSchema.parse((await as.admin!('GET', '/utils/markets-map?full=true')).json());
    expect(Array.isArray(data)).toBe(true);
    const entries = data as Exclude<typeof data, Record<string, string>>;
    expect(entries).toContainEqual({ code: 'zabka', name: 'Żabka', kind: 'network', network: 'zabka', networkName: 'Żabka', shopId: null, country: 'pl' });
    expect(entries.find((e) => e.code === 'zabka-waw-srodmiescie')).toMatchObject({ kind: 'shop', network: 'zabka', shopId: expect.any(String) });
  });
});

describe('GET /custom/utils/markets-map', () => {
  it("answers the caller's network and its custom shops", async () => {
    const { data } = marketsMapResponseSchema.parse((await as.ashan!('GET', '/custom/utils/markets-map')).json());
    expect(Object.keys(data).sort()).toEqual(['auchan', 'auchan-kyi-petrivka', 'auchan-lvi-sykhiv', 'auchan-ods-kotovskoho']);
  });

  it("refuses another network's custom markets to a client, not to the provider", async () => {
    expect((await as.analyst!('GET', '/custom/utils/markets-map?network=auchan')).statusCode).toBe(403);
    const res = await as.admin!('GET', '/custom/utils/markets-map?network=auchan&full=true');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as unknown[]).length).toBe(4);
    expect((await as.admin!('GET', '/custom/utils/markets-map?network=nope')).statusCode).toBe(404);
  });
});

describe('GET /utils/export-details', () => {
  it("answers the caller's network's export details, whole or one field", async () => {
    const whole = await as.analyst!('GET', '/utils/export-details');
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data).toMatchObject({ access: ['parser', 'manual'], allowedNetworks: ['lidl', 'kaufland'], allNetworks: false });
    const field = await as.analyst!('GET', '/utils/export-details?field=allowedNetworks');
    expect(field.json().data).toEqual({ allowedNetworks: ['lidl', 'kaufland'] });
  });

  it("lets the provider read any network's, refuses other networks to clients, 404 for unknown, 400 for a bad field", async () => {
    const networks = networksResponseSchema.parse((await as.admin!('GET', '/shops/networks')).json()).data;
    const auchan = networks.find((n) => n.code === 'auchan')!;
    const res = await as.admin!('GET', `/utils/export-details?id=${auchan._id}&field=ashanShops`);
    expect(res.json().data.ashanShops).toHaveLength(3);
    expect((await as.analyst!('GET', `/utils/export-details?id=${auchan._id}`)).statusCode).toBe(403);
    expect((await as.admin!('GET', '/utils/export-details?id=999999')).statusCode).toBe(404);
    const bad = await as.admin!('GET', '/utils/export-details?field=password');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error.fields[0].path).toBe('field');
  });
});

describe('every shops call needs a token', () => {
  it.each(['/shops/map', '/shops', '/shops/networks', '/utils/markets-map', '/custom/utils/markets-map', '/utils/export-details'])('%s → 401', async (url) => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
