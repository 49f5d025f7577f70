/**
 * Catalogue fixtures with known prices on top of the (small) demo catalogue, so tests can assert exact
 * figures: two products priced day by day over the last 30 days through recordObservations (the same
 * path parsers use).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { eanCheckDigit } from '../../src/demo/catalogue/ean';
import { addDays, todayIso } from '../../src/lib/days';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { shopDirectory } from '../../src/core/shop-directory';
import type { Session } from './build';

const ean = (body12: string) => body12 + eanCheckDigit(body12);

/** Cocoa (cz) and buckwheat (ua): names with LIKE wildcards and regex characters on purpose. */
export const FIXTURES = {
  cocoa: {
    name: 'Fixture 100% Cocoa_Mix (Special) [Test] .* 250 g',
    ean: ean('859999900001'),
    article: '999001',
    country: 'cz',
  },
  buckwheat: {
    name: 'Fixture Buckwheat Premium 1 kg',
    ean: ean('482999900002'),
    article: '999002',
    country: 'ua',
  },
} as const;

export type Fixtures = {
  cocoa: number;
  buckwheat: number;
  /** First and last day of the fixture prices (30 days ending today). */
  start: string;
  end: string;
  shop: (code: string) => number;
};

/** MM/DD/YYYY of an ISO day. */
export const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Cocoa, CZK, 30 days: albert-prg-andel 100.00 with a promo at 80.00 on days 21–27 (of 30), then
 * 100.00 again; lidl-prg-smichov 90.00; kaufland-brn-kralovo-pole 110.00, out of stock on days 25–26;
 * billa-prg-vinohrady 95.00. Also auchan-kyi-petrivka 400.00 UAH (another currency).
 * Buckwheat, UAH, 30 days: auchan-kyi-petrivka 50.00, auchan-lvi-sykhiv 52.00, atb-kyi-obolon 45.00,
 * silpo-kyi-pechersk 60.00.
 */
export async function addFixtures(app: FastifyInstance): Promise<Fixtures> {
  const db = app.db;
  const [brand] = await queryRows<{ id: number }>(db, sql`SELECT id FROM brands WHERE name = 'Madeta'`);
  const [section] = await queryRows<{ id: number }>(db, sql`SELECT id FROM sections WHERE name = 'Grocery'`);
  const insert = async (f: (typeof FIXTURES)[keyof typeof FIXTURES]) => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO products (ean, article, name, brand_id, section_id, weight, unit, description, country)
          VALUES (${f.ean}, ${f.article}, ${f.name}, ${brand!.id}, ${section!.id}, 250, 'g', 'fixture', ${f.country})
          RETURNING id`,
    );
    return row!.id;
  };
  const cocoa = await insert(FIXTURES.cocoa);
  const buckwheat = await insert(FIXTURES.buckwheat);
  const shops = await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM shops`);
  const shopId = new Map(shops.map((s) => [s.code, s.id]));
  const shop = (code: string) => {
    const id = shopId.get(code);
    if (!id) throw new Error(`no shop ${code}`);
    return id;
  };
  const end = todayIso();
  const start = addDays(end, -29);
  for (let d = 0; d < 30; d++) {
    const day = addDays(start, d);
    const n = d + 1;
    const obs = (productId: number, code: string, regular: number, promo: number | null = null, inStock = true): Observation => ({
      productId,
      shopId: shop(code),
      day,
      regular,
      promo,
      inStock,
      source: 'parser',
    });
    await recordObservations(db, [
      obs(cocoa, 'albert-prg-andel', 10000, n >= 21 && n <= 27 ? 8000 : null),
      obs(cocoa, 'lidl-prg-smichov', 9000),
      obs(cocoa, 'kaufland-brn-kralovo-pole', 11000, null, !(n === 25 || n === 26)),
      obs(cocoa, 'billa-prg-vinohrady', 9500),
      obs(cocoa, 'auchan-kyi-petrivka', 40000),
      obs(buckwheat, 'auchan-kyi-petrivka', 5000),
      obs(buckwheat, 'auchan-lvi-sykhiv', 5200),
      obs(buckwheat, 'atb-kyi-obolon', 4500),
      obs(buckwheat, 'silpo-kyi-pechersk', 6000),
    ]);
  }
  await db.execute(sql`INSERT INTO offers (product_id, shop_id, url, shop_article)
    VALUES (${cocoa}, ${shop('albert-prg-andel')}, 'https://www.albert.cz/p/777', '777')`);
  shopDirectory(db).invalidate();
  return { cocoa, buckwheat, start, end, shop };
}

export type Caller = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** Calls as the session's user, as the browser makes them: the token in the query, the anti-forgery pair on every call. */
export function callerFor(app: FastifyInstance, session: Session): Caller {
  return (method, url, payload) =>
    app.inject({
      method,
      url,
      query: { token: session.token },
      cookies: session.xsrf.cookies,
      headers: session.xsrf.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * Makes demo network users Ashan-type in this test app. Analytics follow the menu rule (admin or Ashan,
 * not hunter-limit; docs/access.md), so a network user with a narrow view (analyst: albert, lidl,
 * kaufland; atb: atb, silpo, novus) needs the flag before the tests of what such a user sees.
 */
export async function makeAshanType(app: FastifyInstance, usernames: string[]): Promise<void> {
  await app.db.execute(
    sql`UPDATE users SET is_ashan = true WHERE username IN ${sql`(${sql.join(
      usernames.map((u) => sql`${u}`),
      sql`, `,
    )})`}`,
  );
}
