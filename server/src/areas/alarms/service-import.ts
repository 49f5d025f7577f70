/** Alarm imports (docs/alarms.md "Import"): an xlsx of products and rules, previewed or written row by row. */
import { ALARM_LIMITS, ALARM_RULES, ruleProblems, usDateSchema, type AlarmRule, type ImportResult, type ImportRow } from '@pricewatch/shared/contract';
import { validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { AlarmsCommon, AlarmsContext } from './service-common';
import { readSheet, type Upload } from './upload';

export function createImportService({ queries }: AlarmsContext, common: AlarmsCommon) {
  const { assertWrite, checkShops, toValues, createMany } = common;

  const splitList = (s: string | undefined) =>
    (s ?? '')
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((x) => x.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);

  function formIds(fields: Record<string, string>, name: string, required: boolean): number[] {
    const items = splitList(fields[name]);
    if (required && !items.length) throw validationFailed([{ path: name, message: 'at least one shop' }]);
    const bad = items.filter((x) => !/^\d{1,10}$/.test(x));
    if (bad.length) throw validationFailed([{ path: name, message: 'expected numeric ids' }]);
    if (items.length > ALARM_LIMITS.maxShops) throw validationFailed([{ path: name, message: `at most ${ALARM_LIMITS.maxShops}` }]);
    return items.map(Number);
  }

  function formDay(fields: Record<string, string>, name: string): string | null {
    const v = fields[name]?.trim();
    if (!v) return null;
    const parsed = usDateSchema.safeParse(v);
    if (!parsed.success) throw validationFailed([{ path: name, message: 'expected MM/DD/YYYY' }]);
    return parsed.data;
  }

  const formBool = (fields: Record<string, string>, name: string, dflt: boolean) => {
    const v = fields[name]?.trim().toLowerCase();
    if (v === undefined || v === '') return dflt;
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw validationFailed([{ path: name, message: 'expected true or false' }]);
  };

  function parseRule(text: string | undefined): AlarmRule | null {
    const t = (text ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    return (ALARM_RULES as readonly string[]).includes(t) ? (t as AlarmRule) : null;
  }

  function parseValue(text: string | undefined): number | null | 'bad' {
    const t = (text ?? '').trim().replace(/\s/g, '').replace(/%$/, '').replace(',', '.');
    if (!t) return null;
    if (!/^-?\d+(\.\d+)?$/.test(t)) return 'bad';
    return Number(t);
  }

  type ParsedRow = ImportRow & { productNum: number | null; ruleCode: AlarmRule | null };

  async function parseRows(buf: Buffer | null, withName: boolean, own: number | null): Promise<ParsedRow[]> {
    if (!buf) throw validationFailed([{ path: 'file', message: 'file_required' }]);
    const required = [['ean', 'article', 'product'], ['rule'], ...(withName ? [['name']] : [])];
    const rows = await readSheet(buf, required);
    const code = (c: Record<string, string>) => (c.ean || c.product || '').replace(/^\$/, '');
    const { byEan, byArticle } = await queries.productsByCodes(
      rows.map((r) => code(r.cells)).filter(Boolean),
      rows.map((r) => (r.cells.article || code(r.cells)).replace(/^\$/, '')).filter(Boolean),
    );
    return rows.map((r) => {
      const reasons: string[] = [];
      const key = code(r.cells);
      const article = (r.cells.article ?? '').replace(/^\$/, '');
      const product = (key && (byEan.get(key) ?? byArticle.get(key))) || (article && byArticle.get(article)) || null;
      if (!key && !article) reasons.push('product_required');
      else if (!product) reasons.push('unknown_product');
      const name = withName ? (r.cells.name ?? '').trim().slice(0, ALARM_LIMITS.nameMaxLength) : null;
      if (withName && !name) reasons.push('name_required');
      const rule = parseRule(r.cells.rule);
      if (!rule) reasons.push('unknown_rule');
      const value = parseValue(r.cells.value);
      if (value === 'bad') reasons.push('bad_value');
      else if (rule) {
        for (const p of ruleProblems({ rule, value, originalShopId: own })) reasons.push(p.message);
      } else if (typeof value === 'number' && value < 0) reasons.push('negative_value');
      return {
        row: r.row,
        ean: key || article || null,
        productId: product ? String(product.id) : null,
        productName: product?.name ?? null,
        name,
        rule: rule ?? (r.cells.rule || null),
        value: typeof value === 'number' ? value : null,
        reasons,
        productNum: product?.id ?? null,
        ruleCode: rule,
      };
    });
  }

  const strip = ({ productNum: _p, ruleCode: _r, ...row }: ParsedRow): ImportRow => row;

  async function importPrice(user: AuthUser, upload: Upload, preview: boolean): Promise<ImportResult> {
    assertWrite(user);
    const f = upload.fields;
    const shops = formIds(f, 'shops', true);
    const ownIds = formIds(f, 'originalShopId', false);
    const own = ownIds[0] ?? null;
    const start = formDay(f, 'start');
    const end = formDay(f, 'end');
    if (start && end && start > end) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
    const promo = formBool(f, 'isPromoAdded', true);
    await checkShops(user, shops, own);
    const rows = await parseRows(upload.file, false, own);
    const accepted = rows.filter((r) => !r.reasons.length);
    let created = 0;
    if (!preview && accepted.length) {
      const ids = await createMany(
        user,
        'price',
        accepted.map((r) =>
          toValues({
            productIds: [r.productNum!],
            shops,
            rule: r.ruleCode!,
            value: r.value,
            originalShopId: own,
            start,
            end,
            isPromoAdded: promo,
            enabled: true,
          }),
        ),
      );
      created = ids.length;
    }
    return { preview, accepted: accepted.map(strip), rejected: rows.filter((r) => r.reasons.length).map(strip), created };
  }

  async function importProduct(user: AuthUser, upload: Upload, preview: boolean): Promise<ImportResult> {
    assertWrite(user);
    const f = upload.fields;
    const shops = formIds(f, 'shops', true);
    const own = formIds(f, 'originalShopId', false)[0] ?? null;
    const promo = formBool(f, 'isPromoAdded', true);
    await checkShops(user, shops, own);
    const rows = await parseRows(upload.file, true, own);
    const accepted = rows.filter((r) => !r.reasons.length);
    const groups = new Map<string, { name: string; rule: AlarmRule; value: number | null; products: number[] }>();
    for (const r of accepted) {
      const key = JSON.stringify([r.name, r.ruleCode, r.value]);
      const g = groups.get(key) ?? { name: r.name!, rule: r.ruleCode!, value: r.value, products: [] };
      g.products.push(r.productNum!);
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      if (new Set(g.products).size > ALARM_LIMITS.maxProducts) throw validationFailed([{ path: 'file', message: 'too_many_rows' }]);
    }
    let created = 0;
    if (!preview && groups.size) {
      const ids = await createMany(
        user,
        'product',
        [...groups.values()].map((g) =>
          toValues({ name: g.name, productIds: g.products, shops, rule: g.rule, value: g.value, originalShopId: own, isPromoAdded: promo, enabled: true }),
        ),
      );
      created = ids.length;
    }
    return { preview, accepted: accepted.map(strip), rejected: rows.filter((r) => r.reasons.length).map(strip), created };
  }

  return { importPrice, importProduct };
}
