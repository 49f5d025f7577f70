/**
 * Attack on promo analysis by section from kept aggregates (issue 19 item 1, migration 0022): after odd writes the
 * answers by section and by network equal the computation over the spans (helpers/promo-reference.ts) and every kept table
 * its check — odd history (years ago and years ahead, 0.01 and 20M, a 20M price on a 0.01 promo, no section, a price
 * back to an earlier value, the same observation twice in a batch), ten writers at once over one network and several,
 * a shop moved to another network and a product to another section while writers write them, a
 * batch that fails half-way; and the answers do not change when every kept table is rebuilt. PGlite and PostgreSQL;
 * Polish deployment (promo analysis).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { promoAnalysisResponseSchema, type PromoAnalysis, type PromoGroup } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { shopDirectory } from '../../src/core/shop-directory';
import { mulberry32 } from '../../src/demo/catalogue/prng';
import { addDays } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';
import { keptDiffs, NO_DIFFS } from './ingest-model';
import { iso, reference, us, type Span } from '../helpers/promo-reference';

jest.setTimeout(600_000);

/** A failed writer's reason: the database's own message (drizzle wraps it). */
const why = (e: unknown) => String((e as Error & { cause?: Error }).cause?.message ?? e);

let app: FastifyInstance;
let admin: Caller;
const SHOP_CODES = ['albert-prg-andel', 'albert-brn-vankovka', 'lidl-prg-smichov', 'billa-prg-vinohrady', 'kaufland-brn-kralovo-pole'];
let shops: { id: number; code: string; network_id: number }[] = [];
const products: number[] = [];
const sections: number[] = [];
const PAST = '2019-02-04';
const FIRST = '2023-03-06';
const AHEAD = '2031-05-05';
const BIG = 2_000_000_000;
const PERIODS: [string, string][] = [
  [addDays(PAST, -3), addDays(PAST, 20)],
  [addDays(FIRST, 2), addDays(FIRST, 12)],
  [addDays(FIRST, -10), addDays(FIRST, 40)],
  [addDays(AHEAD, -2), addDays(AHEAD, 9)],
];

const obs = (productId: number, shopId: number, day: string, regular: number, promo: number | null = null): Observation => ({
  productId,
  shopId,
  day,
  regular,
  promo,
  inStock: true,
  source: 'parser',
});

async function answer(start: string, end: string, groupBy: PromoGroup) {
  const res = await admin('GET', `/promo-analysis/summary?start=${us(start)}&end=${us(end)}&groupBy=${groupBy}`);
  expect(res.statusCode).toBe(200);
  return promoAnalysisResponseSchema.parse(res.json()).data as PromoAnalysis;
}

/** The answers by section and by network over every period equal the computation over the spans. */
async function expectAnswersFollow(): Promise<unknown[]> {
  const all: unknown[] = [];
  const shopRows = await queryRows<{ id: number; network: string }>(
    app.db,
    sql`SELECT s.id, n.code AS network FROM shops s JOIN networks n ON n.id = s.network_id`,
  );
  const network = new Map(shopRows.map((s) => [Number(s.id), s.network]));
  const productRows = await queryRows<{ id: number; brand_id: number | null; section_id: number | null }>(
    app.db,
    sql`SELECT id, brand_id, section_id FROM products`,
  );
  const spans = (
    await queryRows<Span>(app.db, sql`SELECT product_id, shop_id, start_day::text AS start_day, end_day::text AS end_day, regular, promo FROM price_spans`)
  ).map((s) => ({ ...s, start_day: iso(s.start_day), end_day: iso(s.end_day) }));
  for (const [start, end] of PERIODS) {
    for (const groupBy of ['section', 'network'] as const) {
      const data = await answer(start, end, groupBy);
      const want = reference(spans, start, end, groupBy, {
        network,
        brand: new Map(productRows.map((p) => [Number(p.id), p.brand_id])),
        section: new Map(productRows.map((p) => [Number(p.id), p.section_id])),
      });
      const got = data.rows
        .map((r) => ({
          key: r.key,
          products: r.products,
          promoProducts: r.promoProducts,
          avgDepthPct: r.avgDepthPct,
          maxDepthPct: r.maxDepthPct,
          avgDurationDays: r.avgDurationDays,
          promoCount: r.promoCount,
        }))
        .sort((x, y) => x.key.localeCompare(y.key));
      const label = `${groupBy} ${start} – ${end}`;
      // The average depth is summed in another order (per day in the totals): equal to the rounding.
      expect({ label, rows: got.map((r) => ({ ...r, avgDepthPct: null })) }).toEqual({ label, rows: want.rows.map((r) => ({ ...r, avgDepthPct: null })) });
      got.forEach((r, i) => expect(Math.abs((r.avgDepthPct ?? 0) - (want.rows[i]!.avgDepthPct ?? 0))).toBeLessThanOrEqual(0.1));
      expect({ label, weekly: data.weekly }).toEqual({ label, weekly: want.weekly });
      all.push({ label, rows: data.rows, weekly: data.weekly });
    }
  }
  return all;
}

async function expectKept() {
  expect(await keptDiffs(app.db)).toEqual(NO_DIFFS);
}

/** A day of a shop: chain promos in the Albert shops, own promos elsewhere, prices that come back, odd values. */
function dayOf(shop: { id: number; code: string }, day: number, rnd: () => number, only = products): Observation[] {
  return only
    .filter(() => rnd() > 0.1)
    .map((p, i) => {
      const cycle = (day + i) % 9;
      const regular = i % 7 === 0 ? BIG : i % 7 === 1 ? 3 : 1000 + i * 13 + (cycle < 5 ? 0 : 40);
      const chain = shop.code.startsWith('albert-') && cycle >= 2 && cycle <= 5;
      const own = !shop.code.startsWith('albert-') && (day + i + shop.id) % 5 === 0;
      const promo = chain || own ? (i % 7 === 0 ? 1 : i % 7 === 1 ? 2 : Math.round(regular * (cycle === 4 ? 0.6 : 0.75))) : null;
      return obs(p, shop.id, addDays(FIRST, day), regular, promo);
    });
}

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  for (const name of ['Odd promo A', 'Odd promo B']) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES (${name}) RETURNING id`);
    sections.push(Number(row!.id));
  }
  for (let i = 0; i < 21; i++) {
    const section = i % 3 === 2 ? null : sections[i % 3]!;
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, section_id, country) VALUES (${`Odd promo ${i}`}, ${section}, 'pl') RETURNING id`,
    );
    products.push(Number(row!.id));
  }
  shops = (
    await queryRows<{ id: number; code: string; network_id: number }>(
      app.db,
      sql`SELECT id, code, network_id FROM shops WHERE code = ANY(${sql.param(SHOP_CODES)}::text[]) ORDER BY code`,
    )
  ).map((s) => ({ ...s, id: Number(s.id), network_id: Number(s.network_id) }));
  expect(shops).toHaveLength(SHOP_CODES.length);
  shopDirectory(app.db).invalidate();
});
afterAll(() => app?.close());

describe('promo analysis by section follows odd writes', () => {
  it('odd history: years ago and ahead, 0.01 and 20M, a 20M price on a 0.01 promo, no section, prices that come back', async () => {
    const [a1, a2, l] = [
      shops.find((s) => s.code === 'albert-prg-andel')!,
      shops.find((s) => s.code === 'albert-brn-vankovka')!,
      shops.find((s) => s.code === 'lidl-prg-smichov')!,
    ];
    const [p0, p1, p2, p3] = products as [number, number, number, number];
    const steps: Observation[][] = [
      [obs(p0, a1.id, PAST, BIG, 1), obs(p0, a2.id, PAST, BIG, 1), obs(p1, a1.id, PAST, 1), obs(p2, l.id, PAST, 5, 4)],
      // Twice in one batch, the same pair and day at two prices, an older day (ignored).
      [
        obs(p0, a1.id, addDays(PAST, 1), BIG, 1),
        obs(p0, a1.id, addDays(PAST, 1), BIG, 1),
        obs(p1, a1.id, addDays(PAST, 1), 2, 1),
        obs(p1, a1.id, addDays(PAST, 1), 1),
        obs(p2, l.id, addDays(PAST, -2), 9, 1),
      ],
      // Deeper mid-promo in one Albert shop, promo ends and comes back at the same depth.
      [obs(p0, a1.id, addDays(PAST, 2), BIG, BIG / 2), obs(p0, a2.id, addDays(PAST, 2), BIG, 1), obs(p3, a1.id, addDays(PAST, 2), 700, 600)],
      [obs(p0, a1.id, addDays(PAST, 3), BIG), obs(p0, a2.id, addDays(PAST, 3), BIG), obs(p3, a1.id, addDays(PAST, 3), 700)],
      [obs(p0, a1.id, addDays(PAST, 4), BIG, 1), obs(p0, a2.id, addDays(PAST, 5), BIG, 1), obs(p3, a1.id, addDays(PAST, 4), 700, 600)],
      [obs(p3, a1.id, addDays(PAST, 9), 700, 600), obs(p2, l.id, addDays(PAST, 9), 5, 4)],
      // Years ahead: a promo across the period's first day, one starting in it.
      [obs(p0, a1.id, addDays(AHEAD, -5), 1000, 500), obs(p1, l.id, addDays(AHEAD, 1), 1000, 990)],
      [obs(p0, a1.id, addDays(AHEAD, 3), 1000, 500), obs(p1, l.id, addDays(AHEAD, 4), 1000, 990), obs(p2, a2.id, AHEAD, BIG, 1)],
    ];
    for (const batch of steps) await recordObservations(app.db, batch);
    await expectKept();
    await expectAnswersFollow();
  });

  it('ten writers at once over the shops of one network and of several, day after day', async () => {
    const rnd = mulberry32(2200);
    const albert = shops.filter((s) => s.code.startsWith('albert-'));
    for (let day = 0; day < 12; day++) {
      // Ten batches: each Albert shop's products in three parts, the other shops in two parts each... all disjoint pairs.
      const batches = [
        ...albert.flatMap((s) =>
          [0, 1, 2].map((part) =>
            dayOf(
              s,
              day,
              rnd,
              products.filter((_, i) => i % 3 === part),
            ),
          ),
        ),
        ...shops
          .filter((s) => !s.code.startsWith('albert-'))
          .flatMap((s) =>
            [0, 1].map((part) =>
              dayOf(
                s,
                day,
                rnd,
                products.filter((_, i) => i % 2 === part),
              ),
            ),
          ),
      ].slice(0, 10);
      expect(batches).toHaveLength(10);
      const results = await Promise.allSettled(batches.map((b) => app.db.transaction((tx) => recordObservations(tx as unknown as Db, b))));
      expect(results.filter((r) => r.status === 'rejected').map((r) => why((r as PromiseRejectedResult).reason))).toEqual([]);
    }
    await expectKept();
    await expectAnswersFollow();
  });

  it('a shop moved to another network and a product to another section while eight writers write', async () => {
    const rnd = mulberry32(2300);
    const mover = shops.find((s) => s.code === 'albert-brn-vankovka')!;
    const lidl = shops.find((s) => s.code === 'lidl-prg-smichov')!;
    for (let day = 12; day < 16; day++) {
      const batches = shops.flatMap((s) =>
        [0, 1].map((part) =>
          dayOf(
            s,
            day,
            rnd,
            products.filter((_, i) => i % 2 === part),
          ),
        ),
      );
      // Ten transactions (the pool's size): eight writers, the shop's move and the product's section move.
      const move = app.db.transaction((tx) =>
        tx.execute(sql`UPDATE shops SET network_id = ${day % 2 ? lidl.network_id : mover.network_id} WHERE id = ${mover.id}`),
      );
      const section = app.db.transaction((tx) =>
        tx.execute(sql`UPDATE products SET section_id = ${day % 2 ? null : sections[day % 4 === 0 ? 0 : 1]!} WHERE id = ${products[4]!}`),
      );
      const results = await Promise.allSettled([
        move,
        section,
        ...batches.slice(0, 8).map((b) => app.db.transaction((tx) => recordObservations(tx as unknown as Db, b))),
      ]);
      expect(results.filter((r) => r.status === 'rejected').map((r) => why((r as PromiseRejectedResult).reason))).toEqual([]);
    }
    await expectKept();
    // Moved for good: the analysis follows the shop's network and the product's section now.
    await app.db.execute(sql`UPDATE shops SET network_id = ${lidl.network_id} WHERE id = ${mover.id}`);
    await app.db.execute(sql`UPDATE products SET section_id = ${sections[1]!} WHERE id = ${products[0]!}`);
    shopDirectory(app.db).invalidate();
    await expectKept();
    await expectAnswersFollow();
  });

  it('a batch that fails half-way changes no answer', async () => {
    const before = await expectAnswersFollow();
    const rnd = mulberry32(2400);
    const batch = [...shops.flatMap((s) => dayOf(s, 16, rnd)), obs(2_000_000_000, shops[0]!.id, addDays(FIRST, 16), 100)];
    await expect(recordObservations(app.db, batch)).rejects.toThrow();
    await expectKept();
    expect(await expectAnswersFollow()).toEqual(before);
  });

  it('every kept table rebuilt from the spans gives the same answers', async () => {
    const before = await expectAnswersFollow();
    await app.db.transaction(async (tx) => {
      for (const fn of ['price_day_totals_rebuild', 'price_pair_runs_rebuild', 'price_network_runs_rebuild', 'price_index_rebuild']) {
        await tx.execute(sql.raw(`SELECT ${fn}()`));
      }
    });
    await expectKept();
    expect(await expectAnswersFollow()).toEqual(before);
  });
});
