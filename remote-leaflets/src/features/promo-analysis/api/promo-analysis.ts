// The promo-analysis calls (contract: @pricewatch/shared/contract leaflets.ts, server docs/promo-analysis.md).
import { apiGet, apiPost, downloadFile } from '@pricewatch/shared/api';
import type { LeafletFile, Ok, PromoAnalysis, PromoGroup } from '@pricewatch/shared/contract';

/** What the screen asks for: dates as MM/DD/YYYY (spec: US short dates on the wire); no networks = all visible. */
export type PromoQuery = { start: string; end: string; groupBy: PromoGroup; networks: string[] };

const params = (q: PromoQuery) => ({ start: q.start, end: q.end, groupBy: q.groupBy, networks: q.networks.length ? q.networks.join(',') : undefined });

/** GET /promo-analysis/summary. */
export const getPromoAnalysis = async (q: PromoQuery) => (await apiGet<Ok<PromoAnalysis>>('/promo-analysis/summary', params(q))).data;

/** POST /promo-analysis/export (the same fields as a JSON body), then the file is downloaded under `filename`. */
export async function exportPromoAnalysis(q: PromoQuery, filename: string): Promise<string> {
  const body = { start: q.start, end: q.end, groupBy: q.groupBy, ...(q.networks.length ? { networks: q.networks } : {}) };
  const { file } = (await apiPost<Ok<LeafletFile>>('/promo-analysis/export', body)).data;
  await downloadFile(file, filename);
  return file;
}
