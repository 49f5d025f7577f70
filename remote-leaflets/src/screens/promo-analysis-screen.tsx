import { PromoAnalysisView } from '../features/promo-analysis/components/promo-analysis';

/**
 * /promo-analysis (inside the shell): promotions by network, brand or section over a period, with the
 * leaflets' mechanics and the weekly trend — charts with their tables, exportable to Excel.
 */
export default function PromoAnalysisScreen() {
  return <PromoAnalysisView />;
}
