/**
 * A database made by the previous release (its migration folder, kept as a fixture) and holding data in
 * every table is upgraded by the app's start: every row survives, and the structure is a fresh
 * database's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../../src/db/client';
import { seedDemo } from '../../src/demo/seed';
import { build, loginAs, onPostgres, SERVER_DIR, testDatabase } from '../helpers/build';
import { structureOf } from '../helpers/db-structure';
import { indexDiffFromSpans } from '../helpers/price-index';
import { networkDayTotalsDiff } from '../helpers/network-day-totals';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans } from '../helpers/price-totals';
import { productRunsDiff } from '../helpers/product-runs';

const PREVIOUS = path.join(SERVER_DIR, '__tests__', 'fixtures', 'drizzle-previous-release');
const CURRENT = path.join(SERVER_DIR, 'drizzle');

/** A database that outlives the handle that made it: a PGlite directory, or a test schema. */
function reopenable() {
  if (onPostgres()) return testDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-upgrade-'));
  return {
    options: { dataDir: dir, databaseUrl: null, schema: null },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Rows the demo does not make, one or two in each remaining table, written as the old release could. */
const EXTRA_ROWS = `
  insert into sessions (token_hash, user_id) select 'h1', id from users where username = 'admin';
  insert into login_throttle (key, failures, window_start, last_at) values ('ip:10.0.0.1', 3, now(), now());
  insert into files (name, kind, owner_id, size) select 'f1.xlsx', 'export', id, 10 from users where username = 'admin';
  insert into export_templates (name, type, data, date) values ('t', 'inline', '{"a":1}', '2026-11-01');
  insert into export_schedules (name, template_id, frequency, time, time_zone, cron)
    select 's', id, 'daily', '06:00', 'Europe/Prague', '0 6 * * *' from export_templates;
  insert into export_requests (name, type, params, start_day, end_day, template_id, schedule_id)
    select 'r', 'inline', '{}', '2026-11-01', '2026-11-02', t.id, s.id from export_templates t, export_schedules s;
  insert into export_new_product_templates (name, items) values ('n', '[]');
  insert into parsers (code, name, network_id, country, definition)
    select 'p1', 'P1', id, 'cz', '{"strategy":"auto"}' from networks order by id limit 1;
  insert into scraper_requests (type, product_id, network_id, country)
    select 'price', (select min(id) from products), network_id, 'cz' from parsers;
  insert into parser_runs (parser_id, trigger, scraper_request_id, product_ids)
    select p.id, 'manual', r.id, '{1,2}' from parsers p, scraper_requests r;
  insert into parser_run_items (run_id, seq, url, price) select id, 1, 'https://shop.example/1', 1990 from parser_runs;
  insert into suspicious_prices (run_id, parser_id, product_id, shop_id, day, regular, in_stock, old_price, reference, url)
    select r.id, r.parser_id, (select min(id) from products), (select min(id) from shops), '2026-11-20', 100, true, 50, 'shop', 'https://shop.example/1'
    from parser_runs r;
  insert into leaflets (network_id, name, start_day, end_day) select id, 'L', '2026-11-01', '2026-11-07' from networks order by id limit 1;
  insert into leaflet_pages (leaflet_id, page_no, file_name, type, width, height, bytes, thumb_name)
    select id, 1, 'a.png', 'png', 10, 10, 100, 'a-thumb.png' from leaflets;
  insert into leaflet_prices (leaflet_id, page_id, product_name, price, box)
    select leaflet_id, id, 'Milk', 2490, '{"x":1,"y":2,"w":3,"h":4}' from leaflet_pages;
  insert into leaflet_recognitions (page_id, status) select id, 'done' from leaflet_pages;
  insert into alarms (owner_id, kind, product_ids, shop_ids, rule, value)
    select id, 'price', '{1}', '{1}', 'below', 10 from users where username = 'admin';
  insert into alarm_targets (alarm_id, product_id, shop_id, holds) select id, 1, 1, true from alarms;
  insert into alarm_firings (alarm_id, owner_id, kind, product_id, shop_id, rule) select id, owner_id, kind, 1, 1, rule from alarms;
  insert into alarm_settings (user_id, email, notify) select id, 'a@example.com', 'daily' from users where username = 'admin';
`;

/** Every table's row count and a digest of its rows. */
type Columns = Record<string, string[]>;

async function columnsOf(db: Db): Promise<Columns> {
  const rows = await queryRows<{ t: string; c: string }>(
    db,
    sql`select table_name as t, column_name as c from information_schema.columns
        where table_schema = current_schema() and table_name not like '\\_\\_%' order by table_name, ordinal_position`,
  );
  const out: Columns = {};
  for (const { t, c } of rows) (out[t] ??= []).push(c);
  return out;
}

/**
 * Row count and digest of each table over the given columns: a column added since (parsers.deleted_at)
 * is new and may be empty; what the old columns held must be unchanged.
 */
async function contentsOf(db: Db, columns: Columns): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [t, cols] of Object.entries(columns)) {
    const row = sql.join(
      cols.map((c) => sql`x.${sql.identifier(c)}`),
      sql`, `,
    );
    const [r] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(row(${row})::text, '|' order by row(${row})::text)) as digest from ${sql.identifier(t)} x`,
    );
    out[t] = `${r!.n} ${r!.digest}`;
  }
  return out;
}

describe("a database made by the previous release's migrations", () => {
  const old = reopenable();
  let before: Record<string, string>;
  let oldColumns: Columns;
  let app: FastifyInstance;

  // Each step is its own hook or test: three database starts do not share one time budget.
  beforeAll(async () => {
    const database = await openDatabase(old.options);
    try {
      await database.migrate(PREVIOUS);
      expect(await seedDemo(database.db, { catalogue: { products: 20 } })).toBe(true);
      for (const statement of EXTRA_ROWS.split(';').filter((s) => s.trim())) await database.db.execute(sql.raw(statement));
      oldColumns = await columnsOf(database.db);
      before = await contentsOf(database.db, oldColumns);
    } finally {
      await database.close();
    }
  });
  afterAll(() => app?.close());

  it("is upgraded by the app's start without losing a row", async () => {
    // Data in every table, so a migration that rewrites one cannot lose it unseen.
    expect(Object.entries(before).filter(([, v]) => v.startsWith('0 '))).toEqual([]);
    // The app's own start: migrations, then first-start data (none: the database is not empty).
    app = await build({ database: old });
    // Tables added since are new and may be empty; every old one holds what it held.
    const after = await contentsOf(app.db, oldColumns);
    expect(Object.fromEntries(Object.keys(before).map((t) => [t, after[t]]))).toEqual(before);
    // Migration 0014 moved the history into hash partitions on PostgreSQL; PGlite keeps the one table.
    const [spans] = await queryRows<{ kind: string }>(app.db, sql`select relkind::text as kind from pg_class where oid = to_regclass('price_spans')`);
    expect(spans).toEqual({ kind: onPostgres() ? 'p' : 'r' });
    // The analytics rollups added since (0019 pair runs, 0020 network runs) are built from the history kept.
    const [rollups] = await queryRows<{ pairs: number; networks: number }>(
      app.db,
      sql`select (select count(*) from price_pair_runs)::int as pairs, (select count(*) from price_network_runs)::int as networks`,
    );
    expect(rollups!.pairs).toBeGreaterThan(0);
    expect(rollups!.networks).toBeGreaterThan(0);
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
    // And the price index's rows (0021).
    const [index] = await queryRows<{ days: number; pairs: number; extremes: number }>(
      app.db,
      sql`select (select count(*) from price_network_days)::int as days, (select count(*) from price_network_pair_days)::int as pairs,
                 (select count(*) from price_day_extremes)::int as extremes`,
    );
    expect(index).toEqual({ days: expect.any(Number), pairs: expect.any(Number), extremes: expect.any(Number) });
    expect(Math.min(index!.days, index!.pairs, index!.extremes)).toBeGreaterThan(0);
    expect(await indexDiffFromSpans(app.db)).toEqual([]);
    // And the network day totals (0022), filled from the day totals.
    const [network] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from price_network_day_totals`);
    expect(network!.n).toBeGreaterThan(0);
    expect(await networkDayTotalsDiff(app.db)).toEqual([]);
    // And the per-product promo runs (0024), built from the history kept.
    const [productRuns] = await queryRows<{ n: number; promo: number }>(
      app.db,
      sql`select count(*)::int as n, (count(*) filter (where promo))::int as promo from price_product_runs`,
    );
    expect(productRuns!.n).toBeGreaterThan(0);
    expect(productRuns!.promo).toBeGreaterThan(0);
    expect(await productRunsDiff(app.db)).toEqual([]);
    expect((await loginAs(app, 'admin')).user).toMatchObject({ username: 'admin' });
  });

  it('then has the structure of a fresh database', async () => {
    const fresh = testDatabase();
    const freshDb = await openDatabase(fresh.options);
    try {
      await freshDb.migrate(CURRENT);
      expect(await structureOf(app.db)).toEqual(await structureOf(freshDb.db));
    } finally {
      await freshDb.close();
      await fresh.drop();
    }
  });
});
