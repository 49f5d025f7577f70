/**
 * What the leaflet sub-services share (service.ts builds them): the rows as the API shows them, and the
 * caller's access — visibility through the network (core/shop-visibility.ts, the one rule) and the
 * write rule the screens offer their actions by (mayWriteLeaflet).
 */
import {
  type Box,
  type Leaflet,
  type LeafletDetail,
  type LeafletImageType,
  type LeafletPage,
  type LeafletPrice,
  type PromoMechanics,
  type RecognitionStatus,
} from '@pricewatch/shared/contract';
import { mayWriteLeaflet } from '@pricewatch/shared/permissions';
import type { Db } from '../../db/client';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import { currencyOf, fromMinor, round1 } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { Visibility, visibleNetworkCodes } from '../../core/shop-visibility';
import { toSummary } from '../products/plugin';
import type { PictureStore, StoredPicture } from './pictures';
import { productOf, type LeafletRow, type LeafletsQueries, type PageRow, type PriceRow } from './queries';

export type LeafletsContext = { db: Db; queries: LeafletsQueries; pictures: PictureStore; files: FileStore };

export const toIso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

const imageUrl = (name: string) => `/leaflets/images/${name}`;
export const thumbUrl = (name: string) => `/leaflets/images/${name}?size=thumb`;

export function toLeaflet(r: LeafletRow): Leaflet {
  return {
    _id: String(r.id),
    name: r.name,
    network: r.network,
    networkName: r.networkName,
    currency: currencyOf(r.country),
    start: r.startDay,
    end: r.endDay,
    description: r.description,
    pageCount: r.pageCount,
    priceCount: r.priceCount,
    coverThumbUrl: r.cover ? thumbUrl(r.cover) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toPage(r: PageRow): LeafletPage {
  return {
    _id: String(r.id),
    leafletId: String(r.leafletId),
    pageNo: r.pageNo,
    name: r.fileName,
    url: imageUrl(r.fileName),
    thumbUrl: thumbUrl(r.fileName),
    type: r.type as LeafletImageType,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    recognition: r.recognition as RecognitionStatus,
    priceCount: r.priceCount,
  };
}

const parseBox = (v: unknown): Box | null => {
  if (v === null || v === undefined) return null;
  const b = (typeof v === 'string' ? JSON.parse(v) : v) as Box;
  return { x: b.x, y: b.y, w: b.w, h: b.h };
};

export function toPrice(r: PriceRow): LeafletPrice {
  const product = productOf(r);
  return {
    _id: String(r.id),
    leafletId: String(r.leafletId),
    pageId: r.pageId === null ? null : String(r.pageId),
    pageNo: r.pageNo,
    productId: r.productId === null ? null : String(r.productId),
    product: product ? toSummary(product) : null,
    productName: r.productName,
    price: fromMinor(r.price),
    oldPrice: r.oldPrice === null ? null : fromMinor(r.oldPrice),
    discountPct: r.discountPct,
    mechanics: r.mechanics as PromoMechanics,
    mechanicsText: r.mechanicsText,
    box: parseBox(r.box),
    source: r.source as 'manual' | 'recognised',
    createdAt: r.createdAt.toISOString(),
  };
}

/** (old − price) / old × 100, one decimal. */
export const discountOf = (price: number, oldPrice: number | null): number | null =>
  oldPrice === null || oldPrice <= price ? null : round1(((oldPrice - price) / oldPrice) * 100);

/** Who may see and write which leaflet; 404 for unknown and invisible records alike. */
export function createLeafletAccess({ db, queries }: LeafletsContext) {
  const visibility = async (user: AuthUser) => Visibility.of(user, await shopDirectory(db).get());

  /** The network of a create/update/search filter: 400 unknown, 403 not visible. */
  async function networkFor(user: AuthUser, code: string, field = 'network') {
    const vis = await visibility(user);
    const network = vis.dir.networkByCode.get(code);
    if (!network) throw validationFailed([{ path: field, message: 'unknown_network' }]);
    if (!vis.canSeeNetwork(code)) throw forbidden();
    return network;
  }

  /** A leaflet the caller sees. */
  async function visibleLeaflet(user: AuthUser, id: number): Promise<LeafletRow> {
    const row = await queries.leaflet(id);
    if (!row) throw notFound('leaflet');
    const codes = visibleNetworkCodes(user);
    if (codes !== null && !codes.includes(row.network)) throw notFound('leaflet');
    return row;
  }

  /**
   * A leaflet the caller may write (issue 13): seen (else 404) and of the caller's own network, or the
   * caller is the provider's staff (else 403) — the rule the screens use to offer the actions.
   */
  async function writableLeaflet(user: AuthUser, id: number): Promise<LeafletRow> {
    const row = await visibleLeaflet(user, id);
    if (!mayWriteLeaflet(user.profile, row.network)) throw forbidden();
    return row;
  }

  /** The network a leaflet is created in or moved to: seen (networkFor) and writable by the caller. */
  async function writableNetwork(user: AuthUser, code: string) {
    const network = await networkFor(user, code);
    if (!mayWriteLeaflet(user.profile, code)) throw forbidden();
    return network;
  }

  /** A price of a leaflet the caller sees. */
  async function visiblePrice(user: AuthUser, priceId: number): Promise<{ row: PriceRow; leaflet: LeafletRow }> {
    const row = await queries.price(priceId);
    if (!row) throw notFound('leaflet_price');
    const leaflet = await queries.leaflet(row.leafletId);
    const codes = visibleNetworkCodes(user);
    if (!leaflet || (codes !== null && !codes.includes(leaflet.network))) throw notFound('leaflet_price');
    return { row, leaflet };
  }

  return { networkFor, visibleLeaflet, writableLeaflet, writableNetwork, visiblePrice };
}

export type LeafletAccess = ReturnType<typeof createLeafletAccess>;

/** The leaflet with its pages. */
export async function leafletDetail(queries: LeafletsQueries, id: number): Promise<LeafletDetail> {
  const row = await queries.leaflet(id);
  if (!row) throw notFound('leaflet');
  return { ...toLeaflet(row), pages: (await queries.pages(id)).map(toPage) };
}

/**
 * Locks the leaflet's row for the rest of the transaction: page numbers, the price limit and a
 * concurrent delete are serialised by it. A leaflet deleted meanwhile is 404 (never an FK error).
 */
export async function lockLeaflet(queries: LeafletsQueries, tx: Db, leafletId: number): Promise<void> {
  if (!(await queries.lockLeaflet(tx, leafletId))) throw notFound('leaflet');
}

/** Runs write() with freshly stored files; the files go again when it fails. */
export async function withStoredPicture<T>(pictures: PictureStore, stored: StoredPicture, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await pictures.remove([stored.fileName, stored.thumbName]);
    throw error;
  }
}
