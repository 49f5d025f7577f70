/**
 * Demo mode: starts the demo shops on loopback with the demo catalogue's products of each shop, points
 * those offers' URLs at the running shops (ports change between starts), and upserts one parser
 * definition per shop (parsers table), each pointing at its shop; a parser set up for the first time
 * first gets its shop's history as it would have recorded it (history.ts). Scheduled a few times a
 * day; the first run comes shortly after start (docs/parsers.md "Demo shops").
 */
import { sql } from 'drizzle-orm';
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../db/client';
import { DEMO_SHOPS, DEMO_SHOP_PRODUCTS, definitionFor, productsShown, type DemoShopSpec } from './catalog';
import type { DemoProduct } from './pages';
import { startDemoShops, type DemoShops, type StartOptions } from './server';
import { alignDemoHistory } from './history';
import { todayDay } from '../lib/days';

export const DEMO_SCHEDULE = '0 */6 * * *';

/** A product the shop sells that the catalogue does not know: its page is a "not found" of the parser. */
export const UNKNOWN_PRODUCT: DemoProduct = {
  id: 9_999_001,
  ean: '5901234123457',
  name: 'Seasonal special (not in the catalogue)',
  article: 'seasonal-special',
};

/**
 * Each product's regular price in the catalogue (minor units), the anchor of its demo price (prices.ts):
 * its median over the shops of networks without a demo shop, whose prices no demo parser or alignment
 * rewrites, so it stays the same from one start to the next; failing those, its median anywhere.
 */
async function catalogueBases(db: Db, productIds: number[], demoNetworkIds: number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await queryRows<{ product_id: number; outside: number | string | null; anywhere: number | string | null }>(
    db,
    sql`SELECT cp.product_id,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY cp.regular) FILTER (WHERE s.network_id <> ALL(${sql.param(demoNetworkIds)}::int[])) AS outside,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY cp.regular) AS anywhere
      FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
      WHERE cp.product_id = ANY(${sql.param(productIds)}::int[]) GROUP BY cp.product_id`,
  );
  return new Map(rows.map((r) => [Number(r.product_id), Math.round(Number(r.outside ?? r.anywhere))]));
}

async function productsOf(db: Db, spec: DemoShopSpec, shopId: number, demoNetworkIds: number[]): Promise<DemoProduct[]> {
  const load = () =>
    queryRows<{ id: number; ean: string | null; name: string; shop_article: string | null }>(
      db,
      sql`SELECT p.id, p.ean, p.name, o.shop_article FROM offers o JOIN products p ON p.id = o.product_id
        WHERE o.shop_id = ${shopId} ORDER BY p.id LIMIT ${productsShown(spec)}`,
    );
  let rows = await load();
  if (rows.length < DEMO_SHOP_PRODUCTS) {
    // A small catalogue may not give this shop enough offers: it sells some more of its country's products.
    await db.execute(sql`INSERT INTO offers (product_id, shop_id, shop_article)
      SELECT p.id, ${shopId}, 'd' || p.id FROM products p WHERE p.country = ${spec.country}
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.shop_id = ${shopId})
      ORDER BY p.id LIMIT ${DEMO_SHOP_PRODUCTS - rows.length} ON CONFLICT DO NOTHING`);
    rows = await load();
  }
  const extraRow = spec.template === 'jsonld' ? await unlistedOf(db, spec, shopId) : undefined;
  const bases = await catalogueBases(db, [...rows.map((r) => Number(r.id)), ...(extraRow ? [Number(extraRow.id)] : [])], demoNetworkIds);
  const base = (id: number) => (bases.has(id) ? { base: bases.get(id)! } : {});
  const products = rows.map((r, i) => ({
    id: Number(r.id),
    ...base(Number(r.id)),
    ean: r.ean,
    name: r.name,
    article: r.shop_article || `d${r.id}`,
    ...(spec.misprint?.index === i ? { misprint: spec.misprint.factor } : {}),
  }));
  if (spec.template !== 'jsonld') return products;
  const extra = extraRow ? [{ id: Number(extraRow.id), ...base(Number(extraRow.id)), ean: null, name: extraRow.name, article: `unlisted-${extraRow.id}` }] : [];
  return [...products, UNKNOWN_PRODUCT, ...extra];
}

/**
 * A catalogue product this shop has no offer for, on a page without EAN: nothing names its product, so
 * it waits in "To match" with the right product suggested (docs/parsers.md "Matching pages to products").
 */
async function unlistedOf(db: Db, spec: DemoShopSpec, shopId: number): Promise<{ id: number; name: string } | undefined> {
  const [unlisted] = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT p.id, p.name FROM products p WHERE p.country = ${spec.country}
      AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.product_id = p.id AND o.shop_id = ${shopId}) ORDER BY p.id LIMIT 1`,
  );
  return unlisted;
}

/** Pages of a demo shop whose product the catalogue does not link to it: no offer URL to keep up. */
const unlistedPage = (p: DemoProduct) => p === UNKNOWN_PRODUCT || p.article.startsWith('unlisted-');

/** The price index's span triggers (migration 0021). */
const INDEX_TRIGGERS = ['price_spans_index_ins', 'price_spans_index_upd', 'price_spans_index_del'] as const;

async function indexTriggersPresent(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ kept: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'price_spans_index_ins' AND tgrelid = 'price_spans'::regclass) AS kept`,
  );
  return row?.kept ?? false;
}

/** History is kept but the index holds nothing of it (the seed left it to the demo shops). */
async function indexMissing(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ missing: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM price_spans) AND NOT EXISTS (SELECT 1 FROM price_shop_days) AS missing`,
  );
  return row?.missing ?? false;
}

export async function setupDemoShops(db: Db, opts: Omit<StartOptions, 'products'> = {}): Promise<DemoShops> {
  const specs = opts.specs ?? DEMO_SHOPS;
  const shopRows = await queryRows<{ id: number; code: string; name: string; network_id: number }>(
    db,
    sql`SELECT id, code, name, network_id FROM shops WHERE code = ANY(${sql.param(specs.map((s) => s.code))}::text[])`,
  );
  const byCode = new Map(shopRows.map((r) => [r.code, r]));
  const present = specs.filter((s) => byCode.has(s.code));
  // Every demo shop's network, started now or not: their prices are (or may become) the demo's own.
  const demoNetworkIds = (
    await queryRows<{ network_id: number }>(
      db,
      sql`SELECT DISTINCT network_id FROM shops WHERE code = ANY(${sql.param(DEMO_SHOPS.map((s) => s.code))}::text[])`,
    )
  ).map((r) => Number(r.network_id));
  const products = new Map<string, DemoProduct[]>();
  for (const spec of present) products.set(spec.code, await productsOf(db, spec, byCode.get(spec.code)!.id, demoNetworkIds));

  const shops = await startDemoShops({ ...opts, specs: present, products });
  try {
    await db.transaction(async (t) => {
      // The history alignment and the index rebuild over the whole demo catalogue may outlast the server's
      // per-statement timeout on a loaded machine (a first start on PostgreSQL died so); as the seed does.
      await t.execute(sql`SET LOCAL statement_timeout = 0`);
      const existing = new Set(
        (await queryRows<{ code: string }>(t, sql`SELECT code FROM parsers WHERE code = ANY(${sql.param(present.map((s) => s.code))}::text[])`)).map(
          (r) => r.code,
        ),
      );
      // A history rewrite of whole networks is what the price index's commit-time apply (0021) is slowest at: each
      // lost price re-reads its shop × section × day. The first start aligns several shops' years in this one
      // transaction, so its kept index is rebuilt once from the spans instead (as catalogue loads do; the ALTERs
      // hold price_spans only until this start-up transaction commits).
      const aligning = shops.shops.some((r) => !existing.has(r.spec.code));
      const indexKept = await indexTriggersPresent(t);
      // The seed leaves the index to this step (seed.ts indexLater): an empty index beside a history is built here.
      const rebuild = indexKept && (aligning || (await indexMissing(t)));
      if (rebuild && aligning) for (const trigger of INDEX_TRIGGERS) await t.execute(sql.raw(`ALTER TABLE price_spans DISABLE TRIGGER ${trigger}`));
      for (const running of shops.shops) {
        const shop = byCode.get(running.spec.code)!;
        const known = running.products.filter((p) => !unlistedPage(p));
        if (known.length) {
          await t.execute(sql`UPDATE offers o SET url = ${running.base} || '/p/' || x.article
            FROM unnest(${sql.param(known.map((p) => p.id))}::int[], ${sql.param(known.map((p) => encodeURIComponent(p.article)))}::text[]) AS x(id, article)
            WHERE o.shop_id = ${shop.id} AND o.product_id = x.id`);
        }
        const definition = parserDefinitionSchema.parse(
          definitionFor(
            running.spec,
            running.base,
            running.products.map((p) => encodeURIComponent(p.article)),
          ),
        );
        await t.execute(sql`INSERT INTO parsers (code, name, network_id, shop_id, country, definition, schedule, demo)
          VALUES (${shop.code}, ${shop.name}, ${shop.network_id}, ${shop.id}, ${running.spec.country}, ${JSON.stringify(definition)}::jsonb, ${DEMO_SCHEDULE}, true)
          ON CONFLICT (code) DO UPDATE SET definition = EXCLUDED.definition, updated_at = now()`);
        // A new demo parser: its shop's history becomes what the parser would have recorded (history.ts).
        if (!existing.has(shop.code)) {
          // The unlisted product's too: the network's median agrees with its page once it is matched.
          const aligned = running.products.filter((p) => p !== UNKNOWN_PRODUCT);
          await alignDemoHistory(t, { id: Number(shop.id), code: shop.code, networkId: Number(shop.network_id) }, aligned, todayDay());
        }
      }
      if (rebuild) {
        if (aligning) for (const trigger of INDEX_TRIGGERS) await t.execute(sql.raw(`ALTER TABLE price_spans ENABLE TRIGGER ${trigger}`));
        await t.execute(sql`SELECT price_index_rebuild()`);
      }
    });
  } catch (err) {
    await shops.close();
    throw err;
  }
  return shops;
}
