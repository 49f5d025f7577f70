/** Group exports (docs/exports.md "Group export"): several templates in one file, written while the call waits. */
import { randomUUID } from 'node:crypto';
import { EXPORT_EXTENSION, EXPORT_LIMITS, type ExportGroupFile, type ExportType } from '@pricewatch/shared/contract';
import { todayIso } from '../../lib/days';
import { AppError, forbidden, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { mayExport, planFor, type StoredParams } from './plan';
import type { ExportsContext } from './service-common';
import type { TemplatesService } from './service-templates';
import { paramsFromTemplate } from './templates';

export function createGroupExportService({ db, queries, directory, runner }: ExportsContext, { templatesOr404 }: Pick<TemplatesService, 'templatesOr404'>) {
  /** Several templates in one file, written while the call waits; recorded as a `group` request. */
  async function groupExport(user: AuthUser, body: { templates: number[]; name?: string }): Promise<ExportGroupFile> {
    const ids = [...new Set(body.templates)];
    const templates = await templatesOr404(user, ids);
    const dir = await directory.get();
    const today = todayIso();
    let rows = 0;
    let start = '9999-12-31';
    let end = '0000-01-01';
    let products = 0;
    let shops = 0;
    for (const t of templates) {
      if (!mayExport(user, t.type as ExportType)) throw forbidden();
      const p = await paramsFromTemplate(db, t, {}, today);
      const plan = planFor(user, t.type as ExportType, p, dir);
      rows += plan.rowsExpected;
      products += p.products.length;
      shops += plan.shops.length;
      if (p.start < start) start = p.start;
      if (p.end > end) end = p.end;
    }
    if (rows > EXPORT_LIMITS.groupMaxRows) {
      throw validationFailed([{ path: 'templates', message: `too_large: ${rows} rows (at most ${EXPORT_LIMITS.groupMaxRows} in a group export)` }]);
    }
    const jobId = `direct-${randomUUID()}`;
    const params: StoredParams = {
      networks: [],
      shops: [],
      products: [],
      unmatched: [],
      start,
      end,
      baseNetwork: null,
      customMarkets: true,
      productColumns: [],
      priceField: 'price',
      templates: ids,
    };
    const id = await queries.insertRequest({
      name: body.name ?? `Group: ${templates.map((t) => t.name).join(', ')}`.slice(0, EXPORT_LIMITS.nameMaxLength),
      type: 'group',
      state: 'queued',
      params,
      productsCount: products,
      shopsCount: shops,
      rowsExpected: rows,
      templateId: null,
      templateName: null,
      scheduleId: null,
      owner: user,
      jobId,
    });
    await runner.run(id, jobId, new AbortController().signal);
    const r = (await queries.request(id, null))!;
    if (r.state !== 'done' || !r.file) {
      if (r.error === 'internal_error' || !r.error) throw new AppError(500, 'internal_error');
      throw validationFailed([{ path: 'templates', message: r.errorMessage ? `${r.error}: ${r.errorMessage}` : r.error }]);
    }
    return { file: r.file, extension: EXPORT_EXTENSION, rows: r.rowsWritten, request: String(id) };
  }

  return { groupExport };
}
