/**
 * What one product page says: name, EAN, price, old price, promo flag, currency, stock — by the
 * schema.org JSON-LD Product/Offer, schema.org microdata, or the shop's CSS selectors with its price
 * format. 'auto' tries them in that order. No strategy matching is a "layout changed" problem; a price
 * that cannot be read for sure is "price unparseable" — never a guessed price.
 */
import { load, type CheerioAPI } from 'cheerio';
import type { Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { ExtractionStrategy, ParserPriceFormat, ParserSelectors, ParserProblemKind } from '@pricewatch/shared/contract';
import { currencyIn, parseMachinePrice, parsePrice, type ParsedPrice } from './price';

export type Extraction = {
  name: string | null;
  ean: string | null;
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
};

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

const BLOCK_WORDS = /(captcha|are you a robot|access denied|unusual traffic|request blocked|bot detection|cloudflare ray id)/i;

export function looksBlocked(html: string): boolean {
  return BLOCK_WORDS.test(html.slice(0, 20_000));
}

type Candidate = {
  name: string | null;
  ean: string | null;
  price: ParsedPrice | null;
  oldPrice: ParsedPrice | null;
  currency: string | null;
  inStock: boolean | null;
  priceText: string | null;
};

/** The source text of a price, spaces collapsed, short enough to show. */
const sourceText = (v: unknown): string | null => {
  const s = String(v ?? '').replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, 200) : null;
};

const availability = (v: unknown): boolean | null => {
  const s = String(v ?? '');
  if (/InStock|LimitedAvailability|OnlineOnly|InStoreOnly|PreOrder/i.test(s)) return true;
  if (/OutOfStock|SoldOut|Discontinued/i.test(s)) return false;
  return null;
};

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

function fromJsonLd($: CheerioAPI): Candidate | null {
  const nodes: Record<string, unknown>[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      flattenLd(JSON.parse($(el).text()), nodes);
    } catch {
      // A broken block is skipped; another block or strategy may still match.
    }
  });
  const product = nodes.find((n) => types(n).includes('Product'));
  if (!product) return null;
  const offersRaw = product.offers;
  const offers = flattenLd(offersRaw);
  const offer = offers.find((o) => types(o).some((t) => t === 'Offer' || t === 'AggregateOffer')) ?? offers[0];
  if (!offer) return null;
  const specs = flattenLd(offer.priceSpecification);
  const strike = specs.find((s) => /StrikethroughPrice|ListPrice/i.test(String(s.priceType ?? '')));
  const priceValue = offer.price ?? offer.lowPrice ?? specs.find((s) => !s.priceType)?.price;
  const ean = [product.gtin13, product.gtin, product.gtin12, product.gtin8, product.gtin14, product.ean, offer.gtin13]
    .map(validEan)
    .find(Boolean);
  return {
    name: typeof product.name === 'string' ? product.name.trim() : null,
    ean: ean ?? null,
    price: parseMachinePrice(priceValue),
    oldPrice: strike ? parseMachinePrice(strike.price) : null,
    currency: String(offer.priceCurrency ?? strike?.priceCurrency ?? '') || null,
    inStock: availability(offer.availability),
    priceText: sourceText(priceValue),
  };
}

function propValue($: CheerioAPI, el: Cheerio<AnyNode>): string {
  const node = el.first();
  return (node.attr('content') ?? node.attr('href') ?? node.attr('value') ?? node.text()).trim();
}

function fromMicrodata($: CheerioAPI): Candidate | null {
  const scope = $('[itemscope][itemtype*="schema.org/Product"]').first();
  if (!scope.length) return null;
  const offer = scope.find('[itemprop="offers"]').first();
  if (!offer.length) return null;
  const priceEl = offer.find('[itemprop="price"], [itemprop="lowPrice"]').first();
  if (!priceEl.length) return null;
  const raw = priceEl.attr('content');
  const ean = ['gtin13', 'gtin', 'gtin8', 'gtin12', 'gtin14']
    .map((p) => validEan(propValue($, scope.find(`[itemprop="${p}"]`))))
    .find(Boolean);
  const old = scope.find('del, s, strike, [data-old-price]').first();
  return {
    name: propValue($, scope.find('[itemprop="name"]')) || null,
    ean: ean ?? null,
    price: raw !== undefined ? parseMachinePrice(raw) : parsePrice(priceEl.text()),
    oldPrice: old.length ? parsePrice(old.text()) : null,
    currency: propValue($, offer.find('[itemprop="priceCurrency"]')) || currencyIn(priceEl.text()),
    inStock: availability(propValue($, offer.find('[itemprop="availability"]'))),
    priceText: sourceText(raw ?? priceEl.text()),
  };
}

function fromSelectors($: CheerioAPI, sel: ParserSelectors, format?: ParserPriceFormat): Candidate | null {
  const priceEl = $(sel.price).first();
  if (!priceEl.length) return null;
  // A struck-through old price inside the price element is the old price, not a second price.
  const clone = priceEl.clone();
  const struck = clone.find('del, s, strike');
  const struckText = struck.text();
  struck.remove();
  const oldText = sel.oldPrice ? $(sel.oldPrice).first().text() : struckText;
  const priceText = clone.text();
  return {
    name: sel.name ? $(sel.name).first().text().trim() || null : null,
    ean: sel.ean ? validEan(propValue($, $(sel.ean))) : null,
    price: parsePrice(priceText, format),
    oldPrice: oldText.trim() ? parsePrice(oldText, format) : null,
    currency: currencyIn(priceText) ?? currencyIn(oldText),
    inStock: sel.outOfStock ? $(sel.outOfStock).length === 0 : null,
    priceText: sourceText(priceText),
  };
}

function finish(c: Candidate, strategy: Extraction['strategy']): Extraction {
  const base = { ...EMPTY, name: c.name, ean: c.ean, currency: c.currency, inStock: c.inStock, priceText: c.priceText, strategy };
  if (!c.price || !c.price.ok) {
    const reason = c.price && !c.price.ok ? c.price.reason : 'empty';
    return { ...base, problem: { kind: 'price_unparseable', message: `price ${reason}: "${(c.price && !c.price.ok ? c.price.text : '').slice(0, 80)}"` } };
  }
  let oldPrice: number | null = null;
  if (c.oldPrice) {
    if (!c.oldPrice.ok) {
      return { ...base, problem: { kind: 'price_unparseable', message: `old price ${c.oldPrice.reason}: "${c.oldPrice.text.slice(0, 80)}"` } };
    }
    oldPrice = c.oldPrice.amount;
  }
  const price = c.price.amount;
  // An old price below the price is not a promotion: the page is not what we think it is.
  if (oldPrice !== null && oldPrice < price) {
    return { ...base, problem: { kind: 'price_unparseable', message: `old price ${oldPrice} below price ${price}` } };
  }
  const promo = oldPrice !== null && oldPrice > price;
  return { ...base, price, oldPrice: promo ? oldPrice : null, promo, problem: null };
}

export function extract(html: string, opts: ExtractOptions): Extraction {
  let $: CheerioAPI;
  try {
    $ = load(html);
  } catch (err) {
    return { ...EMPTY, strategy: null, problem: { kind: 'layout_changed', message: `page not parseable: ${(err as Error).message}` } };
  }
  const order: Exclude<ExtractionStrategy, 'auto'>[] =
    opts.strategy === 'auto' ? ['jsonld', 'microdata', ...(opts.selectors ? (['selectors'] as const) : [])] : [opts.strategy];
  for (const strategy of order) {
    let c: Candidate | null;
    try {
      c =
        strategy === 'jsonld'
          ? fromJsonLd($)
          : strategy === 'microdata'
            ? fromMicrodata($)
            : opts.selectors
              ? fromSelectors($, opts.selectors, opts.priceFormat)
              : null;
    } catch (err) {
      // cheerio throws on a selector it cannot parse: the definition is wrong, not the page.
      return { ...EMPTY, strategy, problem: { kind: 'invalid_definition', message: `bad selector: ${(err as Error).message.slice(0, 120)}` } };
    }
    if (c) return finish(c, strategy);
  }
  if (looksBlocked(html)) return { ...EMPTY, strategy: null, problem: { kind: 'blocked', message: 'the shop answered a block page' } };
  return { ...EMPTY, strategy: null, problem: { kind: 'layout_changed', message: `nothing matched (${order.join(', ')})` } };
}
