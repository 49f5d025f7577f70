import type { ExportPricesBody, ExportTemplate, ExportTemplateDataInput, ExportType } from '@pricewatch/shared/contract';
import { lastDays, parseIsoDay, periodProblem, toUsDate, type Period } from '../../lib/period';
import { EXPORT_MAX_DAYS } from './limits';

/** A product chosen in the form (from a search), shown as a chip. */
export type ChosenProduct = { id: string; name: string; code: string | null };

/** What the request form holds. */
export type ExportForm = {
  type: ExportType;
  /** Provider staff comparing a chain (ashan, atb): its code. */
  baseNetwork: string;
  networks: string[];
  /** Shop ids; none = every shop of the chosen networks. */
  shops: string[];
  products: ChosenProduct[];
  /** Pasted EANs / articles, one per line (or separated by spaces, commas, semicolons). */
  codes: string;
  period: Period;
  name: string;
  priceField: 'price' | 'regular';
  /** Users with custom markets and their switcher: stay within the custom markets. */
  customMarkets: boolean;
  /** The template the form was loaded from ('' none): a request made from it names it. */
  template: string;
};

export const DEFAULT_DAYS = 30;

export function emptyForm(type: ExportType = 'inline'): ExportForm {
  return {
    type,
    baseNetwork: '',
    networks: [],
    shops: [],
    products: [],
    codes: '',
    period: lastDays(DEFAULT_DAYS),
    name: '',
    priceField: 'price',
    customMarkets: true,
    template: '',
  };
}

/**
 * The pasted list: digits (an optional leading $ dropped), duplicates removed. Codes of 8 or 13 digits
 * are EANs; others are articles (the provider's article numbers are shorter).
 */
export function parseCodes(text: string): { eans: string[]; articles: string[]; invalid: string[] } {
  const eans = new Set<string>();
  const articles = new Set<string>();
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const code = raw.trim().replace(/^\$/, '');
    if (!code) continue;
    if (!/^\d{1,20}$/.test(code)) invalid.push(raw.trim());
    else if (code.length === 8 || code.length >= 13) eans.add(code);
    else articles.add(code);
  }
  return { eans: [...eans], articles: [...articles], invalid };
}

export type FormProblem = 'products' | 'shops' | 'baseNetwork' | 'period' | 'codes';

/** What keeps the form from being sent (the server checks the same and answers 400). */
export function formProblems(form: ExportForm, needsBaseNetwork: boolean): FormProblem[] {
  const problems: FormProblem[] = [];
  const codes = parseCodes(form.codes);
  if (!form.products.length && !codes.eans.length && !codes.articles.length) problems.push('products');
  if (codes.invalid.length) problems.push('codes');
  if (!form.networks.length && !form.shops.length) problems.push('shops');
  if (needsBaseNetwork && form.type !== 'inline' && !form.baseNetwork) problems.push('baseNetwork');
  if (periodProblem(form.period, EXPORT_MAX_DAYS)) problems.push('period');
  return problems;
}

/** The selection of the form as the contract takes it (a price export's body or a template's data). */
export function selectionOf(form: ExportForm, opts: { baseNetwork: boolean; customMarketsSwitch: boolean }): Omit<ExportTemplateDataInput, 'type'> {
  const codes = parseCodes(form.codes);
  return {
    ...(form.networks.length ? { networks: form.networks } : {}),
    ...(form.shops.length ? { shops: form.shops } : {}),
    ...(form.products.length ? { products: form.products.map((p) => p.id) } : {}),
    ...(codes.eans.length ? { eans: codes.eans } : {}),
    ...(codes.articles.length ? { articles: codes.articles } : {}),
    start: toUsDate(form.period.start),
    end: toUsDate(form.period.end),
    ...(opts.baseNetwork && form.type !== 'inline' && form.baseNetwork ? { baseNetwork: form.baseNetwork } : {}),
    ...(opts.customMarketsSwitch ? { customMarkets: form.customMarkets } : {}),
    priceField: form.priceField,
  };
}

export function bodyOf(form: ExportForm, opts: { baseNetwork: boolean; customMarketsSwitch: boolean }): ExportPricesBody {
  const codes = parseCodes(form.codes);
  return {
    // From a template, the form's lists replace the template's even when emptied.
    ...(form.template
      ? { networks: form.networks, shops: form.shops, products: form.products.map((p) => p.id), eans: codes.eans, articles: codes.articles }
      : {}),
    ...selectionOf(form, opts),
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    ...(form.template ? { template: form.template } : {}),
  };
}

const isoOfUs = (us: string | undefined) => {
  const m = us ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(us) : null;
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
};

/**
 * A template loaded into the form: its selection, and the period a run today would cover (the server
 * answers it as nextStart / nextEnd). Products it names by id come back as chips named by id until the
 * user searches them; its pasted codes come back as the list.
 */
export function formOfTemplate(t: ExportTemplate): ExportForm {
  const d = t.data;
  const start = parseIsoDay(t.nextStart) ? t.nextStart : (isoOfUs(d.start) ?? lastDays(DEFAULT_DAYS).start);
  const end = parseIsoDay(t.nextEnd) ? t.nextEnd : (isoOfUs(d.end) ?? lastDays(DEFAULT_DAYS).end);
  return {
    ...emptyForm(t.type),
    baseNetwork: d.baseNetwork ?? '',
    networks: d.networks ?? [],
    shops: (d.shops ?? []).map(String),
    products: (d.products ?? []).map((id) => ({ id: String(id), name: `#${id}`, code: null })),
    codes: [...(d.eans ?? []), ...(d.articles ?? [])].join('\n'),
    period: { start, end },
    priceField: d.priceField ?? 'price',
    customMarkets: d.customMarkets ?? true,
    template: t._id,
  };
}
