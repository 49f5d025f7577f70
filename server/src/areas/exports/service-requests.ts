/** Export requests (docs/exports.md): create (checked now, then queued), list, get, rename or rerun, delete. */
import { randomUUID } from 'node:crypto';
import type { Deleted, ExportList, ExportParams, ExportRequest, ExportRequestDetail, ExportSelection, ExportType } from '@pricewatch/shared/contract';
import { todayIso } from '../../lib/days';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { mayExport, planFor, type StoredParams } from './plan';
import type { RequestRow, TemplateRow } from './queries';
import { EXPORT_QUEUE } from './runner';
import { conflict, toRequest, type ExportsContext } from './service-common';
import type { TemplatesService } from './service-templates';
import { buildParams, paramsFromTemplate } from './templates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SELECTION_KEYS = [
  'networks',
  'shops',
  'products',
  'eans',
  'articles',
  'start',
  'end',
  'days',
  'baseNetwork',
  'customMarkets',
  'productColumns',
  'priceField',
] as const satisfies readonly (keyof ExportSelection)[];

const selectionOf = (body: Partial<ExportSelection>): Partial<ExportSelection> =>
  Object.fromEntries(SELECTION_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

const typeTitle: Record<string, string> = { inline: 'Inline', ashan: 'Ashan', atb: 'Atb', group: 'Group' };

export function createRequestsService(
  { db, jobs, log, queries, directory, runner }: ExportsContext,
  { templatesOr404 }: Pick<TemplatesService, 'templatesOr404'>,
) {
  function toParams(p: StoredParams): ExportParams {
    return {
      networks: p.networks,
      shops: p.shops.map(String),
      products: p.products.map(String),
      unmatched: p.unmatched,
      start: p.start,
      end: p.end,
      baseNetwork: p.baseNetwork,
      customMarkets: p.customMarkets,
      productColumns: p.productColumns,
      priceField: p.priceField,
      templates: (p.templates ?? []).map(String),
    };
  }

  async function requestOr404(user: AuthUser, id: number): Promise<RequestRow> {
    const r = await queries.request(id, user);
    if (!r) throw notFound('export_request');
    return r;
  }

  /**
   * A new export request, checked now (400/403/404) and queued. The request names its job before the
   * job exists, so the job always finds it.
   */
  async function create(
    user: AuthUser,
    type: ExportType,
    body: Partial<ExportSelection> & { name?: string; template?: number },
    extra: { scheduleId?: number } = {},
  ): Promise<ExportRequest> {
    if (!mayExport(user, type)) throw forbidden();
    const today = todayIso();
    let template: TemplateRow | null = null;
    let params: StoredParams;
    if (body.template !== undefined) {
      [template] = await templatesOr404(user, [body.template]);
      params = await paramsFromTemplate(db, template!, selectionOf(body), today);
    } else {
      params = await buildParams(db, selectionOf(body) as ExportSelection, today);
    }
    const plan = planFor(user, type, params, await directory.get());
    const jobId = randomUUID();
    const id = await queries.insertRequest({
      name: body.name ?? template?.name ?? `${typeTitle[type]} ${params.start} – ${params.end}`,
      type,
      state: 'queued',
      params,
      productsCount: params.products.length,
      shopsCount: plan.shops.length + (plan.own?.shops.length ?? 0),
      rowsExpected: plan.rowsExpected,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      scheduleId: extra.scheduleId ?? null,
      owner: user,
      jobId,
    });
    try {
      await jobs.send(EXPORT_QUEUE, { requestId: id }, { id: jobId });
    } catch (err) {
      log.error({ err, requestId: id }, 'exports: could not queue the job');
      await queries.failed(id, jobId, 'internal_error', null);
      throw err;
    }
    return toRequest((await queries.request(id, null))!);
  }

  async function list(
    user: AuthUser,
    q: { limit: number; skip: number; by?: string; type?: string; from?: string; network?: string; state?: string },
  ): Promise<ExportList> {
    const by = q.by === undefined ? undefined : q.by === 'me' ? { userId: user.id } : UUID.test(q.by) ? { userId: q.by } : { username: q.by };
    let networkId: number | undefined;
    if (q.network) {
      if (!user.isProvider && q.network !== user.networkCode) throw forbidden();
      const n = await queries.networkIdByCode(q.network);
      if (!n) throw validationFailed([{ path: 'network', message: 'unknown network' }]);
      networkId = n.id;
    }
    const { rows, total } = await queries.listRequests(user, { by, type: q.type, from: q.from, networkId, state: q.state }, q.limit, q.skip);
    return { items: rows.map(toRequest), total, limit: q.limit, skip: q.skip };
  }

  async function get(user: AuthUser, id: number): Promise<ExportRequestDetail> {
    const r = await requestOr404(user, id);
    return { ...toRequest(r), params: toParams(r.params) };
  }

  async function update(user: AuthUser, id: number, body: { name?: string; rerun?: boolean }): Promise<ExportRequest> {
    const r = await requestOr404(user, id);
    if (body.rerun) {
      if (r.state === 'queued' || r.state === 'running') throw conflict('export_running');
      if (r.file) await runner.deleteFile(r.file);
      await queries.resetAttempts(id);
      await runner.queue(id, null);
    }
    if (body.name !== undefined) await queries.rename(id, body.name);
    return toRequest((await queries.request(id, null))!);
  }

  async function removeRequests(ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const deleted = await queries.deleteRequests(ids);
    for (const d of deleted) if (d.file) await runner.deleteFile(d.file);
    return deleted.length;
  }

  async function remove(user: AuthUser, id: number): Promise<Deleted> {
    await requestOr404(user, id);
    return { deleted: await removeRequests([id]) };
  }

  async function removeMany(user: AuthUser, f: { templates?: number[]; ids?: number[] }): Promise<Deleted> {
    const rows = await queries.requestIdsIn(user, f);
    return { deleted: await removeRequests(rows.map((r) => r.id)) };
  }

  return { create, list, get, update, remove, removeMany };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
