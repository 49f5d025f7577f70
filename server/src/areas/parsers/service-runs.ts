/** The parsers list, schedules, force start and a run's progress, problems and results file (docs/parsers.md). */
import type { ParserListItem, ParserNetwork, ParserRun, ParserSchedule } from '@pricewatch/shared/contract';
import type { parsersListQuerySchema } from '@pricewatch/shared/contract';
import type { z } from 'zod';
import { forbidden, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { writeXlsx } from '../../core/xlsx';
import type { RunRow } from './queries';
import { nextSlots } from './schedule';
import { toItem, toRun, type ParsersAccess, type ParsersContext } from './service-common';

export function createRunsService({ q, files, onQueued }: ParsersContext, access: ParsersAccess) {
  const { assertArea, visibleNetworkIds, visibleRun, pageUrlShown } = access;
  return {
    async list(user: AuthUser, query: z.output<typeof parsersListQuerySchema>): Promise<{ items: ParserListItem[]; total: number }> {
      assertArea(user);
      const networkIds = await visibleNetworkIds(user);
      if (query.shops?.length) {
        // As everywhere in the catalogue: an unknown shop is 400 naming the field, an invisible one 403.
        const known = await q.shopNetworks(query.shops);
        const unknown = query.shops.filter((id) => !known.some((k) => k.id === id));
        if (unknown.length) throw validationFailed([{ path: 'shops', message: `unknown shop: ${unknown.join(', ')}` }]);
        if (networkIds && known.some((k) => !networkIds.includes(k.networkId))) throw forbidden();
      }
      const { rows, total } = await q.list({
        networkIds,
        shopIds: query.shops,
        onlyWithProblems: query.onlyWithProblems,
        onlyWithNotFound: query.onlyWithNotFound,
        text: query.filters || undefined,
        limit: query.limit,
        skip: query.skip,
      });
      return { items: rows.map(toItem), total };
    },

    /** The networks of the parsers the list would show this user (the screen's network choices). */
    async networks(user: AuthUser): Promise<ParserNetwork[]> {
      assertArea(user);
      return q.networks(await visibleNetworkIds(user));
    },

    async schedules(user: AuthUser, parsers: number[] | undefined): Promise<ParserSchedule[]> {
      assertArea(user);
      const ids = await visibleNetworkIds(user);
      const rows = parsers?.length ? await q.parsersByIds(parsers) : await q.enabledParsers();
      if (parsers?.length) {
        const missing = parsers.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw validationFailed([{ path: 'parsers', message: `unknown parser: ${missing.join(', ')}` }]);
        if (ids && rows.some((r) => !ids.includes(r.networkId))) throw forbidden();
      }
      const now = Date.now();
      return rows
        .filter((r) => !ids || ids.includes(r.networkId))
        .map((r) => ({
          parserId: String(r.id),
          code: r.code,
          schedule: r.schedule,
          next: r.enabled ? nextSlots(r.schedule, now).map((d) => d.toISOString()) : [],
        }));
    },

    async forceStart(user: AuthUser, body: { parsers: number[] }): Promise<ParserRun[]> {
      assertArea(user);
      if (user.profile.isGuest) throw forbidden();
      const unique = [...new Set(body.parsers)];
      const rows = await q.parsersByIds(unique);
      const missing = unique.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw validationFailed([{ path: 'parsers', message: `unknown parser: ${missing.join(', ')}` }]);
      const ids = await visibleNetworkIds(user);
      if (ids && rows.some((r) => !ids.includes(r.networkId))) throw forbidden();
      const disabled = rows.filter((r) => !r.enabled);
      if (disabled.length) throw validationFailed([{ path: 'parsers', message: `parser disabled: ${disabled.map((r) => r.id).join(', ')}` }]);
      const runs: RunRow[] = [];
      for (const p of rows) {
        // One run per parser at a time: starting a running parser answers the run in progress.
        const active = await q.activeRun(p.id);
        runs.push(active ?? (await q.queueRun(p.id, 'force', { requestedBy: user.id }))!);
      }
      onQueued(runs.filter((r) => r.status === 'queued').map((r) => r.id));
      return runs.map(toRun);
    },

    async run(user: AuthUser, runId: number): Promise<ParserRun> {
      return toRun((await visibleRun(user, runId)).run);
    },

    async problems(user: AuthUser, runId: number) {
      const { parser } = await visibleRun(user, runId);
      const shown = await pageUrlShown(user, parser);
      return (await q.items(runId, true)).map((i) => ({ url: shown(i.url), kind: i.problemKind ?? 'unknown', message: i.problem ?? '' }));
    },

    /** The run's pages as an xlsx file for the caller; download it with GET /data/{file}. */
    async results(user: AuthUser, runId: number): Promise<{ file: string; extension: '.xlsx' }> {
      const { parser } = await visibleRun(user, runId);
      const shown = await pageUrlShown(user, parser);
      const items = await q.items(runId);
      const file = await files.create('parser-run', user, '.xlsx');
      try {
        const money = (v: number | null) => (v === null ? null : v / 100);
        await writeXlsx(
          file.path,
          parser.code.slice(0, 30),
          [
            { header: 'URL', key: 'url', width: 50 },
            { header: 'HTTP', key: 'status', width: 8 },
            { header: 'Product id', key: 'productId' },
            { header: 'Name', key: 'name', width: 40 },
            { header: 'EAN', key: 'ean', width: 16 },
            { header: 'Price', key: 'price' },
            { header: 'Old price', key: 'oldPrice' },
            { header: 'Promo', key: 'promo', width: 8 },
            { header: 'Currency', key: 'currency', width: 10 },
            { header: 'In stock', key: 'inStock', width: 10 },
            { header: 'Strategy', key: 'strategy' },
            { header: 'Not found', key: 'notFound', width: 10 },
            { header: 'Problem', key: 'problemKind', width: 18 },
            { header: 'Details', key: 'problem', width: 50 },
          ],
          (async function* () {
            yield items.map((i) => ({
              url: shown(i.url),
              status: i.httpStatus,
              productId: i.productId,
              name: i.name,
              ean: i.ean,
              price: money(i.price),
              oldPrice: money(i.oldPrice),
              promo: i.promo ? 'yes' : '',
              currency: i.currency,
              inStock: i.inStock === null ? '' : i.inStock ? 'yes' : 'no',
              strategy: i.strategy,
              notFound: i.notFound ? 'yes' : '',
              problemKind: i.problemKind,
              problem: i.problem,
            }));
          })(),
        );
        await file.commit();
      } catch (err) {
        await file.discard();
        throw err;
      }
      return { file: file.name, extension: '.xlsx' };
    },
  };
}
