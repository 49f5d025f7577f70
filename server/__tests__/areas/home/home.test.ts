/**
 * The home page's tiles (issue 18 item 6, docs/home.md): one call per tile, each allowed exactly to
 * those who may open the screen it links to (403 for the others) and answering what that screen shows
 * the caller. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 *
 * @one-database: what the tiles answer and to whom, one request at a time. (scripts/lib/db-test-files.cjs)
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  homeAlarmsResponseSchema,
  homeExportsResponseSchema,
  homeParsersResponseSchema,
  homePriceChangesResponseSchema,
  homePriceIndexResponseSchema,
  homeSuspiciousResponseSchema,
} from '@pricewatch/shared/contract';
import { queryRows } from '../../../src/db/client';
import { addDays, todayIso } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';

jest.setTimeout(180_000);

const ROLES = ['admin', 'guest', 'operator', 'hunter', 'netadmin', 'analyst', 'ashan', 'metro', 'atb'] as const;
type Role = (typeof ROLES)[number];
const TILES = ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'] as const;
type Tile = (typeof TILES)[number];

/** Spec §6 through the screens the tiles link to: analytics, alarms, unloading prices, parsers. */
const MAY: Record<Role, Tile[]> = {
  admin: ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'],
  guest: ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'],
  ashan: ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'],
  operator: ['parsers', 'suspicious'],
  hunter: ['parsers', 'suspicious'],
  netadmin: ['parsers', 'suspicious'],
  analyst: ['parsers', 'suspicious'],
  metro: ['exports', 'parsers', 'suspicious'],
  atb: ['exports', 'parsers', 'suspicious'],
};

let app: FastifyInstance;
const as = {} as Record<Role, Session>;
const get = (role: Role, url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${as[role].token}` });

beforeAll(async () => {
  app = await build();
  for (const r of ROLES) as[r] = await loginAs(app, r);
});
afterAll(() => app.close());

describe('who gets which tile', () => {
  it.each(ROLES)('%s gets its tiles and 403 from the others', async (role) => {
    const got: Record<string, number> = {};
    for (const tile of TILES) got[tile] = (await get(role, `/home/${tile}`)).statusCode;
    expect(got).toEqual(Object.fromEntries(TILES.map((t) => [t, MAY[role].includes(t) ? 200 : 403])));
  });

  it('refuses a tile without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/home/parsers' })).statusCode).toBe(401);
  });
});

describe('what a tile shows', () => {
  it('price index: the own network is the base (100) among its country’s networks', async () => {
    const data = homePriceIndexResponseSchema.parse((await get('ashan', '/home/price-index')).json()).data;
    expect(data.baseNetwork).toBe('auchan');
    expect(data.end).toBe(todayIso());
    expect(data.networks.find((n) => n.network === 'auchan')?.index).toBe(100);
    expect(data.networks.length).toBeGreaterThan(1);
    expect(data.networks.filter((n) => n.index !== null).length).toBeGreaterThan(1);
  });

  it('price index: the provider’s staff compare the deployment country’s networks', async () => {
    const data = homePriceIndexResponseSchema.parse((await get('admin', '/home/price-index')).json()).data;
    const networks = (body(await get('admin', '/shops/networks')).data as { code: string; country: string; isProduct: boolean }[]).filter(
      (n) => n.country === 'cz' && !n.isProduct,
    );
    expect(data.baseNetwork).not.toBeNull();
    expect(data.networks.map((n) => n.network).sort()).toEqual(
      networks
        .map((n) => n.code)
        .filter((c) => data.networks.some((n) => n.network === c))
        .sort(),
    );
    expect(data.networks.every((n) => networks.some((c) => c.code === n.network))).toBe(true);
    expect(data.networks.find((n) => n.network === data.baseNetwork)?.index).toBe(100);
  });

  it('price changes: a price that changed today is listed with its old and new price', async () => {
    const today = todayIso();
    // A price that changes today: its current span is closed yesterday and a new one opens today.
    const [pair] = await queryRows<{ product_id: number; shop_id: number; start_day: string; regular: number; promo: number | null }>(
      app.db,
      sql`SELECT cp.product_id, cp.shop_id, cp.start_day::text AS start_day, cp.regular, cp.promo FROM current_prices cp
          JOIN shops s ON s.id = cp.shop_id JOIN networks n ON n.id = s.network_id
          WHERE cp.start_day < ${today}::date AND n.code = 'auchan' ORDER BY cp.product_id LIMIT 1`,
    );
    const oldPrice = Number(pair!.promo ?? pair!.regular);
    const newPrice = oldPrice * 3; // the biggest change of the day: first in the tile
    await app.db.execute(sql`UPDATE price_spans SET end_day = ${addDays(today, -1)}::date
      WHERE product_id = ${pair!.product_id} AND shop_id = ${pair!.shop_id} AND start_day = ${pair!.start_day}::date`);
    await app.db.execute(sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
      VALUES (${pair!.product_id}, ${pair!.shop_id}, ${today}::date, ${today}::date, ${newPrice}, NULL, TRUE, 0)`);
    await app.db.execute(sql`UPDATE current_prices SET start_day = ${today}::date, last_seen = ${today}::date, regular = ${newPrice}, promo = NULL
      WHERE product_id = ${pair!.product_id} AND shop_id = ${pair!.shop_id}`);

    const data = homePriceChangesResponseSchema.parse((await get('ashan', '/home/price-changes')).json()).data;
    expect(data.day).toBe(today);
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.up + data.down).toBe(data.total);
    expect(data.items.length).toBeLessThanOrEqual(5);
    expect(data.items[0]).toMatchObject({
      productId: String(pair!.product_id),
      shopId: String(pair!.shop_id),
      network: 'auchan',
      oldPrice: oldPrice / 100,
      newPrice: newPrice / 100,
      changePct: 200,
    });
  });

  it('alarms: today’s firings of the caller, as the alarms screen counts them', async () => {
    const events = body(await get('ashan', '/price-alarms/events?limit=100')).data;
    const data = homeAlarmsResponseSchema.parse((await get('ashan', '/home/alarms')).json()).data;
    expect(data.perDay).toHaveLength(14);
    expect(data.perDay.at(-1)!.day).toBe(todayIso());
    expect(data.today).toBe(events.perDay.at(-1).count);
    expect(data.unread).toBe(events.unread);
    expect(data.items.every((e) => e.firedAt.startsWith(todayIso()))).toBe(true);
  });

  it.each(['ashan', 'metro', 'admin'] as const)('exports: %s sees the latest requests of its export list', async (role) => {
    const list = body(await get(role, '/export/list?limit=5')).data;
    const data = homeExportsResponseSchema.parse((await get(role, '/home/exports')).json()).data;
    expect(data.total).toBe(list.total);
    expect(data.items.map((r) => r._id)).toEqual(list.items.map((r: { _id: string }) => r._id));
  });

  it.each(['analyst', 'operator', 'netadmin'] as const)('parsers: %s sees its failing parsers, flagged first', async (role) => {
    const failing = body(await get(role, '/parsers/list?onlyWithProblems=true&limit=200')).data;
    const all = body(await get(role, '/parsers/list?limit=1')).data;
    const data = homeParsersResponseSchema.parse((await get(role, '/home/parsers')).json()).data;
    expect(data.failing).toBe(failing.total);
    expect(data.total).toBe(all.total);
    expect(data.flagged).toBe(failing.items.filter((p: { flagged: boolean }) => p.flagged).length);
    expect(data.items.length).toBe(Math.min(5, failing.total));
    const flags = data.items.map((p) => p.flagged);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const visible = new Set(failing.items.map((p: { _id: string }) => p._id));
    expect(data.items.every((p) => visible.has(p._id))).toBe(true);
  });

  it.each(['analyst', 'operator'] as const)('suspicious prices: %s sees the waiting ones of its parsers', async (role) => {
    const queue = body(await get(role, '/parsers/suspicious?limit=5')).data;
    const data = homeSuspiciousResponseSchema.parse((await get(role, '/home/suspicious')).json()).data;
    expect(data.total).toBe(queue.total);
    expect(data.items.map((s) => s._id)).toEqual(queue.items.map((s: { _id: string }) => s._id));
  });
});
