/**
 * GET /sections (issue 15 item 3): the catalogue's sections with ids and names in the caller's
 * language, so the screens' section filters stop learning them from 500 products.
 * @one-database: read-only names by language and who may read them; the ten at once are reads, no writes.
 */
import type { FastifyInstance } from 'fastify';
import { SECTION_NAMES } from '../../../src/demo/catalogue/translations';
import { build, loginAs } from '../../helpers/build';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build();
  for (const name of ['admin', 'guest', 'hunter', 'netadmin']) tokens[name] = (await loginAs(app, name)).token;
});
afterAll(() => app.close());

const sections = (token: string | undefined, lang?: string) =>
  app.inject({ method: 'GET', url: '/sections', query: token ? { token } : {}, headers: lang ? { 'accept-language': lang } : {} });

type Section = { _id: string; name: string };

describe('GET /sections', () => {
  it('names every section once, by name, with the ids product filters take', async () => {
    const res = await sections(tokens.admin, 'en');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Section[];
    expect(list.map((s) => s.name).sort()).toEqual(Object.keys(SECTION_NAMES).sort());
    expect(list.map((s) => s.name)).toEqual([...list.map((s) => s.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(list.map((s) => s._id)).size).toBe(list.length);

    // An id from here filters the product list to that section.
    const dairy = list.find((s) => s.name === 'Dairy')!;
    const page = await app.inject({ method: 'GET', url: '/products/list', query: { token: tokens.admin!, sections: dairy._id, limit: '20' } });
    expect(page.statusCode).toBe(200);
    const items = page.json().data.items as { sectionId: string; section: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.sectionId === dairy._id && i.section === 'Dairy')).toBe(true);
  });

  it('answers the names in the caller language (translations table), the same ids', async () => {
    const en = (await sections(tokens.admin, 'en')).json().data as Section[];
    for (const lang of ['ru', 'ua', 'pl'] as const) {
      const other = new Map(((await sections(tokens.admin, lang)).json().data as Section[]).map((s) => [s._id, s.name]));
      for (const s of en) expect(other.get(s._id)).toBe(SECTION_NAMES[s.name]![lang]);
    }
  });

  it('the catalogue is shared: a guest, a hunter and a client network admin see the same sections', async () => {
    const all = (await sections(tokens.admin, 'en')).json().data;
    for (const who of ['guest', 'hunter', 'netadmin']) {
      const res = await sections(tokens[who], 'en');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(all);
    }
  });

  it('needs a session: no token is 401', async () => {
    const res = await sections(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('ten at a time answer the same, and the server still answers after', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => sections(tokens.admin, i % 2 ? 'ru' : 'en')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.body)).size).toBe(2);
    expect((await sections(tokens.guest, 'ua')).statusCode).toBe(200);
  });
});
