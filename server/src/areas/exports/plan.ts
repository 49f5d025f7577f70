/**
 * From a selection to an export plan: which products, which shops in which role, which period, what
 * columns — checked against the user's visibility, type rights and custom markets. The same code checks
 * a request when it is created (answering 400/403 at once) and again when its job runs (the owner's
 * rights may have changed since: the request then fails with `forbidden` or `invalid_selection`).
 */
import { asc, or } from 'drizzle-orm';
import {
  DEFAULT_EXPORT_PRODUCT_COLUMNS,
  EXPORT_LIMITS,
  type ExportPriceField,
  type ExportProductColumn,
  type ExportSelection,
  type ExportType,
} from '@pricewatch/shared/contract';
import { hasCustomMarkets, hasCustomMarketsSwitcher, mayRunExportType } from '@pricewatch/shared/permissions';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { addDays, daysBetween } from '../../lib/days';
import { forbidden, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { Directory, DirNetwork, DirShop } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';

/** A request's selection as stored (export_requests.params): resolved ids, ISO days. */
export type StoredParams = {
  networks: string[];
  shops: number[];
  products: number[];
  /** EANs / articles of the pasted list that matched no product. */
  unmatched: string[];
  start: string;
  end: string;
  baseNetwork: string | null;
  customMarkets: boolean;
  productColumns: ExportProductColumn[];
  priceField: ExportPriceField;
  /** Group exports: the templates, one sheet each. */
  templates: number[];
};

export type Plan = {
  type: ExportType;
  user: AuthUser;
  dir: Directory;
  products: number[];
  start: string;
  end: string;
  days: number;
  /** inline: the columns; ashan and atb: the competitor shops. */
  shops: DirShop[];
  /** ashan and atb: the chain compared and its own shops. */
  own: { network: DirNetwork; shops: DirShop[] } | null;
  productColumns: ExportProductColumn[];
  priceField: ExportPriceField;
  /** The network whose shop articles fill the "Own code" column (exportDetails.showCustomEans), or null. */
  ownCodesNetwork: number | null;
  /** Column header of each shop: storesMap name, custom-market name, or "Network · Shop". */
  label: (shop: DirShop) => string;
  rowsExpected: number;
};

/** Spec §6 "Ashan, Atb and Metro flags change … export types": the one rule (@pricewatch/shared/permissions). */
export const mayExport = (user: AuthUser, type: ExportType) => mayRunExportType(user.profile, type);

/** Spec §6: custom markets apply to network users with the flag; with the switcher the user chooses. */
export function customMarketsApply(user: AuthUser, wanted: boolean | undefined): boolean {
  if (!hasCustomMarkets(user.profile)) return false;
  return hasCustomMarketsSwitcher(user.profile) ? wanted !== false : true;
}

/** Custom markets: the own network's shops plus exportDetails.ashanShops (as /custom/utils/markets-map). */
function customMarketIds(user: AuthUser, dir: Directory): Set<number> {
  const codes = new Set(user.exportDetails.ashanShops);
  return new Set(dir.shops.filter((s) => s.networkId === user.networkId || codes.has(s.code)).map((s) => s.id));
}

/**
 * exportDetails.storesMap: the network's own names for shops, as `{ shop | code | shopCode | id, name |
 * label | title }` entries (the contract leaves the entries open; anything else is ignored).
 */
export function storesMapLabels(entries: unknown[], dir: Directory): Map<number, string> {
  const labels = new Map<number, string>();
  for (const e of entries) {
    if (!e || typeof e !== 'object') continue;
    const o = e as Record<string, unknown>;
    const key = o.shop ?? o.code ?? o.shopCode ?? o.id;
    const label = o.name ?? o.label ?? o.title;
    if ((typeof key !== 'string' && typeof key !== 'number') || typeof label !== 'string' || !label.trim()) continue;
    const shop = dir.shopByCode.get(String(key)) ?? dir.shopById.get(Number(key));
    if (shop) labels.set(shop.id, label.trim());
  }
  return labels;
}

function ownSide(user: AuthUser, vis: Visibility, type: ExportType, baseNetwork: string | null) {
  const dir = vis.dir;
  let network: DirNetwork | undefined;
  if (user.isProvider) {
    if (!baseNetwork) throw validationFailed([{ path: 'baseNetwork', message: 'name the network whose shops are compared' }]);
    network = dir.networkByCode.get(baseNetwork);
    if (!network) throw validationFailed([{ path: 'baseNetwork', message: 'unknown network' }]);
  } else {
    network = user.networkId === null ? undefined : dir.networkById.get(user.networkId);
    if (!network) throw forbidden();
  }
  if (!vis.canSeeNetwork(network.code)) throw forbidden();
  // Ashan compares the chain's custom shops (exportDetails.ashanShops) when it has any.
  const custom = type === 'ashan' ? new Set(network.exportDetails.ashanShops) : new Set<string>();
  const shops = custom.size ? dir.shops.filter((s) => custom.has(s.code)) : dir.shops.filter((s) => s.networkId === network!.id);
  if (!shops.length) throw validationFailed([{ path: 'baseNetwork', message: 'the network has no shops' }]);
  return { network, shops };
}

/** Checks a stored selection for `user` and lays out the export; throws 400/403 AppErrors. */
export function planFor(user: AuthUser, type: ExportType, p: StoredParams, dir: Directory): Plan {
  if (!mayExport(user, type)) throw forbidden();
  const vis = Visibility.of(user, dir);
  const days = daysBetween(p.start, p.end);
  if (days < 1) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
  if (days > EXPORT_LIMITS.maxDays) throw validationFailed([{ path: 'end', message: `period longer than ${EXPORT_LIMITS.maxDays} days` }]);
  if (!p.products.length) throw validationFailed([{ path: 'products', message: 'choose at least one product' }]);
  if (!p.networks.length && !p.shops.length) throw validationFailed([{ path: 'shops', message: 'choose networks or shops' }]);

  const ids = vis.shopIdsFor({ networks: p.networks, shops: p.shops });
  let chosen = (ids ?? vis.shops.map((s) => s.id)).map((id) => dir.shopById.get(id)!).filter(Boolean);
  if (customMarketsApply(user, p.customMarkets)) {
    const custom = customMarketIds(user, dir);
    const outside = p.shops.filter((id) => !custom.has(id));
    if (outside.length) throw validationFailed([{ path: 'shops', message: `not a custom market: ${outside.join(', ')}` }]);
    chosen = chosen.filter((s) => custom.has(s.id));
  }

  let own: Plan['own'] = null;
  let shops = chosen;
  if (type !== 'inline') {
    own = ownSide(user, vis, type, user.isProvider ? p.baseNetwork : null);
    const ownIds = new Set(own.shops.map((s) => s.id));
    const currency = own.shops[0]!.currency;
    // Competitors: chosen shops of other chains in the own currency (prices are compared directly).
    shops = chosen.filter((s) => !ownIds.has(s.id) && s.networkId !== own!.network.id && s.currency === currency);
  }
  if (!shops.length) {
    throw validationFailed([{ path: 'shops', message: type === 'inline' ? 'no visible shop chosen' : 'no competitor shop in the own currency chosen' }]);
  }
  if (shops.length > EXPORT_LIMITS.maxShops) throw validationFailed([{ path: 'shops', message: `more than ${EXPORT_LIMITS.maxShops} shops` }]);

  const rowsExpected = p.products.length * (type === 'inline' ? days : type === 'ashan' ? own!.shops.length : shops.length);
  if (rowsExpected > EXPORT_LIMITS.maxRows) {
    throw validationFailed([{ path: 'products', message: `too_large: ${rowsExpected} rows (at most ${EXPORT_LIMITS.maxRows})` }]);
  }

  const stores = storesMapLabels(user.exportDetails.storesMap, dir);
  const customNames = new Map<number, string>();
  if (customMarketsApply(user, p.customMarkets)) for (const e of dir.parserMap) if (e.shopId !== null) customNames.set(e.shopId, e.name);
  const currencies = new Set(shops.map((s) => s.currency));
  const label = (s: DirShop) => {
    const name = stores.get(s.id) ?? customNames.get(s.id) ?? `${s.networkName} · ${s.name}`;
    return currencies.size > 1 ? `${name} (${s.currency})` : name;
  };

  return {
    type,
    user,
    dir,
    products: p.products,
    start: p.start,
    end: p.end,
    days,
    shops,
    own,
    productColumns: p.productColumns.length ? p.productColumns : [...DEFAULT_EXPORT_PRODUCT_COLUMNS],
    priceField: p.priceField,
    ownCodesNetwork: user.exportDetails.showCustomEans && !user.isProvider ? user.networkId : null,
    label,
    rowsExpected,
  };
}

/** Period of a selection: start + end, or the `days` days ending today. */
export function periodOf(sel: Pick<ExportSelection, 'start' | 'end' | 'days'>, today: string): { start: string; end: string } {
  if (sel.start && sel.end) return { start: sel.start, end: sel.end };
  if (sel.start || sel.end) throw validationFailed([{ path: sel.start ? 'end' : 'start', message: 'required' }]);
  if (sel.days) return { start: addDays(today, -(sel.days - 1)), end: today };
  throw validationFailed([{ path: 'start', message: 'choose a period (start and end, or days)' }]);
}

/** Products of a selection in the order given: ids (checked), then EANs and articles of the list. */
export async function resolveProducts(db: Db, sel: Pick<ExportSelection, 'products' | 'eans' | 'articles'>) {
  const ids = [...new Set(sel.products ?? [])];
  const eans = [...new Set(sel.eans ?? [])];
  const articles = [...new Set(sel.articles ?? [])];
  if (!ids.length && !eans.length && !articles.length) {
    throw validationFailed([{ path: 'products', message: 'choose at least one product' }]);
  }
  // Lists of up to EXPORT_LIMITS.maxProducts each: one array parameter apiece (db/any-of.ts).
  const rows = await db
    .select({ id: products.id, ean: products.ean, article: products.article })
    .from(products)
    .where(or(anyOf(products.id, ids, 'int'), anyOf(products.ean, eans, 'text'), anyOf(products.article, articles, 'text')))
    .orderBy(asc(products.id));
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw validationFailed([{ path: 'products', message: `unknown product: ${unknown.slice(0, 20).join(', ')}` }]);
  const byEan = new Map<string, number>();
  const byArticle = new Map<string, number>();
  for (const r of rows) {
    if (r.ean && !byEan.has(r.ean)) byEan.set(r.ean, r.id);
    if (r.article && !byArticle.has(r.article)) byArticle.set(r.article, r.id);
  }
  const out = new Set(ids);
  const unmatched: string[] = [];
  for (const e of eans) {
    const id = byEan.get(e);
    if (id === undefined) unmatched.push(e);
    else out.add(id);
  }
  for (const a of articles) {
    const id = byArticle.get(a);
    if (id === undefined) unmatched.push(a);
    else out.add(id);
  }
  if (!out.size) throw validationFailed([{ path: 'products', message: 'no product matches the list' }]);
  if (out.size > EXPORT_LIMITS.maxProducts) throw validationFailed([{ path: 'products', message: `more than ${EXPORT_LIMITS.maxProducts} products` }]);
  return { products: [...out], unmatched };
}
