/**
 * The shared set-up of the kept price tables' tests (price index, network runs, network day totals, product runs):
 * one app for the file, its networks with two shops or more, twelve products of the test's own, a shop's day of
 * observations from the file's price rule, the writers (ten at once, one shop alone), and the checks that every kept
 * table's test makes (the rebuild gives the same rows; the diff sees a wrong row). Each file keeps its data and what
 * it asserts; this holds only what was the same in all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { addDays } from '../../src/lib/days';
import { build, loginAs } from './build';
import { callerFor, type Caller } from './catalogue';
import { recordTenAtOnce } from './ten-writers';

export type KeptNetwork = { network: number; country: string; shops: number[] };

export type KeptTablesOptions = {
  /** The app's environment (COUNTRY, DEMO_PRODUCTS…). */
  env: Record<string, string>;
  /** A day before the demo history (the last 365 days): only the file's spans fall on the days from it. */
  first: string;
  /** The products' names ('<name> 0'…) and, with `section`, their section's name. */
  name: string;
  productCountry: 'cz' | 'pl';
  /** Two products in three in a section of their own (the others in none); without it, none in a section. */
  section: boolean;
  /** The networks of these countries only, in this order, biggest first; all networks, biggest first, without it. */
  countries?: string[];
  /** Below this draw a product is not observed that day. */
  skipBelow: number;
  /** The prices of product i in the k-th shop on a day (days counted from `first`). */
  price: (i: number, k: number, day: number) => { regular: number; promo: number | null };
};

export type KeptTables = {
  /** Set in beforeAll. */
  app: FastifyInstance;
  db: Db;
  productIds: number[];
  byNetwork: KeptNetwork[];
  /** A day counted from `first`, as an ISO day and as the analytics screens' MM/DD/YYYY. */
  day: (n: number) => string;
  us: (n: number) => string;
  /** One day's observations of a shop (the k-th of its set): the file's prices, products skipped now and then. */
  dayOf: (shop: number, k: number, day: number, rnd: () => number) => Observation[];
  /** Ten batches at once, each in a transaction of its own; every one lands. */
  tenAtOnce: (batches: Observation[][]) => Promise<void>;
  /** A shop's days written one transaction a day, no other writer. */
  alone: (shop: number, days: [from: number, to: number], rnd: () => number) => Promise<void>;
  /** A new shop in `from`'s network and city. */
  shopLike: (from: number, code: string) => Promise<number>;
  /** A call as the admin, logged in for it. */
  asAdmin: Caller;
  /** The kept rows (`rows` gives one key a row) before and after the rebuild are the same; returns them. */
  expectRebuildKeeps: (rows: SQL, rebuild: SQL) => Promise<{ k: string }[]>;
  /** Each change, made in a transaction that is undone, makes `diff` report something. */
  expectCheckSees: (changes: SQL[], diff: (db: Db) => Promise<unknown[]>) => Promise<void>;
};

/**
 * Prices that differ by shop (the k-th) and move on a seven-day cycle, the promo price from the file's rule — the
 * rule of the price index's, the network day totals' and the product runs' tests.
 */
export const weekly =
  (promo: (regular: number, cycle: number) => number | null): KeptTablesOptions['price'] =>
  (i, k, day) => {
    const cycle = (day + i + k) % 7;
    const regular = 1000 + i * 10 + k * 3 + (cycle < 3 ? 0 : 7);
    return { regular, promo: promo(regular, cycle) };
  };

/** Registers the file's beforeAll (app start, networks, products) and afterAll (app close). */
export function keptTables(o: KeptTablesOptions): KeptTables {
  const kit = { productIds: [] as number[], byNetwork: [] as KeptNetwork[] } as KeptTables;
  kit.day = (n) => addDays(o.first, n);
  kit.us = (n) => {
    const d = kit.day(n);
    return `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  };
  kit.dayOf = (shop, k, day, rnd) =>
    kit.productIds
      .filter(() => rnd() > o.skipBelow)
      .map((p, i) => ({ productId: p, shopId: shop, day: kit.day(day), ...o.price(i, k, day), inStock: true, source: 'parser' as const }));
  kit.tenAtOnce = (batches) => recordTenAtOnce(kit.db, batches);
  kit.alone = async (shop, [from, to], rnd) => {
    for (let day = from; day < to; day++) await kit.db.transaction((tx) => recordObservations(tx as unknown as Db, kit.dayOf(shop, 1, day, rnd)));
  };
  kit.shopLike = async (from, code) => {
    const [shop] = await queryRows<{ id: number }>(
      kit.db,
      sql`INSERT INTO shops (code, name, network_id, country, city_code)
          SELECT ${code}, 'Gone', network_id, country, city_code FROM shops WHERE id = ${from} RETURNING id`,
    );
    return Number(shop!.id);
  };
  kit.asAdmin = async (method, path, body) => callerFor(kit.app, await loginAs(kit.app, 'admin'))(method, path, body);
  kit.expectRebuildKeeps = async (rows, rebuild) => {
    const read = () => queryRows<{ k: string }>(kit.db, rows);
    const before = await read();
    await kit.db.transaction((tx) => tx.execute(rebuild));
    expect(await read()).toEqual(before);
    return before;
  };
  kit.expectCheckSees = async (changes, diff) => {
    for (const change of changes) {
      await kit.db
        .transaction(async (tx) => {
          await tx.execute(change);
          expect((await diff(tx as unknown as Db)).length).toBeGreaterThan(0);
          throw new Error('undo');
        })
        .catch((e: Error) => expect(e.message).toBe('undo'));
    }
  };

  beforeAll(async () => {
    kit.app = await build({ env: o.env });
    kit.db = kit.app.db;
    const only = o.countries ? sql`WHERE n.country = ANY(${sql.param(o.countries)}::text[])` : sql``;
    const byCountry = o.countries ? sql`array_position(${sql.param(o.countries)}::text[], n.country::text),` : sql``;
    const rows = await queryRows<{ network_id: number; country: string; shops: number[] }>(
      kit.db,
      sql`SELECT s.network_id, n.country, array_agg(s.id ORDER BY s.id) AS shops FROM shops s JOIN networks n ON n.id = s.network_id
          ${only} GROUP BY s.network_id, n.country HAVING count(*) >= 2 ORDER BY ${byCountry} count(*) DESC, s.network_id`,
    );
    kit.byNetwork.push(...rows.map((r) => ({ network: r.network_id, country: r.country, shops: r.shops.map(Number) })));
    const section = o.section ? (await queryRows<{ id: number }>(kit.db, sql`INSERT INTO sections (name) VALUES (${o.name}) RETURNING id`))[0]!.id : null;
    for (let i = 0; i < 12; i++) {
      const [row] = await queryRows<{ id: number }>(
        kit.db,
        sql`INSERT INTO products (name, country, section_id) VALUES (${`${o.name} ${i}`}, ${o.productCountry}, ${i % 3 ? section : null}) RETURNING id`,
      );
      kit.productIds.push(row!.id);
    }
  });
  afterAll(() => kit.app?.close());
  return kit;
}
