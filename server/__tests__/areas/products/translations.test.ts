/**
 * Issue 18 item 3: open data in the caller's language (docs/translations.md). The front ends send their
 * UI language as Accept-Language; section and category names and product descriptions come from the
 * translations table, falling back to the stored text; filtering by section works whatever its name.
 * @one-database: which language the answers' names come in (Accept-Language, fallbacks), one request at a time; no concurrent writes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/db/client';
import { addDays, todayIso } from '../../../src/lib/days';
import { CATEGORY_NAMES, SECTION_NAMES } from '../../../src/demo/catalogue/translations';
import { build, loginAs, type Session } from '../../helpers/build';

let app: FastifyInstance;
let session: Session;
beforeAll(async () => {
  // Promo analysis is not part of the Czech deployment: the Polish one has it.
  app = await build({ env: { COUNTRY: 'pl' } });
  session = await loginAs(app, 'operator');
});
afterAll(() => app.close());

const get = async (url: string, lang?: string) => {
  const res = await app.inject({
    method: 'GET',
    url,
    query: { token: session.token },
    headers: lang === undefined ? {} : { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

type Item = { _id: string; section: string | null; sectionId: string | null; category: string | null };
const byId = (items: Item[]) => new Map(items.map((i) => [i._id, i]));

describe('product lists answer section and category names in the caller language', () => {
  it('ru, ua and pl callers read their names; an en caller and a caller naming no language read English', async () => {
    const en = (await get('/products/list?limit=50', 'en')).items as Item[];
    expect(en.length).toBeGreaterThan(10);
    expect(en.some((i) => i.section === 'Dairy' || i.section === 'Beverages' || i.section === 'Household')).toBe(true);
    expect((await get('/products/list?limit=50')).items).toEqual(en);

    for (const lang of ['ru', 'ua', 'pl'] as const) {
      const other = byId((await get('/products/list?limit=50', lang)).items);
      for (const item of en) {
        const translated = other.get(item._id)!;
        expect(translated.section).toBe(SECTION_NAMES[item.section!]![lang]);
        expect(translated.category).toBe(CATEGORY_NAMES[item.category!]![lang]);
        expect(translated.sectionId).toBe(item.sectionId);
      }
    }
  });

  it('a browser header with weights and regions, and uk for Ukrainian, are understood', async () => {
    const [first] = (await get('/products/list?limit=1', 'en')).items as Item[];
    const [ru] = (await get('/products/list?limit=1', 'ru-RU,ru;q=0.9,en;q=0.8')).items as Item[];
    expect(ru!.section).toBe(SECTION_NAMES[first!.section!]!.ru);
    const [uk] = (await get('/products/list?limit=1', 'uk')).items as Item[];
    expect(uk!.section).toBe(SECTION_NAMES[first!.section!]!.ua);
    const [de] = (await get('/products/list?limit=1', 'de')).items as Item[];
    expect(de!.section).toBe(first!.section);
  });

  it('the header search and a product card too; the card description is in the caller language', async () => {
    const [item] = (await get('/products/list?limit=1', 'en')).items as Item[];
    const en = await get(`/products/${item!._id}`, 'en');
    const ru = await get(`/products/${item!._id}`, 'ru');
    const ua = await get(`/products/${item!._id}`, 'ua');
    expect(en.description).toMatch(/Section /);
    expect(ru.section).toBe(SECTION_NAMES[en.section]!.ru);
    expect(ru.description).toContain(`Отдел «${SECTION_NAMES[en.section]!.ru}»`);
    expect(ua.description).toContain(`Відділ «${SECTION_NAMES[en.section]!.ua}»`);
    expect(ru.description).toContain(CATEGORY_NAMES[en.category]!.ru);

    const found = (await get(`/products/search?article=${en.article}&limit=5`, 'ru')) as Item[];
    expect(found.find((p) => p._id === item!._id)!.section).toBe(SECTION_NAMES[en.section]!.ru);
  });

  it("the prices calls name the product's section in the caller language too (price card, history)", async () => {
    const [item] = (await get('/products/list?limit=1', 'en')).items as Item[];
    const en = await get(`/prices/product/${item!._id}`, 'en');
    const ru = await get(`/prices/product/${item!._id}`, 'ru');
    expect(ru.product.section).toBe(SECTION_NAMES[en.product.section]!.ru);
    const history = await get(`/prices/history?product=${item!._id}`, 'ua');
    expect(history.product.section).toBe(SECTION_NAMES[en.product.section]!.ua);
  });

  it('filtering by section gives the same products in every language', async () => {
    const [item] = (await get('/products/list?limit=1', 'en')).items as Item[];
    const url = `/products/list?limit=100&sections=${item!.sectionId}`;
    const en = (await get(url, 'en')) as { items: Item[]; total: number };
    const ru = (await get(url, 'ru')) as { items: Item[]; total: number };
    expect(ru.total).toBe(en.total);
    expect(ru.items.map((i) => i._id)).toEqual(en.items.map((i) => i._id));
    expect(new Set(ru.items.map((i) => i.section))).toEqual(new Set([SECTION_NAMES[item!.section!]!.ru]));
  });

  it('data without a translation is shown as stored', async () => {
    const [section] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES ('Pet food') RETURNING id`);
    const [product] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, section_id, description, country) VALUES ('Fixture cat food 400 g', ${section!.id}, 'For cats.', 'cz') RETURNING id`,
    );
    const ru = await get(`/products/${product!.id}`, 'ru');
    expect(ru).toMatchObject({ section: 'Pet food', description: 'For cats.' });
  });
});

describe('promo analysis by section names the sections in the caller language', () => {
  it('pl labels are Polish, en labels English, for the same keys', async () => {
    const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const url = `/promo-analysis/summary?start=${us(addDays(todayIso(), -60))}&end=${us(todayIso())}&groupBy=section`;
    const en = (await get(url, 'en')).rows as { key: string; label: string }[];
    const pl = new Map(((await get(url, 'pl')).rows as { key: string; label: string }[]).map((r) => [r.key, r.label]));
    expect(en.length).toBeGreaterThan(3);
    for (const row of en.filter((r) => SECTION_NAMES[r.label])) expect(pl.get(row.key)).toBe(SECTION_NAMES[row.label]!.pl);
  });
});
