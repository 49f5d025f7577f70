import type { ExportDetails, MarketsMap, MarketsMapEntry, NetworkSummary, Shop, ShopsMap } from '@pricewatch/shared/contract';
import type { AuthUser } from '../../core/session-user';
import { forbidden, notFound } from '../../lib/errors';
import type { Db } from '../../db/client';
import { shopDirectory, type DirParserEntry, type DirShop, type Directory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';

const toShop = (s: DirShop): Shop => ({
  _id: String(s.id),
  code: s.code,
  name: s.name,
  networkId: String(s.networkId),
  network: s.network,
  networkName: s.networkName,
  city: s.city,
  cityName: s.cityName,
  address: s.address,
  country: s.country,
  currency: s.currency,
});

function mapEntries(dir: Directory, entries: DirParserEntry[]): MarketsMapEntry[] {
  return entries
    .map((e) => {
      const n = dir.networkById.get(e.networkId)!;
      return {
        code: e.code,
        name: e.name,
        kind: e.shopId === null ? ('network' as const) : ('shop' as const),
        network: n.code,
        networkName: n.name,
        shopId: e.shopId === null ? null : String(e.shopId),
        country: n.country,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
}

const asMap = (entries: MarketsMapEntry[], full: boolean): MarketsMap => (full ? entries : Object.fromEntries(entries.map((e) => [e.code, e.name])));

export function createShopsService(db: Db) {
  const directory = shopDirectory(db);
  const visibility = async (user: AuthUser) => Visibility.of(user, await directory.get());

  return {
    visibility,

    async map(user: AuthUser): Promise<ShopsMap> {
      const vis = await visibility(user);
      return Object.fromEntries(vis.shops.map((s) => [String(s.id), toShop(s)]));
    },

    /** `network` and `networkCodes` together name the networks; `ids` narrows to those shops. */
    async list(user: AuthUser, q: { network?: string; networkCodes?: string[]; ids?: number[] }): Promise<Shop[]> {
      const vis = await visibility(user);
      const networks = [...(q.network ? [q.network] : []), ...(q.networkCodes ?? [])];
      const ids = vis.shopIdsFor({ networks, shops: q.ids }, { networks: q.network ? 'network' : 'networkCodes', shops: 'ids' });
      const wanted = ids === null ? null : new Set(ids);
      return vis.shops.filter((s) => !wanted || wanted.has(s.id)).map(toShop);
    },

    async networks(user: AuthUser): Promise<NetworkSummary[]> {
      const vis = await visibility(user);
      const counts = new Map<number, number>();
      for (const s of vis.shops) counts.set(s.networkId, (counts.get(s.networkId) ?? 0) + 1);
      return vis.networks.map((n) => ({
        _id: String(n.id),
        code: n.code,
        name: n.name,
        country: n.country,
        currency: n.currency,
        isProduct: n.isProduct,
        leaflet: n.leaflet,
        shops: counts.get(n.id) ?? 0,
      }));
    },

    /** The parser map over visible networks and shops. */
    async marketsMap(user: AuthUser, full: boolean): Promise<MarketsMap> {
      const vis = await visibility(user);
      const dir = vis.dir;
      const entries = dir.parserMap.filter((e) => (e.shopId === null ? vis.canSeeNetwork(dir.networkById.get(e.networkId)!.code) : vis.canSeeShop(e.shopId)));
      return asMap(mapEntries(dir, entries), full);
    },

    /** A network's custom markets: its shops plus exportDetails.ashanShops, as a parser map. */
    async customMarketsMap(user: AuthUser, q: { network?: string; full?: boolean }): Promise<MarketsMap> {
      const vis = await visibility(user);
      const dir = vis.dir;
      const code = q.network ?? user.networkCode;
      if (!code) return asMap([], q.full ?? false);
      const network = dir.networkByCode.get(code);
      if (!network) throw notFound('network');
      if (!user.isProvider && code !== user.networkCode) throw forbidden();
      const custom = new Set(network.exportDetails.ashanShops);
      const entries = dir.parserMap.filter((e) => {
        if (e.shopId === null) return e.networkId === network.id;
        const shop = dir.shopById.get(e.shopId);
        return !!shop && vis.canSeeShop(shop.id) && (shop.networkId === network.id || custom.has(shop.code));
      });
      return asMap(mapEntries(dir, entries), q.full ?? false);
    },

    /** A network's export details (defaults filled in), whole or one field. */
    async exportDetails(user: AuthUser, q: { id?: number; field?: string }): Promise<Partial<ExportDetails>> {
      const dir = await directory.get();
      const id = q.id ?? user.networkId;
      const network = id === null ? null : dir.networkById.get(id);
      if (id !== null && !network) throw notFound('network');
      if (!user.isProvider && id !== user.networkId) throw forbidden();
      const details = network?.exportDetails ?? user.exportDetails;
      if (!q.field) return details;
      return { [q.field]: details[q.field as keyof ExportDetails] };
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
