/** Export templates (docs/exports.md "Templates"): saved selections, listed with their next period. */
import type { Deleted, ExportSelection, ExportTemplate, ExportTemplateData, ExportType } from '@pricewatch/shared/contract';
import { addDays, todayIso } from '../../lib/days';
import { notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { planFor } from './plan';
import type { TemplateRow } from './queries';
import { conflict, userRef, type ExportsContext } from './service-common';
import { buildParams, storedTemplateData, templatePeriod, templateSelection } from './templates';

export function createTemplatesService({ db, queries, directory }: ExportsContext) {
  function toTemplate(t: TemplateRow): ExportTemplate {
    const today = todayIso();
    let next = { start: today, end: today };
    try {
      const sel = templateSelection(t);
      const period = templatePeriod(t, sel, today);
      next = period.days ? { start: addDays(today, -(period.days - 1)), end: today } : { start: period.start ?? today, end: period.end ?? today };
    } catch {
      // a template that no longer parses still lists (its use answers 400)
    }
    return {
      _id: String(t.id),
      name: t.name,
      type: t.type as ExportType,
      data: t.data as ExportTemplateData,
      autoGeneration: t.autoGeneration,
      date: t.date,
      nextStart: next.start,
      nextEnd: next.end,
      schedules: t.schedules,
      network: t.networkCode,
      createdBy: userRef(t.ownerId, t.ownerName),
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  }

  async function templatesOr404(user: AuthUser, ids: number[]): Promise<TemplateRow[]> {
    const rows = await queries.templates(user, ids);
    const found = new Set(rows.map((t) => t.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound('template');
    const byId = new Map(rows.map((t) => [t.id, t]));
    return ids.map((id) => byId.get(id)!);
  }

  async function saveTemplate(
    user: AuthUser,
    body: { template?: number; name: string; data: ExportSelection & { type: ExportType }; autoGeneration: boolean; date?: string },
  ): Promise<ExportTemplate> {
    const today = todayIso();
    // Checked as a request would be, so a template that saves also runs.
    const params = await buildParams(db, body.data, today);
    planFor(user, body.data.type, params, await directory.get());
    const row = { name: body.name, type: body.data.type, data: storedTemplateData(body.data), autoGeneration: body.autoGeneration, date: body.date ?? today };
    let id: number;
    if (body.template !== undefined) {
      await templatesOr404(user, [body.template]);
      id = body.template;
      await queries.updateTemplate(id, row);
    } else {
      id = await queries.insertTemplate({ ...row, owner: user });
    }
    return toTemplate((await queries.templates(null, [id]))[0]!);
  }

  async function listTemplates(user: AuthUser): Promise<ExportTemplate[]> {
    return (await queries.templates(user)).map(toTemplate);
  }

  async function deleteTemplates(user: AuthUser, ids: number[]): Promise<Deleted> {
    if (!ids.length) throw validationFailed([{ path: 'templates', message: 'required' }]);
    const rows = await templatesOr404(user, [...new Set(ids)]);
    if (rows.some((t) => t.schedules > 0)) throw conflict('template_in_use');
    try {
      return { deleted: await queries.deleteTemplates(rows.map((t) => t.id)) };
    } catch (err) {
      // A schedule created meanwhile: the foreign key (ON DELETE RESTRICT) refuses.
      if ((err as { code?: string }).code === '23503' || /foreign key/i.test(String((err as Error).message))) throw conflict('template_in_use');
      throw err;
    }
  }

  return { templatesOr404, saveTemplate, listTemplates, deleteTemplates };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
