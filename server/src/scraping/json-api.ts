/**
 * The JSON API strategy (docs/parsers.md "JSON API shops"): a shop's own API instead of its pages. The
 * definition's request template is expanded per page ({page}) or per catalogue product ({ean}, {id}),
 * every request goes through the crawler (crawl.ts: the address checks, robots.txt, size, timeouts,
 * retries, politeness), and each answer is read with the definition's JSONPath field paths into one
 * Extraction per item. Prices are machine values by the schema.org rules (parseMachinePrice): a number,
 * or a string such as "12.50"; "12,50", "1 299", "NaN", 1e21 or an object are a problem, never a guess.
 */
import type { JSONPathQuery } from 'json-p3';
import { jsonPath, type ParserJsonApi } from '@pricewatch/shared/contract';
import type { ParserProblemKind } from '@pricewatch/shared/contract';
import { parseMachinePrice } from './price';
import { settlePrices, validEan, type Extraction } from './extract';

type Problem = { kind: ParserProblemKind; message: string };

/** One request as sent. `key` names it in the run's report (the URL, plus the page or product when the URL alone does not). */
export type ApiRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  key: string;
  page: number | null;
  /** A page after the first: a 404 there is the end of the catalogue, not a problem. */
  endsWithNotFound?: boolean;
};

/** A catalogue product of the shop, for {ean} / {id} templates. */
export type ApiProduct = { ean: string | null; article: string | null };

/** One item of an answer: its identity for the report and matching, and what it says. */
export type ApiItem = { url: string; article: string | null; extraction: Extraction };

export type ReadContext = { currency?: string | null; country?: string | null };

const EMPTY: Omit<Extraction, 'problem'> = {
  name: null,
  ean: null,
  price: null,
  oldPrice: null,
  promo: false,
  currency: null,
  inStock: null,
  strategy: 'json',
  priceText: null,
};

const compiled = new Map<string, JSONPathQuery>();
function query(path: string): JSONPathQuery {
  let q = compiled.get(path);
  if (!q) {
    q = jsonPath.compile(path);
    if (compiled.size > 500) compiled.clear();
    compiled.set(path, q);
  }
  return q;
}

/** Every value a path gives (a path that matches nothing gives none). */
export function valuesAt(path: string, value: unknown): unknown[] {
  return query(path)
    .query(value as never)
    .values();
}

type One = { value: unknown } | { several: unknown[] } | null;

/** The one value a path gives: nulls and missing ignored, repeats of one value are that value. */
function one(path: string | undefined, item: unknown): One {
  if (!path) return null;
  const found = valuesAt(path, item).filter((v) => v !== null && v !== undefined);
  const distinct = [...new Map(found.map((v) => [JSON.stringify(v), v])).values()];
  if (!distinct.length) return null;
  return distinct.length === 1 ? { value: distinct[0] } : { several: distinct };
}

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() || null : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
const shown = (v: unknown) => JSON.stringify(v)?.slice(0, 80) ?? String(v);

/** true/false, a quantity, 'InStock'/'OutOfStock' (schema.org, also as a URL), yes/no words; else unknown. */
export function stockOf(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v > 0 : null;
  if (typeof v !== 'string') return null;
  const s = v
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, '');
  if (/^(true|yes|1|available|instock|in[ _-]?stock|limitedavailability|onlineonly|instoreonly)$/.test(s)) return true;
  // A pre-order or back-order is not had now (as extract.ts reads schema.org availability).
  if (/^(false|no|0|unavailable|outofstock|out[ _-]?of[ _-]?stock|soldout|sold[ _-]?out|discontinued|preorder|presale|backorder)$/.test(s)) return false;
  return null;
}

/** A machine price from an API field, or why not. */
function machine(v: One, what: string): { amount: number | null; text: string | null } | { problem: Problem } {
  if (v === null) return { amount: null, text: null };
  if ('several' in v)
    return { problem: { kind: 'price_conflict', message: `${what} path gives several values: ${v.several.map(shown).join(', ').slice(0, 160)}` } };
  const p = parseMachinePrice(typeof v.value === 'number' || typeof v.value === 'string' ? v.value : '');
  if (!p.ok) return { problem: { kind: 'price_unparseable', message: `${what} ${p.reason}: ${shown(v.value)} is not a machine value` } };
  return { amount: p.amount, text: String(v.value) };
}

/** One item of an answer read with the field paths; `base` resolves relative product URLs. */
export function readItem(item: unknown, fields: ParserJsonApi['fields'], base: string, index: number, ctx: ReadContext = {}): ApiItem {
  const single = (path: string | undefined) => {
    const v = one(path, item);
    return v && 'value' in v ? v.value : null;
  };
  const name = text(single(fields.name))?.slice(0, 300) ?? null;
  const eanValue = one(fields.ean, item);
  const ean = eanValue && 'value' in eanValue && (typeof eanValue.value === 'string' || typeof eanValue.value === 'number') ? validEan(eanValue.value) : null;
  const article = text(single(fields.article))?.slice(0, 200) ?? null;
  let url: string | null = null;
  const rawUrl = text(single(fields.url));
  if (rawUrl) {
    try {
      const u = new URL(rawUrl, base);
      if (u.protocol === 'http:' || u.protocol === 'https:') url = u.toString();
    } catch {
      url = null;
    }
  }
  const stock = one(fields.inStock, item);
  const cur = ctx.currency?.toUpperCase() ?? null;
  const currencyValue = one(fields.currency, item);
  const itemCurrency = currencyValue && 'value' in currencyValue ? (text(currencyValue.value)?.toUpperCase() ?? null) : null;
  const base_: Omit<Extraction, 'problem'> = {
    ...EMPTY,
    name,
    ean,
    article,
    inStock: stock && 'value' in stock ? stockOf(stock.value) : null,
    currency: itemCurrency ?? cur,
  };
  const key = url ?? `${base}#${encodeURIComponent(article ?? ean ?? `item-${index}`)}`;
  const problem = (p: Problem): ApiItem => ({ url: key, article, extraction: { ...base_, problem: p } });
  const price = machine(one(fields.price, item), 'price');
  if ('problem' in price) return problem(price.problem);
  if (price.amount === null) return problem({ kind: 'price_unparseable', message: `price empty: nothing at ${fields.price}` });
  const old = machine(one(fields.oldPrice, item), 'old price');
  if ('problem' in old) return problem(old.problem);
  if (currencyValue && 'several' in currencyValue)
    return problem({ kind: 'currency_mismatch', message: `currency path gives several values: ${currencyValue.several.map(shown).join(', ')}` });
  if (cur && itemCurrency && itemCurrency !== cur) return problem({ kind: 'currency_mismatch', message: `price in ${itemCurrency}, the shop sells in ${cur}` });
  return { url: key, article, extraction: settlePrices({ ...base_, priceText: price.text }, price.amount, old.amount) };
}

/** The items of one answer: the nodes of `items`, or the elements of the one array it names. */
export function itemsOf(answer: unknown, itemsPath: string): unknown[] {
  const nodes = valuesAt(itemsPath, answer);
  if (nodes.length === 1 && Array.isArray(nodes[0])) return nodes[0];
  return nodes;
}

/** A count the answer gives (totalItems / totalPages): a whole number ≥ 0, as a number or digits. */
export function countAt(answer: unknown, path: string): number | null {
  const v = one(path, answer);
  if (!v || !('value' in v)) return null;
  const n = typeof v.value === 'number' ? v.value : typeof v.value === 'string' && /^\d{1,9}$/.test(v.value.trim()) ? Number(v.value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The template with its placeholders replaced. */
export function expandRequest(api: ParserJsonApi, vars: { page?: number; ean?: string; id?: string }): ApiRequest {
  const r = api.request;
  const value = (name: string) => String((vars as Record<string, unknown>)[name] ?? '');
  const fill = (s: string, encode: (v: string) => string) => s.replace(/\{(page|ean|id)\}/g, (_, n: string) => encode(value(n)));
  const url = fill(r.url, encodeURIComponent);
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(r.headers)) {
    if (k.toLowerCase() === 'accept') delete headers.accept;
    headers[k] = fill(v, (x) => x);
  }
  let body: string | undefined;
  if (typeof r.body === 'string') {
    body = fill(r.body, encodeURIComponent);
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (r.body !== undefined) {
    const walk = (v: unknown): unknown =>
      typeof v === 'string'
        ? v === '{page}' && vars.page !== undefined
          ? vars.page
          : fill(v, (x) => x)
        : Array.isArray(v)
          ? v.map(walk)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
            : v;
    body = JSON.stringify(walk(r.body));
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  const which = vars.page !== undefined ? `page=${vars.page}` : (vars.id ?? vars.ean) !== undefined ? `product=${vars.id ?? vars.ean}` : '';
  // A body may be what tells two requests apart: then the key says which one it is.
  const key = body !== undefined && which ? `${url}#${which}` : url;
  return { url, method: r.method, headers, ...(body !== undefined ? { body } : {}), key, page: vars.page ?? null };
}

/** The mode a template asks for: paging, one request per product, or one request for everything. */
const templateText = (api: ParserJsonApi) =>
  [
    api.request.url,
    ...Object.values(api.request.headers),
    typeof api.request.body === 'string' ? api.request.body : JSON.stringify(api.request.body ?? null),
  ].join(' ');

export function apiMode(api: ParserJsonApi): 'pages' | 'products' | 'single' {
  const all = templateText(api);
  if (all.includes('{page}')) return 'pages';
  if (all.includes('{ean}') || all.includes('{id}')) return 'products';
  return 'single';
}

export type ApiPlan = {
  requests: ApiRequest[];
  /**
   * What `read` reads with, as data: the crawl reads each answer in a worker thread from it (page-pool.ts;
   * 80 000 items of a 20 MB answer took ~5 s of JSON.parse and JSONPath). Without it, `read` here.
   */
  spec?: { api: ParserJsonApi; ctx: ReadContext };
  /** Only the first answer: its next pages are not asked (a try, the CLI). */
  onePage?: boolean;
  /** Reads one answer: its items, the requests it leads to (the next pages), or a problem of the request itself. */
  read(
    request: ApiRequest,
    answer: unknown,
    loadedUrl: string,
  ): {
    items: ApiItem[];
    next: ApiRequest[];
    problem: Problem | null;
    /** How many items the whole catalogue has, as the first answer's count says (live progress). */
    expected?: number;
  };
};

/** A placeholder value that is a whole dot segment ('.', '..'). */
const DOT_SEGMENT = /^\.{1,2}$/;

/**
 * What a run asks and how it goes on. Pages: without a total, the next page after each page with items
 * (until an empty page); with totalItems / totalPages in the first answer, every page at once after it.
 * Never more than maxPages. Products: one request per product that has the value the template needs.
 */
export function planApi(api: ParserJsonApi, products: ApiProduct[], ctx: ReadContext = {}): ApiPlan {
  const mode = apiMode(api);
  const paging = {
    first: api.paging?.first ?? 1,
    maxPages: api.paging?.maxPages ?? 500,
    totalItems: api.paging?.totalItems,
    totalPages: api.paging?.totalPages,
  };
  const last = paging.first + paging.maxPages - 1;
  let requests: ApiRequest[];
  if (mode === 'pages') requests = [expandRequest(api, { page: paging.first })];
  else if (mode === 'products') {
    const needsEan = templateText(api).includes('{ean}');
    const needsId = templateText(api).includes('{id}');
    const seen = new Set<string>();
    requests = [];
    for (const p of products) {
      if ((needsEan && !p.ean) || (needsId && !p.article)) continue;
      // encodeURIComponent keeps '.', and the URL parser resolves a '..' segment: such a value would ask another path of the API.
      if ((needsEan && DOT_SEGMENT.test(p.ean!)) || (needsId && DOT_SEGMENT.test(p.article!))) continue;
      const r = expandRequest(api, { ...(needsEan ? { ean: p.ean! } : {}), ...(needsId ? { id: p.article! } : {}) });
      if (seen.has(r.key)) continue;
      seen.add(r.key);
      requests.push(r);
    }
  } else requests = [expandRequest(api, {})];
  return {
    requests,
    spec: { api, ctx },
    read(request, answer, loadedUrl) {
      let raw: unknown[];
      try {
        raw = itemsOf(answer, api.fields.items);
      } catch (err) {
        return { items: [], next: [], problem: { kind: 'layout_changed', message: `the answer cannot be read: ${(err as Error).message.slice(0, 160)}` } };
      }
      const items: ApiItem[] = [];
      for (const [i, item] of raw.entries()) {
        try {
          items.push(readItem(item, api.fields, loadedUrl, (request.page ?? 0) * 100_000 + i, ctx));
        } catch (err) {
          items.push({
            url: `${loadedUrl}#item-${i}`,
            article: null,
            extraction: { ...EMPTY, problem: { kind: 'layout_changed', message: `item ${i} cannot be read: ${(err as Error).message.slice(0, 160)}` } },
          });
        }
      }
      const next: ApiRequest[] = [];
      let expected: number | undefined;
      if (mode === 'pages' && request.page !== null) {
        const isFirst = request.page === paging.first;
        if (isFirst && (paging.totalItems || paging.totalPages)) {
          const total = countAt(answer, (paging.totalItems ?? paging.totalPages)!);
          if (total === null) return { items, next, problem: { kind: 'layout_changed', message: `no count at ${paging.totalItems ?? paging.totalPages}` } };
          const pages = paging.totalPages ? total : raw.length ? Math.ceil(total / raw.length) : 0;
          expected = Math.min(paging.totalItems ? total : total * raw.length, (last - paging.first + 1) * raw.length);
          for (let p = paging.first + 1; p < paging.first + pages && p <= last; p++) next.push({ ...expandRequest(api, { page: p }), endsWithNotFound: true });
        } else if (!paging.totalItems && !paging.totalPages && raw.length && request.page < last) {
          next.push({ ...expandRequest(api, { page: request.page + 1 }), endsWithNotFound: true });
        }
      }
      if (!raw.length && mode !== 'pages') return { items, next, problem: { kind: 'layout_changed', message: `no items at ${api.fields.items}` } };
      return { items, next, problem: null, ...(expected !== undefined ? { expected } : {}) };
    },
  };
}
