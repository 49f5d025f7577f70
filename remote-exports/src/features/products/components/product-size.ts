import type { ProductSummary } from '@pricewatch/shared/contract';
import type { Formatters } from '../../../lib/format';

type T = (key: string) => string;

/** Net quantity as shoppers read it: "0.5 kg", "6 pcs" (units translated). */
export function productSize(p: Pick<ProductSummary, 'weight' | 'unit'>, t: T, f: Formatters): string {
  if (p.weight === null || p.unit === null) return '—';
  return `${f.quantity(p.weight)} ${t(`units.${p.unit}`)}`;
}
