/**
 * @one-database: permissions and read-only answers of the utility calls; no writes.
 */
import type { FastifyInstance } from 'fastify';
import { availableShopsResponseSchema, cityCodesResponseSchema } from '@pricewatch/shared/contract';
import { build, loginAs } from '../../helpers/build';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  app = await build();
  for (const u of ['admin', 'operator', 'hunter', 'guest', 'ashan', 'metro', 'atb', 'netadmin', 'analyst']) {
    tokens[u] = (await loginAs(app, u)).token;
  }
});
afterAll(() => app.close());

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, query: token ? { token } : {} });

describe('GET /utils/city-codes', () => {
  it('answers the map of city code to name', async () => {
    const res = await get('/utils/city-codes', tokens.analyst);
    expect(res.statusCode).toBe(200);
    const { data } = cityCodesResponseSchema.parse(res.json());
    expect(data).toMatchObject({ PRG: 'Praha', BRN: 'Brno', KYI: 'Kyiv', WAW: 'Warszawa', TBS: 'Tbilisi' });
  });

  it('needs a token', async () => {
    expect((await get('/utils/city-codes')).statusCode).toBe(401);
  });
});

describe('GET /utils/available-shops', () => {
  const ALL = [
    'albert',
    'atb',
    'auchan',
    'biedronka',
    'billa',
    'carrefour',
    'kaufland',
    'lidl',
    'metro',
    'nikora',
    'novus',
    'penny',
    'silpo',
    'tesco',
    'zabka',
  ];

  it.each([
    ['admin', 'every network', ALL],
    ['operator', 'every network', ALL],
    ['hunter', 'every network', ALL],
    ['guest', 'every network', ALL],
    // Client networks whose export details allow every network.
    ['ashan', 'every network (allNetworks)', ALL],
    ['metro', 'every network (allNetworks)', ALL],
    // Client networks: their own shops and those of allowedNetworks only.
    ['atb', 'its network and allowedNetworks', ['atb', 'novus', 'silpo']],
    ['netadmin', 'its network and allowedNetworks', ['albert', 'billa', 'penny']],
    ['analyst', 'its network and allowedNetworks', ['albert', 'kaufland', 'lidl']],
  ])('shows %s the shops of %s', async (user, _, networks) => {
    const res = await get('/utils/available-shops', tokens[user]);
    expect(res.statusCode).toBe(200);
    const { data } = availableShopsResponseSchema.parse(res.json());
    expect([...new Set(data.map((s) => s.network))].sort()).toEqual(networks);
  });

  it('describes each shop with its network, city code and country', async () => {
    const { data } = (await get('/utils/available-shops', tokens.analyst)).json();
    expect(data).toContainEqual({
      _id: expect.any(String),
      code: 'albert-prg-andel',
      name: 'Albert Anděl',
      network: 'albert',
      networkName: 'Albert',
      city: 'PRG',
      country: 'cz',
    });
  });

  it('needs a token', async () => {
    const res = await get('/utils/available-shops');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});
