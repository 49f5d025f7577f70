/**
 * What one product page says: name, EAN, price, old price, promo flag, currency, stock — by the
 * schema.org JSON-LD Product/Offer, schema.org microdata (or RDFa), or the shop's CSS selectors with its
 * price format. 'auto' tries them in that order. Whatever the strategy, its price is checked against what
 * the page shows a shopper (visible.ts): the structured price must be the one price shown, or the page's
 * one unambiguous price replaces it; the selector's price must be the only one. No strategy matching is a
 * "layout changed" problem; a price that cannot be stated for sure is a problem with its reason — never a
 * guessed price (docs/parsers.md "Cross-checks").
 */
import { load, type CheerioAPI } from 'cheerio';
import { isTag, type Element } from 'domhandler';
import type { ExtractionStrategy, ParserPriceFormat, ParserSelectors, ParserProblemKind } from '@pricewatch/shared/contract';
import { currencyIn, parseMachinePrice, parsePrice, type ParsedPrice, type PriceContext } from './price';
import { priceAmongLabelled } from './companions';
import { leadLabel, plainMentions, QUALIFYING_LABELS, readPage, struckMentions, type PageView } from './visible';

export type Extraction = {
  name: string | null;
  ean: string | null;
  /** The shop's own product id, where the source names it (the JSON API strategy): matched against the offers' shop article. */
  article?: string | null;
  /** Major units (39.9); what a shopper pays: the promo price when there is one. */
  price: number | null;
  oldPrice: number | null;
  promo: boolean;
  currency: string | null;
  inStock: boolean | null;
  strategy: Exclude<ExtractionStrategy, 'auto'> | null;
  /** The text (or machine value) the price was read from, as the page has it: shown for suspicious prices. */
  priceText: string | null;
  problem: { kind: ParserProblemKind; message: string } | null;
};

export type ExtractOptions = {
  strategy: ExtractionStrategy;
  selectors?: ParserSelectors;
  priceFormat?: ParserPriceFormat;
  /**
   * The shop's country (ua, cz…) and currency (ISO 4217), as the parser has them: they settle separators
   * the text alone leaves open ('1.600 Kč', '$16,500'), and a price in another currency is refused.
   */
  country?: string;
  currency?: string;
};

type Strategy = Exclude<ExtractionStrategy, 'auto'>;
type Problem = { kind: ParserProblemKind; message: string };

const EMPTY: Omit<Extraction, 'problem' | 'strategy'> = {
  priceText: null,
  name: null,
  ean: null,
  price: null,
  oldPrice: null,
  promo: false,
  currency: null,
  inStock: null,
};

/** A valid EAN-8/12/13/14 (check digit verified), else null. */
export function validEan(value: unknown): string | null {
  const s = String(value ?? '').replace(/\s/g, '');
  if (!/^(\d{8}|\d{12,14})$/.test(s)) return null;
  const digits = [...s].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check ? s.padStart(13, '0').slice(-13) : null;
}

const BLOCK_WORDS =
  /(captcha|are you a robot|access denied|unusual traffic|request blocked|bot detection|cloudflare ray id|_cf_chl_opt|challenge-platform|checking your browser|verify you are human|jesteś człowiekiem|sind sie ein mensch|ověřujeme, že jste člověk)/i;

export function looksBlocked(html: string): boolean {
  return BLOCK_WORDS.test(html.slice(0, 20_000));
}

/**
 * A link out to another shop's offer ('Idź do sklepu', 'Do obchodu', 'Zum Shop', 'Перейти в магазин'): its text
 * alone. A page with one is a price comparison's: its amounts are other shops' offers, none this site's price.
 */
const GO_TO_SHOP =
  /^\s*((idź|przejdź)\s+do\s+sklepu|(přejít\s+)?do\s+obchodu|(prejsť\s+)?do\s+obchodu|zum\s+(shop|händler|angebot)|(go|visit)\s+(to\s+)?(the\s+)?(shop|store)|(перейти\s+)?(в|до)\s+магазин[уа]?|მაღაზიაში\s+გადასვლა)\s*[→›»>]?\s*$/iu;

function comparisonPage($: CheerioAPI, view: PageView): boolean {
  return $('a')
    .toArray()
    .some((el) => isTag(el) && !view.excluded(el) && !view.hidden(el) && GO_TO_SHOP.test($(el).text()));
}

/** One offer as a strategy read it, before the page's cross-check. */
type Offer = {
  price: ParsedPrice;
  /** Read from shop-formatted text in a machine field ('1 299,00'): only taken when the page shows it. */
  formatted: boolean;
  old: ParsedPrice | null;
  currency: string | null;
  inStock: boolean | null;
  /** schema.org Discontinued: the price is the last one the shop sold at, not an offer. */
  discontinued: boolean;
  ean: string | null;
  url: string | null;
  condition: string | null;
  seller: string | null;
  text: string | null;
};

/** What a structured strategy (JSON-LD, microdata) found before choosing among its offers. */
type Structured = {
  strategy: Strategy;
  name: string | null;
  ean: string | null;
  offers: Offer[];
  /** lowPrice–highPrice of an AggregateOffer with no offer to choose: the price depends on a variant. */
  range: { low: number; high: number } | null;
  /** Several Product blocks that disagree. */
  conflict: string | null;
};

/** The source text of a price, spaces collapsed, short enough to show. */
const sourceText = (v: unknown): string | null => {
  const s = String(v ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s ? s.slice(0, 200) : null;
};

const availability = (v: unknown): boolean | null => {
  const s = String(v ?? '');
  // A pre-order or back-order can be ordered but not had now: not in stock ('Немає в наявності · передзамовлення').
  if (/PreOrder|PreSale|BackOrder|OutOfStock|SoldOut|Discontinued/i.test(s)) return false;
  if (/InStock|LimitedAvailability|OnlineOnly|InStoreOnly/i.test(s)) return true;
  return null;
};

/** schema.org Product and its kinds (a Book is a Product with an ISBN). */
const PRODUCT_TYPES = /^(Product|ProductModel|IndividualProduct|SomeProducts|Book|Vehicle|Car|Motorcycle|DietarySupplement|Drug)$/;
const NOT_NEW = /(Used|Refurbished|Damaged)Condition/i;

function types(node: Record<string, unknown>): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).map((x) => String(x ?? '').replace(/^https?:\/\/schema\.org\//, ''));
}

function flattenLd(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((v) => flattenLd(v, out));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    out.push(o);
    if (o['@graph']) flattenLd(o['@graph'], out);
  }
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null);
const nameOf = (v: unknown): string | null => (v && typeof v === 'object' ? str((v as Record<string, unknown>).name) : str(v));
const eanOf = (o: Record<string, unknown>): string | null => [o.gtin13, o.gtin, o.gtin12, o.gtin8, o.gtin14, o.ean, o.isbn].map(validEan).find(Boolean) ?? null;

/** A schema.org price value: machine form, or shop-formatted text read with the shop's context. */
function readStructuredPrice(value: unknown, ctx: PriceContext): { price: ParsedPrice; formatted: boolean } {
  const machine = parseMachinePrice(value);
  if (machine.ok || machine.reason !== 'unparseable' || !/\d/.test(String(value))) return { price: machine, formatted: false };
  const text = parsePrice(String(value), undefined, ctx);
  return text.ok ? { price: text, formatted: true } : { price: machine, formatted: false };
}

function ldOffer(o: Record<string, unknown>, item: Record<string, unknown> | null, ctx: PriceContext): Offer {
  const specs = flattenLd(o.priceSpecification);
  const strike = specs.find((s) => /StrikethroughPrice|ListPrice/i.test(String(s.priceType ?? '')));
  const raw = o.price ?? specs.find((s) => !s.priceType)?.price;
  const { price, formatted } = readStructuredPrice(raw, ctx);
  return {
    price,
    formatted,
    old: strike ? readStructuredPrice(strike.price, ctx).price : null,
    currency: str(o.priceCurrency) ?? str(specs.find((s) => s.priceCurrency)?.priceCurrency) ?? null,
    inStock: availability(o.availability ?? item?.availability),
    discontinued: /Discontinued/i.test(String(o.availability ?? item?.availability ?? '')),
    ean: eanOf(o) ?? (item ? eanOf(item) : null),
    url: str(o.url) ?? (item ? str(item.url) : null),
    condition: str(o.itemCondition) ?? (item ? str(item.itemCondition) : null),
    seller: nameOf(o.seller) ?? nameOf(o.offeredBy),
    text: sourceText(raw),
  };
}

function fromJsonLd($: CheerioAPI, ctx: PriceContext, h1: string): Structured | null {
  const nodes: Record<string, unknown>[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      flattenLd(JSON.parse($(el).text()), nodes);
    } catch {
      // A broken block is skipped; another block or strategy may still match.
    }
  });
  const group = nodes.find((n) => types(n).includes('ProductGroup'));
  // A ProductGroup's page shows one of its variants (Products with their own offers and EANs).
  const variants = group ? flattenLd(group.hasVariant).filter((n) => types(n).some((t) => PRODUCT_TYPES.test(t))) : [];
  let products = nodes.filter((n) => types(n).some((t) => PRODUCT_TYPES.test(t)) && !variants.includes(n));
  if (!products.length && !variants.length) return null;
  let conflict: string | null = null;
  if (!variants.length && products.length > 1) {
    // Several Products (a bundle's parts, a page of two): the one named like the page's h1, else they must agree.
    const named = products.filter((p) => norm(str(p.name)) && norm(str(p.name)) === norm(h1));
    if (named.length === 1) products = named;
    else if (new Set(products.flatMap((p) => flattenLd(p.offers).map((o) => String(o.price ?? o.lowPrice ?? '')))).size > 1) {
      conflict = `${products.length} Product blocks with different prices`;
    }
  }
  const product = variants.length ? group! : products[0]!;
  const offers: Offer[] = [];
  const ranges: { low: number; high: number }[] = [];
  const items = variants.length ? variants.map((v) => ({ item: v, offers: flattenLd(v.offers) })) : [{ item: null, offers: flattenLd(product.offers) }];
  for (const { item, offers: raw } of items) {
    for (const o of raw) {
      if (types(o).includes('AggregateOffer')) {
        const inner = flattenLd(o.offers).filter((x) => types(x).includes('Offer'));
        if (inner.length) {
          inner.forEach((x) => offers.push(ldOffer(x, item, ctx)));
          continue;
        }
        const low = readStructuredPrice(o.lowPrice ?? o.price, ctx).price;
        const high = readStructuredPrice(o.highPrice ?? o.lowPrice ?? o.price, ctx).price;
        if (low.ok && high.ok && low.amount !== high.amount) {
          ranges.push({ low: low.amount, high: high.amount });
          continue;
        }
        offers.push(ldOffer({ ...o, price: o.price ?? o.lowPrice }, item, ctx));
        continue;
      }
      offers.push(ldOffer(o, item, ctx));
    }
  }
  return {
    strategy: 'jsonld',
    name: str(product.name),
    ean: variants.length ? null : eanOf(product),
    offers,
    range: ranges.length ? { low: Math.min(...ranges.map((r) => r.low)), high: Math.max(...ranges.map((r) => r.high)) } : null,
    conflict,
  };
}

const norm = (s: string | null | undefined) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** schema.org microdata (itemprop) or RDFa (property) Product. */
function fromMicrodata($: CheerioAPI, ctx: PriceContext, view: PageView): Structured | null {
  const md = $('[itemscope][itemtype*="schema.org/Product"], [itemscope][itemtype*="schema.org/Book"]').toArray().filter(isTag);
  const rdfa = $('[typeof~="Product"], [typeof~="Book"], [typeof~="schema:Product"]').toArray().filter(isTag);
  const prop = md.length ? 'itemprop' : 'property';
  const scopeOf = md.length ? '[itemscope]' : '[typeof]';
  // Products in recently-viewed, related or cart blocks are other products.
  let scopes = (md.length ? md : rdfa).filter((s) => !view.excluded(s));
  scopes = scopes.filter((s) => !scopes.some((o) => o !== s && $(o).find(s).length));
  if (!scopes.length) return null;
  let conflict: string | null = null;
  if (scopes.length > 1) {
    const inMain = scopes.filter((s) => view.main && (s === view.main || $(s).find(view.main).length || $(view.main).find(s).length));
    if (inMain.length === 1) scopes = inMain;
    else conflict = `${scopes.length} microdata Products`;
  }
  const scope = scopes[0]!;
  // Properties of this item, not of an item nested in it.
  const own = (sel: string, root: Element = scope) =>
    $(root)
      .find(sel)
      .toArray()
      .filter((el) => isTag(el) && $(el).parents(scopeOf).first()[0] === root) as Element[];
  const value = (el: Element | undefined) => (el ? (el.attribs.content ?? el.attribs.href ?? el.attribs.value ?? $(el).text()).trim() : '');
  const offerEls = own(`[${prop}~="offers"]`);
  const offers: Offer[] = [];
  let range: Structured['range'] = null;
  for (const offerEl of offerEls.length ? offerEls : [scope]) {
    const inner = (p: string) => (offerEl === scope ? own(`[${prop}~="${p}"]`)[0] : $(offerEl).find(`[${prop}~="${p}"]`).toArray().filter(isTag)[0]);
    const priceEl = inner('price');
    const low = inner('lowPrice');
    const high = inner('highPrice');
    if (!priceEl && low && high) {
      const l = readStructuredPrice(value(low), ctx).price;
      const h = readStructuredPrice(value(high), ctx).price;
      if (l.ok && h.ok && l.amount !== h.amount) {
        range = { low: l.amount, high: h.amount };
        continue;
      }
    }
    const el = priceEl ?? low;
    if (!el) continue;
    const content = el.attribs.content;
    const read = content !== undefined ? readStructuredPrice(content, ctx) : { price: parsePrice(view.textOf(el), undefined, ctx), formatted: false };
    offers.push({
      price: read.price,
      formatted: read.formatted,
      old: null,
      currency: value(inner('priceCurrency')) || currencyIn(view.textOf(el)),
      inStock: availability(value(inner('availability'))),
      discontinued: /Discontinued/i.test(value(inner('availability')) ?? ''),
      ean: ['gtin13', 'gtin', 'gtin8', 'gtin12', 'gtin14'].map((g) => validEan(value(inner(g)))).find(Boolean) ?? null,
      url: value(inner('url')) || null,
      condition: value(inner('itemCondition')) || null,
      seller: null,
      text: sourceText(content ?? view.textOf(el)),
    });
  }
  if (!offers.length && !range) return null;
  const ean = ['gtin13', 'gtin', 'gtin8', 'gtin12', 'gtin14', 'isbn'].map((p) => validEan(value(own(`[${prop}~="${p}"]`)[0]))).find(Boolean);
  return { strategy: 'microdata', name: value(own(`[${prop}~="name"]`)[0]) || null, ean: ean ?? null, offers, range, conflict };
}

/** The page's own address (canonical, og:url) and name: which offer is this page's and this shop's. */
function pageIdentity($: CheerioAPI) {
  const url = $('link[rel="canonical"]').attr('href') ?? $('meta[property="og:url"]').attr('content') ?? null;
  let host = '';
  try {
    host = url ? new URL(url).hostname.replace(/^www\./, '') : '';
  } catch {
    host = '';
  }
  const site = $('meta[property="og:site_name"]').attr('content') ?? '';
  return { url, host, site };
}

const sameUrl = (a: string | null, b: string | null) => {
  const n = (u: string | null) =>
    String(u ?? '')
      .trim()
      .replace(/^https?:\/\/(www\.)?/i, '')
      .replace(/\/+(\?|#|$)/, '$1')
      .toLowerCase();
  return !!a && !!b && n(a) === n(b);
};
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\d]/gu, '');

type Choice = { offer: Offer } | { declined: Problem };

/**
 * The offer this page sells: new condition, in the shop's currency, sold by the shop itself; among
 * variants the one the page is about (its canonical URL) or the one whose price is the page's one price.
 * Several left with different prices: a problem — never the lowest.
 */
function chooseOffer(s: Structured, $: CheerioAPI, view: PageView, ctx: PriceContext): Choice {
  const variants = (msg: string): Choice => ({ declined: { kind: 'price_variants', message: msg } });
  if (!s.offers.length) {
    if (s.range) return variants(`the price depends on a variant and none is selected: ${s.range.low}–${s.range.high}`);
    return { declined: { kind: 'price_unparseable', message: 'price empty: ""' } };
  }
  let offers = s.offers;
  const fresh = offers.filter((o) => !NOT_NEW.test(o.condition ?? ''));
  if (!fresh.length) return { declined: { kind: 'price_unparseable', message: 'only used or refurbished offers' } };
  offers = fresh;
  const cur = ctx.currency?.toUpperCase();
  if (cur && offers.some((o) => o.currency?.toUpperCase() === cur)) offers = offers.filter((o) => !o.currency || o.currency.toUpperCase() === cur);
  const distinct = (list: Offer[]) => new Set(list.map((o) => (o.price.ok ? o.price.minor : `x${o.text}`))).size;
  if (distinct(offers) > 1) {
    const id = pageIdentity($);
    // The site's name: the longest label of its host before the top-level domain (megamart in www.megamart.com).
    const name =
      id.host
        .split('.')
        .slice(0, -1)
        .sort((a, b) => b.length - a.length)[0] ?? '';
    const own = offers.filter(
      (o) => o.seller && ((name.length >= 4 && squash(o.seller).includes(squash(name))) || (id.site && squash(o.seller) === squash(id.site))),
    );
    if (own.length && distinct(own) === 1) offers = own;
  }
  if (distinct(offers) > 1) {
    const id = pageIdentity($);
    const byUrl = offers.filter((o) => sameUrl(o.url, id.url));
    if (byUrl.length === 1) return { offer: byUrl[0]! };
    const shown = new Set(plainMentions(view).map((m) => m.value));
    if (shown.size === 1) {
      const [v] = [...shown];
      const match = offers.filter((o) => o.price.ok && v !== null && o.price.minor === Math.round(v * 100));
      // The page's one price picks the offer; its EAN only when that offer alone has the price.
      if (match.length === 1) return { offer: match[0]! };
      if (match.length > 1) return { offer: { ...match[0]!, ean: null } };
    }
    return variants(`${offers.length} offers with different prices and none is this page's`);
  }
  // Identical prices: the EAN is known only when they are one offer.
  return { offer: offers.length === 1 ? offers[0]! : { ...offers[0]!, ean: offers.every((o) => o.ean === offers[0]!.ean) ? offers[0]!.ean : null } };
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** The old price a page shows beside `price`: its struck-through amount, else the offer's own. */
function oldPriceFor(view: PageView, price: number, offered: number | null): { old: number | null } | { problem: Problem } {
  const struck = [
    ...new Set(
      struckMentions(view)
        .map((m) => m.value)
        .filter((v): v is number => v !== null && v > price),
    ),
  ];
  if (!struck.length) return { old: offered !== null && offered > price ? offered : null };
  if (struck.length === 1) return { old: struck[0]! };
  if (offered !== null && struck.includes(offered)) return { old: offered };
  return { problem: { kind: 'price_conflict', message: `several struck-through prices beside ${fmt(price)}: ${struck.map(fmt).join(', ')}` } };
}

type Decision = { price: number; old: number | null; currency: string | null; text: string | null } | { problem: Problem; declined?: boolean };

/**
 * A structured price against the page. Shown and alone → taken (with the struck-through old price beside
 * it). Not shown while the page shows one other price → that price, if it is marked as a price or the
 * structured one is the struck-through old price (a stale promotion); otherwise, or with several prices
 * shown, `price_conflict`. Nothing shown → the structured price, unless the page says on request, or it is a
 * placeholder (≤ 1) on a product area showing no price, or it was shop-formatted text nobody confirms.
 */
function decideStructured(offer: Offer, view: PageView, ctx: PriceContext): Decision {
  const cur = ctx.currency?.toUpperCase() ?? null;
  const p = offer.price;
  if (view.onRequest) return { problem: { kind: 'price_unparseable', message: 'price on_request: the page says the price is on request' }, declined: true };
  if (!p.ok) return { problem: { kind: 'price_unparseable', message: `price ${p.reason}: "${p.text.slice(0, 80)}"` }, declined: true };
  if (offer.discontinued) return { problem: { kind: 'price_unparseable', message: 'the product is discontinued: its price is the last one, not an offer' } };
  const plain = plainMentions(view);
  if (plain.some((m) => m.value === null)) {
    return { problem: { kind: 'price_conflict', message: `a price on the page cannot be read for sure: "${plain.find((m) => m.value === null)!.text}"` } };
  }
  const shown = [...new Set(plain.map((m) => m.value as number))];
  const offered = offer.old?.ok ? offer.old.amount : null;
  const currencyOk = !cur || !offer.currency || offer.currency.toUpperCase() === cur;
  if (!shown.length) {
    // 'from 12 999 ₴' where the price would be: the structured price is one variant's, not the page's.
    // With only a 'from' amount near the h1 there is no product area: it is among the labelled amounts there.
    const from = [...view.mentions, ...view.labelledNearH1].find((m) => m.label === 'from' && m.priceElement && !m.sticky);
    if (from) return { problem: { kind: 'price_variants', message: `the page shows only a 'from' price: "${from.text}"` } };
    // The structured amount is one the page shows as a multi-buy, netto, card, per-unit or approximate price.
    const qualified = [...view.mentions, ...view.labelledNearH1].find((m) => m.value === p.amount && !m.struck && m.label && QUALIFYING_LABELS.has(m.label));
    if (qualified)
      return { problem: { kind: 'price_unparseable', message: `price ${qualified.label}: the page shows it as "${qualified.text.slice(0, 80)}"` } };
    if (offer.formatted)
      return { problem: { kind: 'price_unparseable', message: `price not machine-readable and not shown on the page: "${offer.text}"` }, declined: true };
    if (p.amount <= 1 && view.productArea)
      return { problem: { kind: 'price_unparseable', message: `price ${fmt(p.amount)} looks like a placeholder and the page shows no price` }, declined: true };
    if (!currencyOk) return { problem: { kind: 'currency_mismatch', message: `price in ${offer.currency}, the shop sells in ${cur}` } };
    return { price: p.amount, old: offered !== null && offered > p.amount ? offered : null, currency: offer.currency ?? cur, text: offer.text };
  }
  if (shown.length > 1) {
    return { problem: { kind: 'price_conflict', message: `the page shows several prices: ${shown.map(fmt).join(', ')} (structured data: ${fmt(p.amount)})` } };
  }
  const q = shown[0]!;
  const qMentions = plain.filter((m) => m.value === q);
  if (q === p.amount) {
    let currency = offer.currency ?? cur;
    if (!currencyOk) {
      // The markup's currency is wrong when the page shows the same amount in the shop's currency.
      if (!qMentions.some((m) => m.currency === cur))
        return { problem: { kind: 'currency_mismatch', message: `price in ${offer.currency}, the shop sells in ${cur}` } };
      currency = cur;
    }
    const old = oldPriceFor(view, p.amount, offered);
    if ('problem' in old) return old;
    return { price: p.amount, old: old.old, currency, text: offer.text };
  }
  // The structured amount shown under a label while another amount is plain: which is the price is not clear.
  const labelled = view.mentions.find((m) => m.value === p.amount && !m.struck && m.label && QUALIFYING_LABELS.has(m.label));
  if (labelled) {
    return {
      problem: {
        kind: 'price_conflict',
        message: `structured data says ${fmt(p.amount)}, shown as a ${labelled.label} amount ("${labelled.text.slice(0, 60)}"); the page also shows ${fmt(q)}`,
      },
    };
  }
  const stale = struckMentions(view).some((m) => m.value === p.amount);
  if (!stale && !qMentions.some((m) => m.priceElement)) {
    return { problem: { kind: 'price_conflict', message: `structured data says ${fmt(p.amount)}, the page shows ${fmt(q)}` } };
  }
  const old = oldPriceFor(view, q, null);
  if ('problem' in old) return old;
  return { price: q, old: old.old, currency: qMentions.find((m) => m.currency)?.currency ?? cur, text: qMentions[0]!.text };
}

/** The elements a selector matches, those in the product area (or a sticky bar) first, never other products'. */
function matches($: CheerioAPI, selector: string, view: PageView, { shownOnly = false } = {}): Element[] {
  const all = $(selector).toArray().filter(isTag);
  const inArea = all.filter((el) => view.contains(el) && !view.excluded(el) && !view.hidden(el));
  if (inArea.length) return inArea;
  const outside = all.filter((el) => !view.excluded(el) && !view.hidden(el));
  // An old price nobody sees (another pack's in a <template>, a closed modal's) is no old price of this page.
  return outside.length || shownOnly ? outside : all;
}

/** A price element's words while its amount loads ('Cena się ładuje…', 'Loading…', 'Načítání'). */
const LOADING = /(ładuj|wczytyw|loading|načít|načítav|завантаж|загруж|lädt|laden|იტვირთ)/iu;

/** Labels the words near a price element give it that say nothing about the amount itself ('free delivery'). */
const NOT_OF_THE_AMOUNT = new Set(['delivery', 'saving', 'alternative']);

function fromSelectors($: CheerioAPI, sel: ParserSelectors, view: PageView, format: ParserPriceFormat | undefined, ctx: PriceContext): Extraction | null {
  const priceEls = matches($, sel.price, view);
  if (!priceEls.length) return null;
  const cur = ctx.currency?.toUpperCase() ?? null;
  const textOf = (el: Element | undefined) => (el ? view.textOf(el) : '');
  const read = priceEls.map((el) => {
    // A struck-through old price inside the price element is the old price, not a second price.
    const parts = view.splitStruck(el);
    return { el, parts, parsed: parsePrice(parts.text, format, ctx) };
  });
  const first = read[0]!;
  const oldEl = sel.oldPrice ? matches($, sel.oldPrice, view, { shownOnly: true })[0] : undefined;
  const oldText = sel.oldPrice ? textOf(oldEl) : first.parts.struck;
  const eanEl = sel.ean ? matches($, sel.ean, view)[0] : undefined;
  const base: Omit<Extraction, 'problem'> = {
    ...EMPTY,
    strategy: 'selectors',
    name: sel.name
      ? textOf(matches($, sel.name, view)[0])
          .replace(/\s+/g, ' ')
          .trim() || null
      : null,
    ean: eanEl ? validEan(eanEl.attribs.content ?? eanEl.attribs.value ?? Object.values(eanEl.attribs).find((v) => validEan(v)) ?? $(eanEl).text()) : null,
    currency: (first.parsed.ok ? first.parsed.currency : null) ?? currencyIn(first.parts.text) ?? currencyIn(oldText) ?? cur,
    inStock: sel.outOfStock
      ? $(sel.outOfStock)
          .toArray()
          .filter((el) => isTag(el) && !view.excluded(el) && !view.hidden(el)).length === 0
      : null,
    priceText: sourceText(first.parts.text),
  };
  const problem = (kind: ParserProblemKind, message: string): Extraction => ({ ...base, problem: { kind, message } });
  // The price beside other amounts its element names as something else ('49,90 ₴ · з карткою 44,90 ₴').
  const struckInside = first.parts.struck.trim() ? parsePrice(first.parts.struck, format, ctx) : null;
  let settled = priceAmongLabelled(first.parts.text, format, ctx, struckInside?.ok ? struckInside.amount : null);
  // The element in another currency (a currency switcher) with the shop's amount beside it in its own block
  // ('<div>51,90 €</div><div>(1 249 Kč)</div>'): the block read as one element.
  const parent = first.el.parent;
  let byBlock = false;
  if (!settled && cur && first.parsed.ok && first.parsed.currency && first.parsed.currency !== cur && parent && isTag(parent)) {
    // Its struck parts are no price ('(<s>1 499 Kč</s>)' is the old one): a block with any is not read.
    const block = view.splitStruck(parent);
    const pair = block.text.length <= 80 && !block.struck.trim() ? priceAmongLabelled(block.text.replace(/\n/g, ' '), format, ctx) : null;
    if (pair && pair.parsed.currency === cur) {
      settled = pair;
      byBlock = true;
    }
  }
  let p: ParsedPrice = settled && (byBlock || !(first.parsed.ok && first.parsed.amount !== settled.parsed.amount)) ? settled.parsed : first.parsed;
  // 'Cena się ładuje…' until a script writes the element's own data-price: that machine amount, in the shop's currency.
  if (!p.ok && !/\d/.test(first.parts.text) && LOADING.test(first.parts.text) && first.el.attribs['data-price'] !== undefined) {
    // With its decimals ('349.00'): '129900' may be minor units. No other data attribute may qualify it (net, per unit).
    const raw = first.el.attribs['data-price']!.trim();
    const own = /^\d+\.\d{2}$/.test(raw) ? parseMachinePrice(raw) : null;
    const currency = first.el.attribs['data-currency']?.toUpperCase() ?? null;
    const qualified = Object.entries(first.el.attribs).some(
      ([k, v]) => k.startsWith('data-') && k !== 'data-price' && k !== 'data-currency' && /(net|excl|unit|per|month|měs|mies|міс|card|kart|tier)/i.test(v),
    );
    if (own?.ok && !qualified && (!currency || !cur || currency === cur)) p = { ...own, currency: currency ?? cur };
  }
  if (p.ok && p !== first.parsed && p.currency) base.currency = p.currency;
  if (!p.ok) return problem('price_unparseable', `price ${p.reason}: "${p.text.slice(0, 80)}"`);
  if (p.from) return problem('price_variants', `a 'from' price: "${first.parts.text.slice(0, 80)}"`);
  // The operator's element showing a multi-buy, netto, card or approximate amount: not the item's price to record.
  const own = settled ? null : view.labelOf(first.el, p.amount);
  if (own && !NOT_OF_THE_AMOUNT.has(own.label!)) return problem('price_unparseable', `price ${own.label}: "${own.text.slice(0, 80)}"`);
  // A settled element's words were read with its amounts (the lead may be another amount's: 'Cena netto: … Cena brutto: …').
  const lead = settled ? null : leadLabel(first.parts.text.split(/\d/)[0]!);
  if (lead) return problem('price_unparseable', `price ${lead}: "${first.parts.text.slice(0, 80)}"`);
  // The price selector matching several prices: which one is this product's is not the selector's to say.
  const others = read.slice(1).filter((r) => r.parsed.ok && r.parsed.minor !== p.minor);
  if (others.length)
    return problem(
      'price_conflict',
      `the price selector matches ${read.length} prices: ${[p, ...others.map((r) => r.parsed)].map((x) => (x.ok ? fmt(x.amount) : '?')).join(', ')}`,
    );
  if (cur && p.currency && p.currency !== cur) return problem('currency_mismatch', `price in ${p.currency}, the shop sells in ${cur}`);
  if (view.onRequest) return problem('price_unparseable', 'price on_request: the page says the price is on request');
  // The amounts inside a settled element were read with their words above.
  const plain = plainMentions(view).filter((m) => !settled || !view.within(m.el, first.el));
  const elsewhere = plain.filter((m) => m.value === null || m.value !== p.amount);
  if (elsewhere.length) {
    return problem(
      'price_conflict',
      `the page also shows ${elsewhere.map((m) => (m.value === null ? `"${m.text}"` : fmt(m.value))).join(', ')} beside ${fmt(p.amount)}`,
    );
  }
  let old: number | null = settled?.old ?? null;
  if (old !== null) {
    // The old price the element itself names ('1 299 ₴ замість 1 599 ₴').
  } else if (oldText.trim()) {
    const o = parsePrice(oldText, format, ctx);
    if (!o.ok) return problem('price_unparseable', `old price ${o.reason}: "${o.text.slice(0, 80)}"`);
    old = o.amount;
  } else if (!sel.oldPrice) {
    const o = oldPriceFor(view, p.amount, null);
    if ('problem' in o) return { ...base, problem: o.problem };
    old = o.old;
  }
  return finish(base, p.amount, old);
}

/** A price and the old price beside it: an old price below the price is refused, equal means no promotion. */
export function settlePrices(base: Omit<Extraction, 'problem'>, price: number, oldPrice: number | null): Extraction {
  return finish(base, price, oldPrice);
}

function finish(base: Omit<Extraction, 'problem'>, price: number, oldPrice: number | null): Extraction {
  // An old price below the price is not a promotion: the page is not what we think it is.
  if (oldPrice !== null && oldPrice < price) {
    return { ...base, problem: { kind: 'price_unparseable', message: `old price ${oldPrice} below price ${price}` } };
  }
  const promo = oldPrice !== null && oldPrice > price;
  return { ...base, price, oldPrice: promo ? oldPrice : null, promo, problem: null };
}

function structuredExtraction(
  s: Structured,
  $: CheerioAPI,
  view: PageView,
  ctx: PriceContext,
): { x: Extraction; declined: boolean; range: Structured['range'] } {
  const base: Omit<Extraction, 'problem'> = { ...EMPTY, strategy: s.strategy, name: s.name, ean: s.ean, currency: null };
  if (s.conflict) return { x: { ...base, problem: { kind: 'price_conflict', message: s.conflict } }, declined: false, range: s.range };
  const choice = chooseOffer(s, $, view, ctx);
  if ('declined' in choice) return { x: { ...base, problem: choice.declined }, declined: true, range: s.range };
  const offer = choice.offer;
  const withOffer = { ...base, ean: offer.ean ?? s.ean, inStock: offer.inStock, currency: offer.currency ?? ctx.currency ?? null, priceText: offer.text };
  const d = decideStructured(offer, view, ctx);
  if ('problem' in d) return { x: { ...withOffer, problem: d.problem }, declined: !!d.declined, range: s.range };
  return { x: finish({ ...withOffer, currency: d.currency, priceText: d.text }, d.price, d.old), declined: false, range: s.range };
}

export function extract(html: string, opts: ExtractOptions): Extraction {
  let $: CheerioAPI;
  try {
    $ = load(html);
  } catch (err) {
    return { ...EMPTY, strategy: null, problem: { kind: 'layout_changed', message: `page not parseable: ${(err as Error).message}` } };
  }
  // The json strategy reads a shop's API (json-api.ts), never a page.
  if (opts.strategy === 'json')
    return { ...EMPTY, strategy: null, problem: { kind: 'invalid_definition', message: 'strategy json reads the shop API (api.request), not pages' } };
  const ctx: PriceContext = { currency: opts.currency ?? null, country: opts.country ?? null };
  const order: Strategy[] = opts.strategy === 'auto' ? ['jsonld', 'microdata', ...(opts.selectors ? (['selectors'] as const) : [])] : [opts.strategy];
  let view: PageView;
  try {
    const scopes = $('[itemscope][itemtype*="schema.org/Product"]').toArray().filter(isTag);
    view = readPage($, { format: order.includes('selectors') ? opts.priceFormat : undefined, ctx, extraScopes: scopes });
  } catch (err) {
    return { ...EMPTY, strategy: null, problem: { kind: 'layout_changed', message: `page not readable: ${(err as Error).message.slice(0, 120)}` } };
  }
  if (comparisonPage($, view))
    return { ...EMPTY, strategy: null, problem: { kind: 'price_conflict', message: "a price comparison's page: its amounts are other shops' offers" } };
  // An auction's page ('Minimální příhoz', 'Licytacja'): its amounts are bids, none a price to buy at.
  const auction = view.mentions.find((m) => m.label === 'auction' && !m.sticky);
  if (auction) return { ...EMPTY, strategy: null, problem: { kind: 'price_unparseable', message: `an auction's page: "${auction.text.slice(0, 80)}"` } };
  const h1 = $('h1').first().text();
  let declined: Extraction | null = null;
  let range: Structured['range'] = null;
  for (const strategy of order) {
    let x: Extraction | null;
    try {
      if (strategy === 'selectors') {
        x = opts.selectors ? fromSelectors($, opts.selectors, view, opts.priceFormat, ctx) : null;
        // A structured range the page's variants span: the selected variant's price must lie in it.
        if (x && !x.problem && range && x.price !== null && (x.price < range.low || x.price > range.high)) {
          x = {
            ...x,
            price: null,
            oldPrice: null,
            promo: false,
            problem: { kind: 'price_conflict', message: `selected price ${x.price} outside the offers' ${range.low}–${range.high}` },
          };
        }
      } else {
        const s = strategy === 'jsonld' ? fromJsonLd($, ctx, h1) : fromMicrodata($, ctx, view);
        if (!s) continue;
        const r = structuredExtraction(s, $, view, ctx);
        range = range ?? r.range;
        // No usable price here (missing, a variant range, a placeholder): a later strategy may have one.
        if (r.declined) {
          declined = declined ?? r.x;
          continue;
        }
        x = r.x;
      }
    } catch (err) {
      // cheerio throws on a selector it cannot parse: the definition is wrong, not the page.
      return { ...EMPTY, strategy, problem: { kind: 'invalid_definition', message: `bad selector: ${(err as Error).message.slice(0, 120)}` } };
    }
    if (x) return x.problem ? { ...x, price: null, oldPrice: null, promo: false } : x;
  }
  if (declined) return declined;
  if (looksBlocked(html)) return { ...EMPTY, strategy: null, problem: { kind: 'blocked', message: 'the shop answered a block page' } };
  return { ...EMPTY, strategy: null, problem: { kind: 'layout_changed', message: `nothing matched (${order.join(', ')})` } };
}
