/**
 * Selections, templates and their periods. A template stores its data as the client sent it (ids as
 * numbers, dates MM/DD/YYYY) so it can be loaded back into the form and sent again as it is. Its
 * period follows autoGeneration (contract exportTemplateBodySchema): rolling (moved forward by the days
 * since the template's date) or fixed; a `days` period always ends on the day the export runs.
 */
import { exportTemplateDataSchema, type ExportSelection, type ExportTemplateData, type ExportType } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { addDays, dayNumber } from '../../lib/days';
import { AppError } from '../../lib/errors';
import { periodOf, resolveProducts, type StoredParams } from './plan';

export type TemplateLike = { id: number; name: string; type: string; data: Record<string, unknown>; autoGeneration: boolean; date: string };

/** ISO day → MM/DD/YYYY (the form's and the contract's request format). */
export const usOf = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A selection's stored form: products resolved, period fixed, layout defaults filled. */
export async function buildParams(db: Db, sel: ExportSelection, today: string): Promise<StoredParams> {
  const period = periodOf(sel, today);
  const { products, unmatched } = await resolveProducts(db, sel);
  return {
    networks: [...new Set(sel.networks ?? [])],
    shops: [...new Set(sel.shops ?? [])],
    products,
    unmatched,
    start: period.start,
    end: period.end,
    baseNetwork: sel.baseNetwork ?? null,
    customMarkets: sel.customMarkets ?? true,
    productColumns: sel.productColumns ?? [],
    priceField: sel.priceField ?? 'price',
    templates: [],
  };
}

/** The template's selection (parsed again: it was valid when saved, the schema is the judge). */
export function templateSelection(t: TemplateLike): ExportSelection & { type: ExportType } {
  const parsed = exportTemplateDataSchema.safeParse(t.data);
  if (!parsed.success)
    throw new AppError(400, 'validation_failed', 'validation_failed', [{ path: 'template', message: 'the template no longer fits the contract' }]);
  return parsed.data;
}

/** The template's period on `today` per its autoGeneration rule. */
export function templatePeriod(t: TemplateLike, sel: ExportSelection, today: string): Pick<ExportSelection, 'start' | 'end' | 'days'> {
  if (sel.days || !sel.start || !sel.end) return { days: sel.days, start: sel.start, end: sel.end };
  if (!t.autoGeneration) return { start: sel.start, end: sel.end };
  const shift = dayNumber(today) - dayNumber(t.date);
  return { start: addDays(sel.start, shift), end: addDays(sel.end, shift) };
}

/**
 * A template's selection with `overrides` (fields of a request body) on top: the stored form of a
 * request made from it today.
 */
export async function paramsFromTemplate(db: Db, t: TemplateLike, overrides: Partial<ExportSelection>, today: string): Promise<StoredParams> {
  const base = templateSelection(t);
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<ExportSelection>;
  const ownPeriod = defined.start !== undefined || defined.end !== undefined || defined.days !== undefined;
  const period = ownPeriod ? { start: defined.start, end: defined.end, days: defined.days } : templatePeriod(t, base, today);
  return buildParams(db, { ...base, ...defined, ...period }, today);
}

/** The stored (answered) form of a template's data: the body's fields as given, dates MM/DD/YYYY. */
export function storedTemplateData(data: ExportSelection & { type: ExportType }): ExportTemplateData {
  const out: ExportTemplateData = { type: data.type };
  if (data.networks?.length) out.networks = data.networks;
  if (data.shops?.length) out.shops = data.shops;
  if (data.products?.length) out.products = data.products;
  if (data.eans?.length) out.eans = data.eans;
  if (data.articles?.length) out.articles = data.articles;
  if (data.start) out.start = usOf(data.start);
  if (data.end) out.end = usOf(data.end);
  if (data.days) out.days = data.days;
  if (data.baseNetwork) out.baseNetwork = data.baseNetwork;
  if (data.customMarkets !== undefined) out.customMarkets = data.customMarkets;
  if (data.productColumns?.length) out.productColumns = data.productColumns;
  if (data.priceField) out.priceField = data.priceField;
  return out;
}
