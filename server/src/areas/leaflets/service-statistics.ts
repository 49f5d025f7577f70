/** GET /leaflets/{id}/prices/statistics: counts, price and discount figures of a leaflet's prices. */
import { LEAFLET_LIMITS, PROMO_MECHANICS, type Language, type LeafletPrice, type LeafletStatistics } from '@pricewatch/shared/contract';
import { round1 } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { PageRow } from './queries';
import { toPrice, type LeafletAccess, type LeafletsContext } from './service-common';

export function createStatisticsService({ queries }: LeafletsContext, access: LeafletAccess) {
  return {
    async statistics(user: AuthUser, id: number, lang: Language | null = null): Promise<LeafletStatistics> {
      await access.visibleLeaflet(user, id);
      const prices = (await queries.allPrices([id], LEAFLET_LIMITS.pricesMax, lang)).map(toPrice);
      const pages = await queries.pages(id);
      return statisticsOf(prices, pages);
    },
  };
}

const BANDS = ['0-10', '10-20', '20-30', '30-40', '40-50', '50+'];
const avg = (xs: number[]) => (xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

/** GET /leaflets/{id}/prices/statistics from the leaflet's prices and pages. */
function statisticsOf(prices: LeafletPrice[], pages: PageRow[]): LeafletStatistics {
  const values = prices.map((p) => p.price);
  const discounts = prices.map((p) => p.discountPct).filter((d): d is number => d !== null);
  const sections = new Map<string, number[]>();
  const sectionCounts = new Map<string, number>();
  for (const p of prices) {
    const s = p.product?.section;
    if (!s) continue;
    sectionCounts.set(s, (sectionCounts.get(s) ?? 0) + 1);
    if (!sections.has(s)) sections.set(s, []);
    if (p.discountPct !== null) sections.get(s)!.push(p.discountPct);
  }
  const perPage = new Map<string, number>();
  for (const p of prices) if (p.pageId) perPage.set(p.pageId, (perPage.get(p.pageId) ?? 0) + 1);
  return {
    priceCount: prices.length,
    matchedCount: prices.filter((p) => p.productId !== null).length,
    withOldPriceCount: prices.filter((p) => p.oldPrice !== null).length,
    minPrice: values.length ? Math.min(...values) : null,
    maxPrice: values.length ? Math.max(...values) : null,
    avgPrice: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null,
    avgDiscountPct: avg(discounts),
    maxDiscountPct: discounts.length ? Math.max(...discounts) : null,
    byMechanics: PROMO_MECHANICS.map((m) => {
      const of = prices.filter((p) => p.mechanics === m);
      return { mechanics: m, count: of.length, avgDiscountPct: avg(of.map((p) => p.discountPct).filter((d): d is number => d !== null)) };
    }),
    byPage: pages.map((pg) => ({ pageId: String(pg.id), pageNo: pg.pageNo, count: perPage.get(String(pg.id)) ?? 0 })),
    bySection: [...sectionCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([section, count]) => ({ section, count, avgDiscountPct: avg(sections.get(section)!) })),
    discountBands: BANDS.map((band, i) => ({
      band,
      count: discounts.filter((d) => (i === BANDS.length - 1 ? d >= 50 : d >= i * 10 && d < (i + 1) * 10)).length,
    })),
  };
}
