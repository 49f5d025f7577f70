/**
 * The home page's tiles (issue 18 item 6, docs/home.md): each answers a small summary of one screen,
 * built from that screen's own service or queries, so a tile shows exactly what its screen would show
 * the caller. Who may call each tile is the route rule of its screen (src/access/route-rules.ts).
 */
import type { HomeAlarms, HomeExports, HomeParsers, HomePriceChanges, HomePriceIndex, HomeSuspicious } from '@pricewatch/shared/contract';
import { HOME_INDEX_DAYS, HOME_PERIOD_DAYS, HOME_TILE_ITEMS } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { addDays, todayIso } from '../../lib/days';
import { fromMinor, round1 } from '../../lib/money';
import type { AlarmsService } from '../alarms/plugin';
import type { AuthUser } from '../../core/session-user';
import { toRequest, type ExportQueries } from '../exports/plugin';
import type { ParsersService } from '../parsers/plugin';
import type { PricesQueries, PricesService } from '../prices/plugin';
import { shopDirectory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';

/** A parser's list with problems is short; this bounds the flagged count's read. */
const FAILING_READ_MAX = 500;

/** What the tiles read, from the areas that own it (their plugins). */
type HomeServiceDeps = {
  db: Db;
  country: string;
  alarms: AlarmsService;
  parsers: ParsersService;
  prices: { queries: PricesQueries; service: PricesService };
  exportQueries: ExportQueries;
};

export function createHomeService({ db, country, alarms, parsers, prices: pricesArea, exportQueries }: HomeServiceDeps) {
  const { service: prices, queries: priceQueries } = pricesArea;
  const directory = shopDirectory(db);

  return {
    /**
     * The analytics screen's price index (POST /prices/history/prices/analytics) over the last days:
     * the caller's network against the visible networks of its country; the provider's staff, who have
     * no network of their own, see the deployment country's first network as the base, as the screen opens.
     */
    async priceIndex(user: AuthUser): Promise<HomePriceIndex> {
      const end = todayIso();
      const start = addDays(end, -(HOME_INDEX_DAYS - 1));
      const vis = Visibility.of(user, await directory.get());
      const own = user.isProvider || !user.networkCode ? undefined : vis.dir.networkByCode.get(user.networkCode);
      const market = own?.country ?? country;
      const networks = vis.networks.filter((n) => !n.isProduct && n.country === market);
      const base = own && networks.some((n) => n.id === own.id) ? own : networks[0];
      if (!base || networks.length === 0) return { start, end, baseNetwork: null, products: 0, networks: [] };
      const a = await prices.pricesAnalytics(user, { start, end, networks: networks.map((n) => n.code), baseNetwork: base.code });
      return {
        start,
        end,
        baseNetwork: a.baseNetwork,
        products: a.products,
        networks: a.networks.map((n) => ({ network: n.network, networkName: n.networkName, currency: n.currency, index: n.index })),
      };
    },

    /** Offers of visible shops whose price changed today, the biggest changes first. */
    async priceChanges(user: AuthUser): Promise<HomePriceChanges> {
      const day = todayIso();
      const vis = Visibility.of(user, await directory.get());
      const rows = await priceQueries.changedOn(day, vis.all ? null : vis.shops.map((s) => s.id), HOME_TILE_ITEMS);
      // Ids, prices and counts are int4 (counts cast in SQL): both drivers answer numbers.
      const first = rows[0];
      return {
        day,
        total: first?.total ?? 0,
        up: first?.up ?? 0,
        down: first?.down ?? 0,
        items: rows.flatMap((r) => {
          const shop = vis.dir.shopById.get(r.shop_id);
          if (!shop) return [];
          const { old_price: oldPrice, new_price: newPrice } = r;
          return [
            {
              productId: String(r.product_id),
              productName: r.product_name,
              shopId: String(shop.id),
              shopName: shop.name,
              network: shop.network,
              currency: shop.currency,
              oldPrice: fromMinor(oldPrice),
              newPrice: fromMinor(newPrice),
              changePct: round1(((newPrice - oldPrice) / oldPrice) * 100),
            },
          ];
        }),
      };
    },

    /** The caller's alarm firings (GET /price-alarms/events): today's, and per day over the period. */
    async alarms(user: AuthUser): Promise<HomeAlarms> {
      const day = todayIso();
      const page = await alarms.events(user, { limit: HOME_TILE_ITEMS, skip: 0 });
      const perDay = page.perDay.slice(-HOME_PERIOD_DAYS);
      return {
        day,
        today: perDay.find((d) => d.day === day)?.count ?? 0,
        unread: page.unread,
        items: page.items.filter((e) => e.firedAt.slice(0, 10) === day),
        perDay,
      };
    },

    /** The latest export requests the caller sees (GET /export/list's scope). */
    async exports(user: AuthUser): Promise<HomeExports> {
      const { rows, total } = await exportQueries.listRequests(user, {}, HOME_TILE_ITEMS, 0);
      return { total, items: rows.map(toRequest) };
    },

    /** Visible parsers whose last run had problems (GET /parsers/list?onlyWithProblems=true), flagged ones first. */
    async parsers(user: AuthUser): Promise<HomeParsers> {
      const [failing, all] = await Promise.all([
        parsers.list(user, { limit: FAILING_READ_MAX, skip: 0, onlyWithProblems: true }),
        parsers.list(user, { limit: 1, skip: 0 }),
      ]);
      const items = [...failing.items].sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.failingStreak - a.failingStreak);
      return {
        total: all.total,
        failing: failing.total,
        flagged: items.filter((p) => p.flagged).length,
        items: items.slice(0, HOME_TILE_ITEMS),
      };
    },

    /** Held prices waiting for a decision (GET /parsers/suspicious). */
    async suspicious(user: AuthUser): Promise<HomeSuspicious> {
      return parsers.suspicious(user, { limit: HOME_TILE_ITEMS, skip: 0 });
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
