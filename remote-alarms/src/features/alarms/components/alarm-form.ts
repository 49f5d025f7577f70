import { z } from 'zod';
import { priceAlarmBodySchema, productAlarmBodySchema, ruleProblems, type AlarmRule, type PriceAlarm, type ProductAlarm } from '@pricewatch/shared/contract';
import type { PickedProduct } from './product-picker';
import { needsOwnShop, needsValue, parseDecimal, usDay } from './rules';

/** The alarm dialog's fields as typed; `start`/`end` are ISO days (the date field's). */
export type AlarmFormValues = {
  name: string;
  products: PickedProduct[];
  shops: string[];
  rule: AlarmRule;
  value: string;
  originalShopId: string;
  start: string;
  end: string;
  isPromoAdded: boolean;
};

export function alarmFormValues(kind: 'price' | 'product', alarm: PriceAlarm | ProductAlarm | null | undefined): AlarmFormValues {
  const price = kind === 'price' ? (alarm as PriceAlarm | null | undefined) : null;
  const product = kind === 'product' ? (alarm as ProductAlarm | null | undefined) : null;
  return {
    name: product?.name ?? '',
    products: price ? [{ _id: price.productId, name: price.productName, ean: price.ean }] : (product?.products ?? []),
    shops: alarm?.shops.map((s) => s._id) ?? [],
    rule: alarm?.rule ?? 'below',
    value: alarm?.value === null || alarm?.value === undefined ? '' : String(alarm.value),
    originalShopId: alarm?.originalShopId ?? '',
    start: price?.start ?? '',
    end: price?.end ?? '',
    isPromoAdded: alarm?.isPromoAdded ?? true,
  };
}

/** The request body of the form's values (POST/PUT /price-alarms, /price-products-alarms), as the contract reads it. */
export function alarmBody(kind: 'price' | 'product', v: AlarmFormValues, enabled: boolean) {
  const common = {
    shops: v.shops,
    rule: v.rule,
    // No amount typed is no amount (the contract's value_required), not NaN.
    value: needsValue(v.rule) && v.value.trim() !== '' ? parseDecimal(v.value) : null,
    originalShopId: needsOwnShop(v.rule) ? v.originalShopId || null : null,
    isPromoAdded: v.isPromoAdded,
    enabled,
  };
  return kind === 'price'
    ? { ...common, productId: v.products[0]?._id ?? '', start: v.start ? usDay(v.start) : null, end: v.end ? usDay(v.end) : null }
    : { ...common, name: v.name.trim(), products: v.products.map((x) => x._id) };
}

// The contract's body fields → the form's fields that show their problems.
const FIELD_OF: Record<string, keyof AlarmFormValues> = { productId: 'products', products: 'products' };
// The contract's wording of an empty list → this remote's problem keys.
const PROBLEM_OF: Record<string, string> = { 'at least one shop': 'shopsRequired', 'at least one product': 'productRequired' };
/** Problems the dialog words (problems.*); the contract's other findings are left to the server's answer. */
export const ALARM_FORM_PROBLEMS = [
  'required',
  'productRequired',
  'shopsRequired',
  'bad_value',
  'value_required',
  'negative_value',
  'percent_over_100',
  'own_shop_required',
  'end_before_start',
] as const;
const WORDED = new Set<string>(ALARM_FORM_PROBLEMS);

/**
 * The form's schema for the zod resolver: the values become the request body and the contract's body
 * schema and rule checks (`ruleProblems`, the ones the server runs) judge it. Messages are problem
 * codes (`value_required`, `end_before_start`…) the dialog words from `problems.*`.
 */
export function alarmFormSchema(kind: 'price' | 'product') {
  const body = kind === 'price' ? priceAlarmBodySchema : productAlarmBodySchema;
  return z.custom<AlarmFormValues>().superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (path: keyof AlarmFormValues, message: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (kind === 'product' && !v.name.trim()) add('name', 'required');
    if (!v.products.length) add('products', 'productRequired');
    if (!v.shops.length) add('shops', 'shopsRequired');
    if (needsValue(v.rule) && v.value.trim() !== '' && Number.isNaN(parseDecimal(v.value))) add('value', 'bad_value');
    const request = alarmBody(kind, v, true);
    const checked = body.safeParse(request);
    const issues = [
      ...ruleProblems({ rule: v.rule, value: request.value, originalShopId: request.originalShopId ? 1 : null }),
      ...(v.start && v.end && v.start > v.end ? [{ path: 'end', message: 'end_before_start' }] : []),
      ...(checked.success ? [] : checked.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }))),
    ];
    for (const issue of issues) {
      const field = FIELD_OF[issue.path] ?? (issue.path in v ? (issue.path as keyof AlarmFormValues) : null);
      const message = PROBLEM_OF[issue.message] ?? issue.message;
      if (field && WORDED.has(message)) add(field, message);
    }
  });
}
