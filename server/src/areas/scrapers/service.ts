/**
 * Scraper requests (spec §7 "Scrapers"): a user has one product scraped now by the parsers of a
 * network. A request becomes one parser run per parser of that network whose shop sells the product
 * (an offer with a URL); the runs' pages are the request's results, and their prices enter the history
 * like any parser's. Visibility and rights as for parsers (docs/parsers.md "Scrapers").
 */
import type { ScraperRequest } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { canSeeParsers, type ParsersService } from '../parsers/plugin';
import { createScrapersQueries, type Row, type ScraperListFilters } from './queries';

/** Why a failed request failed (docs/parsers.md "Scrapers"): one reason per kind, the first message of each. */
function failuresOf(r: Row): ScraperRequest['failures'] {
  if (r.status !== 'failed') return [];
  const byKind = new Map<string, string>();
  for (const x of r.results ?? []) if (x.problem && !byKind.has(x.problem.kind)) byKind.set(x.problem.kind, x.problem.message);
  for (const f of r.runFailures ?? []) if (!byKind.has('run_failed')) byKind.set('run_failed', f);
  if (!byKind.size) byKind.set(r.results?.length ? 'run_failed' : 'no_page', r.results?.length ? 'no price found' : 'the shop has no page of this product');
  return [...byKind].map(([kind, message]) => ({ kind, message }));
}

const toRequest = (r: Row): ScraperRequest => ({
  _id: String(r.id),
  type: r.type,
  productId: String(r.productId),
  productName: r.productName,
  network: r.network,
  country: r.country,
  user: r.username ?? '',
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  results: (r.results ?? []).map((x) => ({ ...x, price: x.price ?? null, oldPrice: x.oldPrice ?? null })),
  failures: failuresOf(r),
});

export function createScrapersService(db: Db, parsers: ParsersService, onQueued: (runIds: number[]) => void) {
  const q = createScrapersQueries(db);

  async function scope(user: AuthUser) {
    if (!canSeeParsers(user)) throw forbidden();
    return parsers.visibleNetworkIds(user);
  }

  async function list(user: AuthUser, f: ScraperListFilters) {
    const { rows, total } = await q.list(await scope(user), f);
    return { items: rows.map(toRequest), total };
  }

  return {
    list,

    async create(user: AuthUser, body: { productId: number; network: string }): Promise<ScraperRequest> {
      if (!canSeeParsers(user)) throw forbidden();
      if (user.profile.isGuest) throw forbidden();
      const product = await q.product(body.productId);
      if (!product) throw validationFailed([{ path: 'productId', message: 'unknown product' }]);
      const network = await q.networkId(body.network);
      if (network === null) throw validationFailed([{ path: 'network', message: 'unknown network' }]);
      const visible = await parsers.visibleNetworkIds(user);
      if (visible && !visible.includes(network)) throw forbidden();
      const targets = await q.parsersSelling(network, product.id);
      if (!targets.length) throw validationFailed([{ path: 'network', message: 'no parser of this network sells this product' }]);
      const { id, runIds } = await q.insert({ productId: product.id, networkId: network, userId: user.id, country: product.country }, targets);
      onQueued(runIds);
      return (await list(user, { scrapers: [id], limit: 1, skip: 0 })).items[0]!;
    },

    async remove(user: AuthUser, id: number): Promise<null> {
      const row = await q.owner(id);
      if (!row) throw notFound('scraper_request');
      if (!canSeeParsers(user) || user.profile.isGuest) throw forbidden();
      const visible = await parsers.visibleNetworkIds(user);
      if (visible && !visible.includes(row.networkId)) throw forbidden();
      // Your own request, or any request for provider staff.
      if (row.userId !== user.id && !user.isProvider) throw forbidden();
      await q.remove(id);
      return null;
    },
  };
}
