/**
 * Loads a generated catalogue into the database with set inserts (insertColumns → unnest): sections,
 * categories and brands with their translations, more shops and chains when the size asks for them, the
 * parser map, then products (and their descriptions' translations), offers, price spans and current
 * prices batch by batch. Used by the demo seed (in its
 * transaction) and by the bench.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { insertColumns } from '../../db/bulk';
import { todayDay } from '../../lib/days';
import { CITIES } from '../data';
import { generateCatalogue, type CatalogueSize, type GenProduct, type GenShop } from './generator';
import { hashString } from './prng';
import { CATEGORY_NAMES, DEMO_LANGUAGES, SECTION_NAMES, demoDescription } from './translations';
import { BRANDS, EXTRA_NETWORKS, SECTIONS } from './vocabulary';

export type LoadResult = { products: number; offers: number; spans: number; current: number; shops: number; seconds: number };

const STREETS: Record<string, string[]> = {
  cz: ['Národní', 'Masarykova', 'Palackého', 'Husova', 'Nádražní', 'Komenského', 'Smetanova'],
  ua: ['vul. Shevchenka', 'prosp. Peremohy', 'vul. Franka', 'vul. Sadova', 'vul. Hrushevskoho', 'vul. Soborna'],
  pl: ['ul. Mickiewicza', 'ul. Kościuszki', 'ul. Piłsudskiego', 'ul. Słowackiego', 'ul. Długa', 'ul. Polna'],
  ge: ['Rustaveli Ave', 'Chavchavadze Ave', 'Aghmashenebeli Ave', 'Kostava St', 'Vazha-Pshavela Ave'],
};

/**
 * Adds chains (real names, EXTRA_NETWORKS) and shops in the demo cities until `wanted` shops exist.
 * Shops go round-robin over the client networks of each country, countries in proportion to the
 * catalogue's weights.
 */
export async function ensureShops(db: Db, wanted: number): Promise<number> {
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM shops`);
  if (n >= wanted) return 0;
  const existingNets = await queryRows<{ code: string }>(db, sql`SELECT code FROM networks`);
  const known = new Set(existingNets.map((r) => r.code));
  const extra = EXTRA_NETWORKS.filter((e) => !known.has(e.code));
  if (extra.length) {
    await insertColumns(
      db,
      'networks',
      [
        { name: 'code', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'country', type: 'text' },
      ],
      [extra.map((e) => e.code), extra.map((e) => e.name), extra.map((e) => e.country)],
    );
  }
  const nets = await queryRows<{ id: number; code: string; name: string; country: string }>(
    db,
    sql`SELECT id, code, name, country FROM networks WHERE NOT is_product ORDER BY id`,
  );
  const codes = new Set((await queryRows<{ code: string }>(db, sql`SELECT code FROM shops`)).map((r) => r.code));
  const countries = ['cz', 'ua', 'pl', 'ge'];
  const share: Record<string, number> = { cz: 0.35, ua: 0.35, pl: 0.18, ge: 0.12 };
  const rows = {
    code: [] as string[],
    name: [] as string[],
    networkId: [] as number[],
    city: [] as string[],
    address: [] as string[],
    country: [] as string[],
  };
  const toAdd = wanted - n;
  const counters = new Map<string, number>();
  for (const country of countries) {
    const quota = country === 'ge' ? toAdd - rows.code.length : Math.round(toAdd * share[country]!);
    const cNets = nets.filter((x) => x.country === country);
    const cities = CITIES.filter((c) => c.country === country);
    for (let k = 0; k < quota && cNets.length; k++) {
      const net = cNets[k % cNets.length]!;
      const city = cities[(k + hashString(net.code)) % cities.length]!;
      let nr = counters.get(`${net.code}|${city.code}`) ?? 0;
      let code: string;
      do code = `${net.code}-${city.code.toLowerCase()}-${++nr}`;
      while (codes.has(code));
      counters.set(`${net.code}|${city.code}`, nr);
      codes.add(code);
      const streets = STREETS[country]!;
      rows.code.push(code);
      rows.name.push(`${net.name} ${city.name} ${nr}`);
      rows.networkId.push(net.id);
      rows.city.push(city.code);
      rows.address.push(`${streets[(nr + k) % streets.length]} ${1 + ((nr * 37 + k) % 180)}, ${city.name}`);
      rows.country.push(country);
    }
  }
  return insertColumns(
    db,
    'shops',
    [
      { name: 'code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'network_id', type: 'int' },
      { name: 'city_code', type: 'text' },
      { name: 'address', type: 'text' },
      { name: 'country', type: 'text' },
    ],
    [rows.code, rows.name, rows.networkId, rows.city, rows.address, rows.country],
  );
}

/** Every client network and shop in the parser map (code → display name). */
export async function fillParserMap(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO parser_map (code, name, network_id, shop_id)
    SELECT n.code, n.name, n.id, NULL FROM networks n WHERE NOT n.is_product
    UNION ALL
    SELECT s.code, s.name, s.network_id, s.id FROM shops s
    ON CONFLICT (code) DO NOTHING`);
}

type TranslationRow = { kind: 'section' | 'category' | 'product_description'; refId: number; lang: string; text: string };

/** Set insert into translations (docs/translations.md); rows already there are kept. */
async function insertTranslations(db: Db, rows: TranslationRow[]): Promise<void> {
  if (!rows.length) return;
  // A database older than the translations (the upgrade test seeds one made by the previous release) has no table for them.
  const [{ present } = { present: false }] = await queryRows<{ present: boolean }>(db, sql`SELECT to_regclass('translations') IS NOT NULL AS present`);
  if (!present) return;
  await insertColumns(
    db,
    'translations',
    [
      { name: 'kind', type: 'text' },
      { name: 'ref_id', type: 'int' },
      { name: 'lang', type: 'text' },
      { name: 'text', type: 'text' },
    ],
    [rows.map((r) => r.kind), rows.map((r) => r.refId), rows.map((r) => r.lang), rows.map((r) => r.text)],
    { onConflictDoNothing: true },
  );
}

const named = (kind: TranslationRow['kind'], refId: number, lang: string, text: string | undefined): TranslationRow[] =>
  text ? [{ kind, refId, lang, text }] : [];

/** The products' descriptions in the demo's other languages. */
const descriptionTranslations = (products: GenProduct[]): TranslationRow[] =>
  products.flatMap((p) =>
    DEMO_LANGUAGES.flatMap((lang) => {
      const text = demoDescription(p, lang);
      return text === null ? [] : [{ kind: 'product_description' as const, refId: p.id, lang, text }];
    }),
  );

async function loadDictionaries(db: Db) {
  const sectionNames = SECTIONS.map((s) => s.name);
  await insertColumns(db, 'sections', [{ name: 'name', type: 'text' }], [sectionNames], { onConflictDoNothing: true });
  const sectionRows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM sections`);
  const sectionId = new Map(sectionRows.map((r) => [r.name, r.id]));
  const cats = SECTIONS.flatMap((s) => s.categories.map((c) => [sectionId.get(s.name)!, c.name] as const));
  await insertColumns(
    db,
    'categories',
    [
      { name: 'section_id', type: 'int' },
      { name: 'name', type: 'text' },
    ],
    [cats.map((c) => c[0]), cats.map((c) => c[1])],
    { onConflictDoNothing: true },
  );
  const catRows = await queryRows<{ id: number; name: string; section_id: number }>(db, sql`SELECT id, name, section_id FROM categories`);
  const categoryId = new Map(catRows.map((r) => [`${r.section_id}|${r.name}`, r.id]));
  await insertTranslations(db, [
    ...sectionRows.flatMap((r) => DEMO_LANGUAGES.flatMap((lang) => named('section', r.id, lang, SECTION_NAMES[r.name]?.[lang]))),
    ...catRows.flatMap((r) => DEMO_LANGUAGES.flatMap((lang) => named('category', r.id, lang, CATEGORY_NAMES[r.name]?.[lang]))),
  ]);
  await insertColumns(db, 'brands', [{ name: 'name', type: 'text' }], [Object.keys(BRANDS)], { onConflictDoNothing: true });
  const brandRows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM brands`);
  const brandId = new Map(brandRows.map((r) => [r.name, r.id]));
  return { sectionId, categoryId, brandId };
}

export type LoadOptions = {
  /** Last day of the history (day number); default today (UTC). */
  endDay?: number;
  /** Called after each batch (bench progress). */
  onProgress?: (done: { products: number; spans: number }) => void;
  batchProducts?: number;
  /**
   * The caller builds the price index (0021) itself: the demo shops rewrite whole networks right after the seed
   * and rebuild it then (demo-shops/setup.ts), so a rebuild here would be thrown away (~50 s of CPU on PGlite).
   */
  indexLater?: boolean;
};

export async function loadCatalogue(db: Db, size: CatalogueSize, opts: LoadOptions = {}): Promise<LoadResult> {
  const started = Date.now();
  const shopsAdded = await ensureShops(db, size.shops);
  await fillParserMap(db);
  const dict = await loadDictionaries(db);
  const shops = await queryRows<GenShop>(
    db,
    sql`SELECT s.id, s.code, n.code AS network, s.country FROM shops s JOIN networks n ON n.id = s.network_id ORDER BY s.id`,
  );
  const [{ max } = { max: 0 }] = await queryRows<{ max: number | null }>(db, sql`SELECT max(id) AS max FROM products`);
  const firstId = (max ?? 0) + 1;

  const totals = { products: 0, offers: 0, spans: 0, current: 0 };
  // The analytics totals (price_day_totals) are rebuilt once after the load: kept row by row, every batch
  // would increment the same day x shop x section rows again and a 10M-span load would crawl. Only for a
  // loader that owns the database (demo seed, bench): the trigger is off for every writer meanwhile.
  // A database older than the totals (the upgrade test seeds one made by the previous release) has neither.
  const [{ totalsKept } = { totalsKept: false }] = await queryRows<{ totalsKept: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'price_spans_totals_ins' AND tgrelid = 'price_spans'::regclass) AS "totalsKept"`,
  );
  if (!totalsKept) {
    await loadBatches();
    return { ...totals, shops: shopsAdded, seconds: (Date.now() - started) / 1000 };
  }
  // The pair runs (migration 0019) likewise, where the database has them.
  const [{ runsKept } = { runsKept: false }] = await queryRows<{ runsKept: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'price_spans_runs_ins' AND tgrelid = 'price_spans'::regclass) AS "runsKept"`,
  );
  // The price index (migration 0021) likewise: its trigger would queue every loaded span for the commit.
  const [{ indexKept } = { indexKept: false }] = await queryRows<{ indexKept: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'price_spans_index_ins' AND tgrelid = 'price_spans'::regclass) AS "indexKept"`,
  );
  await db.execute(sql`ALTER TABLE price_spans DISABLE TRIGGER price_spans_totals_ins`);
  if (runsKept) await db.execute(sql`ALTER TABLE price_spans DISABLE TRIGGER price_spans_runs_ins`);
  if (indexKept) await db.execute(sql`ALTER TABLE price_spans DISABLE TRIGGER price_spans_index_ins`);
  try {
    await loadBatches();
  } finally {
    await db.execute(sql`ALTER TABLE price_spans ENABLE TRIGGER price_spans_totals_ins`);
    await db.execute(sql`SELECT price_day_totals_rebuild()`);
    if (runsKept) {
      await db.execute(sql`ALTER TABLE price_spans ENABLE TRIGGER price_spans_runs_ins`);
      await db.execute(sql`SELECT price_pair_runs_rebuild()`);
    }
    if (indexKept) {
      await db.execute(sql`ALTER TABLE price_spans ENABLE TRIGGER price_spans_index_ins`);
      if (!opts.indexLater) await db.execute(sql`SELECT price_index_rebuild()`);
    }
  }
  return { ...totals, shops: shopsAdded, seconds: (Date.now() - started) / 1000 };

  async function loadBatches() {
    for (const b of generateCatalogue({
      size,
      shops,
      endDay: opts.endDay ?? todayDay(),
      firstId,
      batchProducts: opts.batchProducts,
    })) {
      const p = b.products;
      totals.products += await insertColumns(
        db,
        'products',
        [
          { name: 'id', type: 'int' },
          { name: 'ean', type: 'text' },
          { name: 'article', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'brand_id', type: 'int' },
          { name: 'section_id', type: 'int' },
          { name: 'category_id', type: 'int' },
          { name: 'weight', type: 'float8' },
          { name: 'unit', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'country', type: 'text' },
        ],
        [
          p.map((x) => x.id),
          p.map((x) => x.ean),
          p.map((x) => x.article),
          p.map((x) => x.name),
          p.map((x) => dict.brandId.get(x.brand) ?? null),
          p.map((x) => dict.sectionId.get(x.section) ?? null),
          p.map((x) => dict.categoryId.get(`${dict.sectionId.get(x.section)}|${x.category}`) ?? null),
          p.map((x) => x.weight),
          p.map((x) => x.unit),
          p.map((x) => x.description),
          p.map((x) => x.country),
        ],
        { overridingSystemValue: true },
      );
      await insertTranslations(db, descriptionTranslations(p));
      const o = b.offers;
      totals.offers += await insertColumns(
        db,
        'offers',
        [
          { name: 'product_id', type: 'int' },
          { name: 'shop_id', type: 'int' },
          { name: 'url', type: 'text' },
          { name: 'shop_article', type: 'text' },
        ],
        [o.productId, o.shopId, o.url, o.shopArticle],
      );
      const s = b.spans;
      totals.spans += await insertColumns(
        db,
        'price_spans',
        [
          { name: 'product_id', type: 'int' },
          { name: 'shop_id', type: 'int' },
          { name: 'start_day', type: 'date' },
          { name: 'end_day', type: 'date' },
          { name: 'regular', type: 'int' },
          { name: 'promo', type: 'int' },
          { name: 'in_stock', type: 'bool' },
          { name: 'source', type: 'smallint' },
        ],
        [s.productId, s.shopId, s.startDay, s.endDay, s.regular, s.promo, s.inStock, s.source],
      );
      const c = b.current;
      totals.current += await insertColumns(
        db,
        'current_prices',
        [
          { name: 'product_id', type: 'int' },
          { name: 'shop_id', type: 'int' },
          { name: 'start_day', type: 'date' },
          { name: 'last_seen', type: 'date' },
          { name: 'regular', type: 'int' },
          { name: 'promo', type: 'int' },
          { name: 'in_stock', type: 'bool' },
          { name: 'source', type: 'smallint' },
        ],
        [c.productId, c.shopId, c.startDay, c.lastSeen, c.regular, c.promo, c.inStock, c.source],
      );
      opts.onProgress?.({ products: totals.products, spans: totals.spans });
    }
    // Ids were given explicitly: move the identity past them.
    await db.execute(sql`SELECT setval(pg_get_serial_sequence('products', 'id'), GREATEST(1, (SELECT max(id) FROM products)))`);
  }
}
