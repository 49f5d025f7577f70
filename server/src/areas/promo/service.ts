/**
 * Promo analysis (spec §6 "Promo analysis", docs/promo-analysis.md): promotions of the caller's visible
 * shops over a period, grouped by network, brand or section, with the leaflets' mechanics and a weekly
 * trend per network; and the same as an xlsx file.
 */
import {
  LEAFLET_LIMITS,
  PROMO_MECHANICS,
  type Language,
  type PromoAnalysis,
  type PromoGroup,
  type PromoMechanics,
  type PromoRow,
} from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { addDays, dayNumber, daysBetween, isoDay } from '../../lib/days';
import { validationFailed } from '../../lib/errors';
import { round1, round2 } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';
import { createPromoQueries } from './queries';

type PromoInput = { start: string; end: string; groupBy: PromoGroup; networks?: string[] };

/** Key and label of a brand / section group for products without one. */
const NO_GROUP = { key: 'none', label: '—' } as const;

const r1 = (v: number | null): number | null => (v === null ? null : round1(v));

export function createPromoService(db: Db, files: FileStore) {
  const queries = createPromoQueries(db);
  const directory = shopDirectory(db);

  async function summary(user: AuthUser, q: PromoInput, lang: Language | null = null): Promise<PromoAnalysis> {
    if (daysBetween(q.start, q.end) > LEAFLET_LIMITS.promoMaxDays) {
      throw validationFailed([{ path: 'end', message: `period longer than ${LEAFLET_LIMITS.promoMaxDays} days` }]);
    }
    const vis = Visibility.of(user, await directory.get());
    // 403 for an invisible network, 400 naming `networks` for an unknown one.
    const shopIds = vis.shopIdsFor({ networks: q.networks });
    // Visibility is by network (whole networks' shops): the network runs answer for the same ids.
    const networkIds = q.networks?.length ? q.networks.map((c) => vis.dir.networkByCode.get(c)!.id) : vis.all ? null : vis.networks.map((n) => n.id);
    const nothing = shopIds !== null && shopIds.length === 0;
    const [figures, mechanics] = await Promise.all([
      nothing ? [] : queries.figures(q.groupBy, shopIds, networkIds, q.start, q.end, lang),
      networkIds !== null && networkIds.length === 0 ? [] : queries.mechanics(networkIds, q.start, q.end),
    ]);

    const rows: PromoRow[] = [];
    // Weekly rows come as changes per network and week (queries.ts): summed week by week from the period's first Monday.
    const changes = new Map<number, Map<string, { products: number; promo: number }>>();
    for (const f of figures) {
      const gk = f.gk;
      if (f.kind === 'w') {
        if (!changes.has(gk)) changes.set(gk, new Map());
        changes.get(gk)!.set(f.week!, { products: f.products, promo: f.promo_products });
        continue;
      }
      const products = f.products;
      const promoProducts = f.promo_products;
      const promoCount = f.promo_count;
      const network = q.groupBy === 'network' ? vis.dir.networkById.get(gk) : undefined;
      rows.push({
        key: q.groupBy === 'network' ? (network?.code ?? String(gk)) : gk === 0 ? NO_GROUP.key : String(gk),
        label: q.groupBy === 'network' ? (network?.name ?? f.label ?? String(gk)) : gk === 0 ? NO_GROUP.label : (f.label ?? String(gk)),
        products,
        promoProducts,
        promoSharePct: products ? round1((promoProducts / products) * 100) : 0,
        avgDepthPct: r1(f.avg_depth),
        maxDepthPct: r1(f.max_depth),
        avgDurationDays: r1(f.avg_duration),
        promoCount,
        promosPerProduct: promoProducts ? round2(promoCount / promoProducts) : null,
      });
    }
    const weekly = weeklyShares(changes, q.start, q.end, vis.dir.networkById);
    rows.sort((a, b) => b.promoSharePct - a.promoSharePct || a.label.localeCompare(b.label));
    weekly.sort((a, b) => a.week.localeCompare(b.week) || a.network.localeCompare(b.network));

    const byMechanics = new Map(mechanics.map((m) => [m.mechanics, m]));
    return {
      start: q.start,
      end: q.end,
      groupBy: q.groupBy,
      rows,
      mechanics: PROMO_MECHANICS.filter((m) => byMechanics.has(m))
        .map((m) => ({ mechanics: m as PromoMechanics, count: byMechanics.get(m)!.count, avgDiscountPct: r1(byMechanics.get(m)!.avg_discount) }))
        .sort((a, b) => b.count - a.count),
      weekly,
    };
  }

  return {
    summary,

    /** POST /promo-analysis/export: the summary's three tables as three sheets of one xlsx file. */
    async exportXlsx(user: AuthUser, q: PromoInput, lang: Language | null = null): Promise<{ file: string; extension: '.xlsx' }> {
      const data = await summary(user, q, lang);
      const out = await files.create('promo-analysis', user, '.xlsx');
      try {
        await writeWorkbook(out.path, data);
        await out.commit();
      } catch (err) {
        await out.discard();
        throw err;
      }
      return { file: out.name, extension: '.xlsx' };
    },
  };
}

export type PromoService = ReturnType<typeof createPromoService>;

/**
 * Per network and week (Monday) of the period: products priced that week and the share of them on promo,
 * from the weekly changes of figures() (a week without a change has the week before's counts). Weeks
 * without a priced product are left out.
 */
function weeklyShares(
  changes: Map<number, Map<string, { products: number; promo: number }>>,
  start: string,
  end: string,
  networks: Map<number, { code: string }>,
): PromoAnalysis['weekly'] {
  const firstMonday = addDays(start, -((new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7));
  const out: PromoAnalysis['weekly'] = [];
  for (const [networkId, byWeek] of changes) {
    const network = networks.get(networkId);
    if (!network) continue;
    let products = 0;
    let promo = 0;
    // Stepped as day numbers: as text, the Monday after 9999-12-27 is '+010000-01', which sorts before any end.
    for (let day = dayNumber(firstMonday), last = dayNumber(end); day <= last; day += 7) {
      const week = isoDay(day);
      products += byWeek.get(week)?.products ?? 0;
      promo += byWeek.get(week)?.promo ?? 0;
      if (products > 0) out.push({ week, network: network.code, promoSharePct: round1((promo / products) * 100) });
    }
  }
  return out;
}

/** Headers are English (docs/promo-analysis.md "Export"); numbers stay numbers, empty figures blank. */
const EXPORT_SHEETS = {
  groups: [
    { header: 'Group', key: 'label', width: 28 },
    { header: 'Key', key: 'key', width: 14 },
    { header: 'Products', key: 'products', width: 12 },
    { header: 'Products on promo', key: 'promoProducts', width: 18 },
    { header: 'Promo share %', key: 'promoSharePct', width: 15 },
    { header: 'Average depth %', key: 'avgDepthPct', width: 16 },
    { header: 'Max depth %', key: 'maxDepthPct', width: 13 },
    { header: 'Average duration (days)', key: 'avgDurationDays', width: 22 },
    { header: 'Promos started', key: 'promoCount', width: 15 },
    { header: 'Promos per product', key: 'promosPerProduct', width: 18 },
  ],
  mechanics: [
    { header: 'Mechanics', key: 'mechanics', width: 16 },
    { header: 'Leaflet prices', key: 'count', width: 15 },
    { header: 'Average discount %', key: 'avgDiscountPct', width: 19 },
  ],
  weekly: [
    { header: 'Week (Monday)', key: 'week', width: 15 },
    { header: 'Network', key: 'network', width: 16 },
    { header: 'Promo share %', key: 'promoSharePct', width: 15 },
  ],
} as const;

async function writeWorkbook(file: string, data: PromoAnalysis) {
  // exceljs loads here, not at every app start (~0.5 s of each server test file's import).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = (name: string, columns: readonly { header: string; key: string; width: number }[], rows: Record<string, unknown>[]) => {
    const ws = workbook.addWorksheet(name);
    ws.columns = columns.map((c) => ({ ...c }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) ws.addRow(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v ?? null]))).commit();
    ws.commit();
  };
  sheet(`Groups (${data.groupBy})`, EXPORT_SHEETS.groups, data.rows);
  sheet('Mechanics', EXPORT_SHEETS.mechanics, data.mechanics);
  sheet('Weekly', EXPORT_SHEETS.weekly, data.weekly);
  await workbook.commit();
}
