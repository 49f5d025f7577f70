import { ALARM_RULES, OWN_SHOP_RULES, VALUE_RULES, type AlarmRule } from '@pricewatch/shared/contract';

export { ALARM_RULES };
export const needsValue = (rule: AlarmRule) => VALUE_RULES.includes(rule);
export const needsOwnShop = (rule: AlarmRule) => OWN_SHOP_RULES.includes(rule);
export const isPercent = (rule: AlarmRule) => rule === 'diff_pct';

/** MM/DD/YYYY of an ISO day (spec §9: dates are sent in US short format); '' stays ''. */
export function usDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** A decimal typed with a comma or a dot; NaN when it is not a number. */
export function parseDecimal(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}
