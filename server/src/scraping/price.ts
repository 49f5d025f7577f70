/**
 * Turns the text a shop shows into a price, for the four countries' formats ('39,90 Kč', '1 299,00 zł',
 * '39.90 ₴', '5.49 ₾', 'від 12,50 грн') and the traps price trackers hit: thin and narrow spaces, '1.600'
 * meaning one thousand six hundred where a shop uses dot thousands, '1.899,-' whole crowns, 'CHF 1'049,95',
 * cents printed superscript ('67⁹⁰ грн') or as words ('41 грн 90 коп.'), '.75 €', per-kg prices beside or
 * instead of the price, percentages, netto beside brutto, 'price on request'. A wrong price is worse than
 * none: anything ambiguous is answered as a failure with a reason, and the caller records a problem instead
 * of a price. docs/parsers.md "Price parsing".
 */
import type { ParserPriceFormat } from '@pricewatch/shared/contract';

export type PriceFailure = 'empty' | 'on_request' | 'ambiguous' | 'unparseable' | 'per_unit_only' | 'net_only' | 'out_of_range';

export type ParsedPrice =
  { ok: true; amount: number; minor: number; currency: string | null; from: boolean; perUnit: boolean } | { ok: false; reason: PriceFailure; text: string };

/**
 * What the shop's country and currency say when the text alone does not: a shop selling in a currency with
 * cents never prints three decimals, so with a currency '1.600' and '$16,500' are thousands; the country
 * gives the decimal separator a split price ('39<sup>90</sup>') is read with.
 */
export type PriceContext = { currency?: string | null; country?: string | null };

/** Zero-width characters and the byte-order mark: invisible, a shopper reads '1\u200b299' as 1299. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
/** Full-width digits and separators ('１２９９ ₴', '４９，９９ zł'), as a shopper reads them. */
const FULL_WIDTH = /[\uff10-\uff19\uff0c\uff0e]/g;
/** A vulgar fraction after the units ('12½ €'): its cents. */
const FRACTION: Record<string, string> = { '½': '50', '¼': '25', '¾': '75' };
const SPACES = /[\u00a0\u2007\u2008\u2009\u200a\u202f\u205f\u3000\s]+/g;
/** Spaces of every width but line breaks (a page's lines stay apart). */
const INLINE_SPACES = /[^\S\n]+/g;
const ON_REQUEST =
  /(call\s*us|on\s*request|price\s*on|contact\s*us|ask\s*for|(see|view)\s*(the\s*)?price\s*in\s*(the\s*)?cart|add\s*to\s*cart\s*to\s*see|log\s*in\s*to\s*see|на\s*запит|по\s*запросу|уточнюйте|уточняйте|na\s*zapytanie|zapytaj|na\s*dotaz|po\s*přihlášení|po\s*prihlásení|po\s*zalogowaniu|zavolejte|cena\s*dohodou|auf\s*anfrage|დარეკეთ|მოთხოვნით)/i;
// 'Cena od: 49,90 zł', 'Ціна від 1 299 ₴' (the word 'price' first), 'de la 1.299,99 Lei' (Romanian).
const FROM = /^((ціна|цiна|цена|cena|price|preis|pre[țt]\p{L}*)\s*)?(від|вiд|от|from|od|ab|დან|de\s+la)(?![\p{L}])/iu;
/**
 * Georgian and Hungarian put 'from' after the amount: '2 899 ₾-დან', '2 899 ლ.-დან', '2 899 ლარიდან', '1 299 Ft-tól',
 * '49 €-tól'.
 */
const FROM_AFTER_AMOUNT = /^\s*((₾|ლ\.?|ლარი|gel)?\.?\s*[-\u2010-\u2015]?\s*დან|(ft|huf|€|eur|lei)?\.?\s*[-\u2010-\u2015]?\s*(tól|től)(?![\p{L}]))/iu;

/** Currency markers, most specific first; ISO 4217 codes. */
const CURRENCY_PATTERNS: [RegExp, string][] = [
  [/kč|\bkc\b|czk/i, 'CZK'],
  [/zł|\bzl\b|pln/i, 'PLN'],
  [/₴|грн|uah|\bhrn\b/i, 'UAH'],
  [/₾|\bgel\b|ლარ|лар[иі](?![а-яіїє])/i, 'GEL'],
  [/€|\beur\b|\beuro?\b/i, 'EUR'],
  [/\bchf\b|\bs?fr\./i, 'CHF'],
  [/\$|\busd\b/i, 'USD'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\blei\b/i, 'RON'],
  [/(?<![\p{L}])(ft|huf)(?![\p{L}])/iu, 'HUF'],
];
/** A currency marker right before or after an amount (what makes a number on a page money). */
const CUR = String.raw`(?:₴|грн\.?|гривень|гривні|uah|₾|ლარი?|\bgel\b|лар[иі]|kč|kc\b|czk|zł|zl\b|pln|€|eur\b|euro?\b|\$|usd\b|chf\b|s?fr\.|£|gbp\b|\blei\b|\bft\b|\bhuf\b)`;
const CUR_BEFORE = new RegExp(`${CUR}\\s*$`, 'i');
const CUR_AFTER = new RegExp(`^\\s*${CUR}`, 'i');

export function currencyIn(text: string): string | null {
  for (const [re, c] of CURRENCY_PATTERNS) if (re.test(text)) return c;
  return null;
}

/** The decimal separator a country's shops print (split prices, cents in words). */
export function countryDecimal(country: string | null | undefined): ',' | '.' {
  return ['ge', 'us', 'gb', 'uk', 'ch', 'ie', 'mt', 'cy'].includes(String(country ?? '').toLowerCase()) ? '.' : ',';
}

/** A machine value (schema.org `price`, `content` attributes): digits with an optional '.' decimal part. */
export function parseMachinePrice(value: unknown): ParsedPrice {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!text) return { ok: false, reason: 'empty', text };
  if (!/^\d{1,9}(\.\d{1,4})?$/.test(text)) {
    return { ok: false, reason: ON_REQUEST.test(text) ? 'on_request' : 'unparseable', text };
  }
  return finish(Number(text), null, false, false, text);
}

/** An amount read from a text as a price, or why it cannot be one (out of range, more than two decimals). */
export function finish(amount: number, currency: string | null, from: boolean, perUnit: boolean, text: string): ParsedPrice {
  if (!Number.isFinite(amount) || amount <= 0 || amount >= 10_000_000) return { ok: false, reason: 'out_of_range', text };
  const minor = Math.round(amount * 100);
  // One grosz, tetri, haléř: a placeholder ('Cena: 0,01 zł'), never a shelf price.
  if (minor === 1) return { ok: false, reason: 'out_of_range', text };
  // More than two decimals that do not round cleanly: not a shelf price.
  if (Math.abs(minor - amount * 100) > 1e-6 && !/\.\d{1,2}$/.test(String(amount))) {
    return { ok: false, reason: 'unparseable', text };
  }
  return { ok: true, amount: minor / 100, minor, currency, from, perUnit };
}

const SUPERSCRIPT: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };
const SUP = '[⁰¹²³⁴⁵⁶⁷⁸⁹]';
const CENTS_WORDS =
  /(\d[\d ]*?)\s*(грн\.?|гривень|гривні|гривня|гривен|zł|złotych|ლარი|лари|лар)\s*(\d{1,2})\s*(коп(?:ійок|ійки|ійка|еек|\.)?|gr\.?|groszy|тетри|თეთრი?)(?![\p{L}])/giu;

/**
 * Spaces of every width as one space (line breaks kept as one, when `lines`); cents printed superscript
 * ('67⁹⁰') or as words ('41 грн 90 коп.') as decimals with the given separator.
 */
export function normalizePriceText(input: string, decimal: ',' | '.', lines = false): string {
  const plain = input
    .replace(ZERO_WIDTH, '')
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/(\d)([½¼¾])/g, (_, d: string, f: string) => `${d}${decimal}${FRACTION[f]}`);
  return (lines ? plain.replace(INLINE_SPACES, ' ').replace(/ ?\n[\s]*/g, '\n') : plain.replace(SPACES, ' '))
    .replace(new RegExp(`(\\d)(${SUP}{2})(?!${SUP})`, 'g'), (_, d: string, sup: string) => `${d}${decimal}${[...sup].map((c) => SUPERSCRIPT[c]).join('')}`)
    .replace(CENTS_WORDS, (_, whole: string, cur: string, cents: string) => `${whole.trim()}${decimal}${cents.padStart(2, '0')} ${cur}`)
    .trim();
}

/** One number written with the given separators, or null when it does not follow them. */
function numberWithFormat(raw: string, f: ParserPriceFormat, dash: boolean): number | null {
  const d = f.decimal;
  const t = f.thousands === "'" ? "['’]" : f.thousands === ' ' ? ' ' : f.thousands ? `\\${f.thousands}` : '';
  const intPart = t ? `\\d{1,3}(?:${t}\\d{3})*|\\d+` : '\\d+';
  if (dash) {
    const m = new RegExp(`^(${intPart})$`).exec(raw);
    return m ? Number(m[1]!.replace(/\D/g, '')) : null;
  }
  const m = new RegExp(`^(${intPart})?(?:\\${d}(\\d{1,2}))?$`).exec(raw);
  if (!m || (!m[1] && !m[2])) return null;
  return Number(`${(m[1] ?? '0').replace(/\D/g, '')}.${(m[2] ?? '00').padEnd(2, '0')}`);
}

type Reading = { value: number; decimal: ',' | '.' | null; thousands: string | null };

/** Without a known format: the number, or 'ambiguous' when the separators allow two readings. */
function numberGuessed(raw: string, dashSep: ',' | '.' | null, ctx?: PriceContext): Reading | 'ambiguous' | null {
  const group = (s: string, sep: string) => new RegExp(`^\\d{1,3}(?:${sep === ' ' ? ' ' : sep === "'" ? "['’]" : `\\${sep}`}\\d{3})+$`).test(s);
  if (dashSep) {
    // '1.899,-': the separator before the dash is the decimal one, so the other groups thousands.
    if (/^\d+$/.test(raw)) return { value: Number(raw), decimal: dashSep, thousands: null };
    for (const sep of [' ', "'", dashSep === ',' ? '.' : ','])
      if (group(raw, sep)) return { value: Number(raw.replace(/\D/g, '')), decimal: dashSep, thousands: sep };
    return null;
  }
  // '.75 €': a leading separator cannot group thousands.
  const lead = /^[.,](\d{1,2})$/.exec(raw);
  if (lead) return { value: Number(`0.${lead[1]!.padEnd(2, '0')}`), decimal: raw[0] as ',' | '.', thousands: null };
  if (/^\d+$/.test(raw)) return { value: Number(raw), decimal: null, thousands: null };
  // Spaces and apostrophes only ever group thousands: '1 299,00', "1'049.95".
  const spaced = /^(\d{1,3}(?:[ '’]\d{3})+)(?:([.,])(\d{1,2}))?$/.exec(raw);
  if (spaced) {
    const sep = /[ ]/.test(spaced[1]!) ? ' ' : "'";
    return {
      value: Number(`${spaced[1]!.replace(/\D/g, '')}.${(spaced[3] ?? '00').padEnd(2, '0')}`),
      decimal: (spaced[2] as ',' | '.') ?? null,
      thousands: sep,
    };
  }
  if (/[ '’]/.test(raw)) return null;
  const dots = (raw.match(/\./g) ?? []).length;
  const commas = (raw.match(/,/g) ?? []).length;
  if (dots && commas) {
    const decimal = raw.lastIndexOf('.') > raw.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const v = numberWithFormat(raw, { decimal, thousands }, false);
    return v === null ? null : { value: v, decimal, thousands };
  }
  const sep = dots ? '.' : ',';
  if ((dots || commas) > 1) {
    const v = numberWithFormat(raw, { decimal: sep === '.' ? ',' : '.', thousands: sep }, false);
    return v === null ? null : { value: v, decimal: null, thousands: sep };
  }
  const after = raw.split(sep)[1] ?? '';
  if (after.length === 3) {
    // '1.600' or '1,600': one thousand six hundred, or one point six? A shop's shelf price has at most two
    // decimals, so with the currency known it groups thousands; from the text alone it cannot be told.
    if (!ctx?.currency) return 'ambiguous';
    // '1,250 Kč': where the comma is the decimal separator ('12,50 Kč'), it does not group thousands either.
    if (ctx.country && countryDecimal(ctx.country) === sep) return 'ambiguous';
    return { value: Number(raw.replace(sep, '')), decimal: null, thousands: sep };
  }
  const v = numberWithFormat(raw, { decimal: sep, thousands: '' }, false);
  return v === null ? null : { value: v, decimal: sep, thousands: null };
}

/** Reads one amount as the shop's format says, or guessed; a guess that contradicts the format is refused. */
function readNumber(raw: string, dashSep: ',' | '.' | null, format?: ParserPriceFormat, ctx?: PriceContext): number | 'ambiguous' | null {
  if (format) {
    if (dashSep && dashSep !== format.decimal) return null;
    const strict = numberWithFormat(raw, format, !!dashSep);
    if (strict !== null) return strict;
  }
  const guess = numberGuessed(raw, dashSep, ctx);
  if (guess === null || guess === 'ambiguous') return guess;
  if (!format) return guess.value;
  // The definition's format is the operator's word: a reading that uses its decimal separator to group
  // thousands, or another decimal separator, is not the same price.
  if (guess.decimal && guess.decimal !== format.decimal) return null;
  if (guess.thousands === format.decimal) return null;
  return guess.value;
}

export type Amount = {
  /** The number as written (after normalisation). */
  raw: string;
  index: number;
  end: number;
  value: number | 'ambiguous' | null;
  /** The currency marked right beside it ('39,90 Kč', '€ 3,49'), else null. */
  currency: string | null;
  /** Written as money: a currency marker or a ',-' ending beside it. */
  money: boolean;
  /** A price per kg, l, 100 g…: '99,60 zł/kg', '1 l = 0,50 €', 'Ціна за 1 кг: 46,56'. */
  perUnit: boolean;
  net: boolean;
  gross: boolean;
  /** The text before it (since the previous amount) and after it (until the next). */
  before: string;
  after: string;
};

const UNIT = String.raw`(?:kwh|квт\s*[·.-]?\s*год|кв[тm]ч|кг|kg|г|гр|g|л|l|мл|ml|m²|м²|m|м|კგ|გრ?|ლ|მლ|lb|oz|kaps\p{L}*|tabl\p{L}*|tbl|таб\p{L}*|капс\p{L}*|caps\p{L}*|sasz\p{L}*)`;
const PER_UNIT_AFTER = new RegExp(String.raw`^\s*${CUR}?\s*\*?\s*(?:\/|за|za|per|pro|je)\s*(?:1\s*|100\s*|10\s*)?${UNIT}(?![\p{L}\d])`, 'iu');
const PER_UNIT_BEFORE = new RegExp(
  String.raw`(?:(?<![\p{L}])(?:за|za|per|pro|je)\s*(?:1|100|10)?\s*${UNIT}\s*[:=]?|(?:^|[^\d])(?:1|100|10)\s*${UNIT}\s*=|grundpreis\s*:?)\s*${CUR}?\s*$`,
  'iu',
);
/** '1+1', '2 + 1': an 'N + M' offer (not '+ 1 290 Kč' after a price: no number right before the '+'). */
const MULTIBUY_PLUS = /(^|[^\d\s.,]\s*|^\s*)(?<![\d.,]\s?)\d{1,2}\s*\+\s*\d{1,2}(?![\d.,]|\s\d)/u;
/** The name of a code right before a number. */
const CODE_BEFORE =
  /(?<![\p{L}])(код|артикул|арт\.|kód|kod|sku|ean|art\.?\s*(nr|č)\.?|nr\s*kat\.?|katalog\w*|id|číslo|numer|part\s*no\.?|mpn|ref\.?|კოდი|არტიკული)\s*[:#№.]?\s*$/iu;
/** A unit right after a bare number: a quantity ('1,2 kg'), not an amount of money. */
const QUANTITY_AFTER = new RegExp(
  String.raw`^\s*(${UNIT}|szt|шт|ks|kus|pcs|stück|stk|punkt\p{L}*|pkt|bod[ůyu]?|бал(и|ів)?|балів|points?|punkte?|ქულ\p{L}*)\.?(?![\p{L}])`,
  'iu',
);
/** '1 კგ — 16.98 ₾', '100 g: 2,99 zł' at the start of a text: the amount after is per that quantity. */
const PER_QUANTITY_LEAD = new RegExp(String.raw`^\s*(?:1|100|10)\s*${UNIT}\.?\s*[:=\-–—]\s*${CUR}?\s*$`, 'iu');
/** The words right before an amount that add it to another ('+ záloha', '+ kaucja', '+'). */
const ADDED = /\+\s*[\p{L}\s.]{0,24}$/u;
const NET =
  /(netto|\bnet\b|без\s*пдв|без\s*ндс|bez\s*dph|bez\s*vat|excl\.?\s*(vat|tax|btw)|ohne\s*mwst|zzgl\.?\s*(\d+\s*%\s*)?mwst|\+\s*(vat|დღგ|пдв|ндс|dph|mwst|btw|áfa)|áfa\s*nélkül|nettó|before\s*tax|დღგ-ს\s*გარეშე)/i;
// 'з'/'s'/'z' as a word: 'без ПДВ', 'bez VAT' are netto.
const GROSS =
  /(brutto|bruttó|(?<![\p{L}])з\s*пдв|(?<![\p{L}])с\s*ндс|(?<![\p{L}])s\s*dph|vč\.?\s*dph|(?<![\p{L}])z\s*vat|incl\.?\s*(vat|tax)|inkl\.?\s*(\d+\s*%\s*)?mwst|დღგ-ს\s*ჩათვლით)/iu;

/**
 * Whether a label (netto, brutto) is an amount's own: right after it ('199,00 € netto'), or ending the text
 * before it — with a colon ('Cena netto: 162,59 zł') when that text follows another amount's currency
 * ('199,00 € netto 236,81 € brutto': 'netto' is the first amount's).
 */
function labelled(label: RegExp, before: string, after: string): boolean {
  if (label.test(after.slice(0, 24))) return true;
  const colon = new RegExp(`(${label.source})\\s*:\\s*${CUR}?\\s*$`, 'iu');
  const plain = new RegExp(`(${label.source})\\s*${CUR}?\\s*$`, 'iu');
  return colon.test(before) || (!CUR_AFTER.test(before) && plain.test(before));
}

/**
 * Every amount in a (normalised) text with what is written beside it. Percentages ('-15 %', '40% OFF') are
 * never amounts; digits glued to letters ('A55', '5G', '18V') are not either.
 */
export function amountsIn(text: string, format?: ParserPriceFormat, ctx?: PriceContext): Amount[] {
  const found: Omit<Amount, 'before' | 'after'>[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const prev = text[i - 1] ?? ' ';
    // A number starts with a digit, or is '.75' (a separator not glued to a digit or a word).
    const digit = c >= '0' && c <= '9';
    const lead = (c === '.' || c === ',') && /\d/.test(text[i + 1] ?? '') && !/[\p{L}\d.,]/u.test(prev);
    if (!digit && !lead) {
      i++;
      continue;
    }
    // '10x1 299 Kč': an 'N x' count before the amount, not a word it is glued to.
    if (/\p{L}/u.test(prev) && !(/[x×]/i.test(prev) && /\d/.test(text[i - 2] ?? ''))) {
      // Glued to a word before it ('A55', 'iO5'): part of a name.
      while (i < text.length && /[\p{L}\d.,]/u.test(text[i]!)) i++;
      continue;
    }
    let j = i + 1;
    for (;;) {
      const c = text[j];
      if (c === undefined) break;
      if (/\d/.test(c)) j++;
      else if (/[.,'’]/.test(c) && /\d/.test(text[j + 1] ?? '')) j++;
      else if (c === ' ' && /^\d{3}(?!\d)/.test(text.slice(j + 1, j + 5)) && /\d/.test(text[j - 1] ?? '')) j++;
      else break;
    }
    const raw = text.slice(i, j);
    let end = j;
    // '1.899,-' / 'Fr. 49.–': whole units, and the separator before the dash is the decimal one.
    const dash = /^\s?([.,])[-–—]/.exec(text.slice(j, j + 3));
    if (dash) end = j + dash[0].length;
    // Glued to letters ('5G', '18V', '300ml'): a name or a quantity, not an amount.
    const glued = /^[\p{L}]/u.test(text[end] ?? ' ') && !/^(kč|zł|грн|uah|eur|usd|chf|pln|czk|gel)/i.test(text.slice(end, end + 3));
    const percent = /^\s?%/.test(text.slice(end, end + 2));
    // '160×200', '2x3': a size, not money (a spaced '10 × 99,90' stays: an instalment's count).
    const dimension = /^[×x]\d/.test(text.slice(end, end + 2));
    // Nine digits or more in a row: a bar code or an article number ('EAN 5022836021146 $1,299.00'), not money.
    // An article number or code after its name ('Код: 3381207', 'Artikul 4112085', 'SKU 12345').
    const code = /^\d{9,}$/.test(raw) || CODE_BEFORE.test(text.slice(Math.max(0, i - 16), i));
    if (!glued && !percent && !code && !dimension) {
      const pre = text.slice(Math.max(0, i - 6), i);
      const post = text.slice(end, end + 8);
      const curText = (CUR_BEFORE.exec(pre)?.[0] ?? '') + ' ' + (CUR_AFTER.exec(post)?.[0] ?? '');
      found.push({
        raw,
        index: i,
        end,
        value: readNumber(raw, dash ? (dash[1] as ',' | '.') : null, format, ctx),
        currency: currencyIn(curText),
        money: !!dash || curText.trim().length > 0,
        perUnit: false,
        net: false,
        gross: false,
      });
    }
    i = end;
  }
  return found.map((a, k) => {
    const before = text.slice(found[k - 1]?.end ?? 0, a.index);
    const after = text.slice(a.end, found[k + 1]?.index ?? text.length);
    return {
      ...a,
      before,
      after,
      // Windows, not the text up to the next amount: the '100' of '/ 100 g' and the '1' of '1 l = 0,50 €'
      // are amounts of their own.
      perUnit:
        PER_UNIT_AFTER.test(text.slice(a.end, a.end + 24)) ||
        PER_UNIT_BEFORE.test(text.slice(Math.max(0, a.index - 30), a.index)) ||
        PER_QUANTITY_LEAD.test(text.slice(0, a.index)),
      net: labelled(NET, before, after),
      gross: labelled(GROSS, before, after),
    };
  });
}

/**
 * Parses shop text. With `format` the separators are the shop's and must be followed; without it they are
 * guessed and '1.600' is ambiguous unless the context gives the currency. A text holding several amounts
 * answers the one that is the item's price: per-unit prices and percentages are skipped, with netto and
 * brutto both shown the brutto one; two different prices left → 'ambiguous'.
 */
export function parsePrice(input: string | null | undefined, format?: ParserPriceFormat, ctx?: PriceContext): ParsedPrice {
  const text = normalizePriceText(input ?? '', format?.decimal ?? countryDecimal(ctx?.country));
  if (!text) return { ok: false, reason: 'empty', text };
  if (ON_REQUEST.test(text)) return { ok: false, reason: 'on_request', text };
  if (!/\d/.test(text)) return { ok: false, reason: 'unparseable', text };
  const amounts = amountsIn(text, format, ctx);
  if (!amounts.length) return { ok: false, reason: 'unparseable', text };
  const from = FROM.test(text) || amounts.some((a) => FROM_AFTER_AMOUNT.test(a.after));
  // '49 30 грн': a bare number right before an amount is a split price this text cannot settle.
  if (amounts.some((a, k) => !a.money && k < amounts.length - 1 && !a.after.trim())) return { ok: false, reason: 'ambiguous', text };
  // '9,99‑19,99 zł' (any hyphen or dash, spaced or not) is a range, not the later amount.
  if (amounts.some((a, k) => k < amounts.length - 1 && /^\s?[-\u2010-\u2015\u2212]\s?$/.test(a.after))) return { ok: false, reason: 'ambiguous', text };
  // '−5,00 zł': a negative amount is a discount or a typo, never what a shopper pays.
  if (amounts.some((a) => /(^|\s)[-\u2010-\u2015\u2212]$/.test(a.before) && a.money)) return { ok: false, reason: 'unparseable', text };
  // '1+1', '2+1 gratis', '1+1 za 1 grosz': a multi-buy offer, not one item's price.
  if (MULTIBUY_PLUS.test(text)) return { ok: false, reason: 'ambiguous', text };
  // Beside money, a bare number is a quantity ('за 1 кг', '2 szt.'); alone, one with a unit is too ('~ 1,2 kg').
  const money = amounts.filter((a) => a.money);
  let whole = (money.length ? money : amounts.filter((a) => !QUANTITY_AFTER.test(a.after))).filter((a) => !a.perUnit);
  if (!money.length && !whole.length && amounts.length) return { ok: false, reason: 'unparseable', text };
  if (!whole.length) return { ok: false, reason: 'per_unit_only', text };
  // '24,90 Kč + záloha 3,00 Kč', '12 990,- Kč + 1 290,- Kč záruka': what is added to the price is not the price. Only
  // after a first amount: a text that starts with '+' is an add-on's own price.
  if (money.length > 1 && whole.length > 1 && !ADDED.test(whole[0]!.before)) whole = whole.filter((a, k) => k === 0 || !ADDED.test(a.before));
  // netto and brutto both shown: what a shopper pays is brutto.
  if (whole.some((a) => a.gross && !a.net)) whole = whole.filter((a) => a.gross && !a.net);
  else if (whole.some((a) => a.net)) {
    whole = whole.filter((a) => !a.net);
    if (!whole.length) return { ok: false, reason: 'net_only', text };
  }
  const values = new Set(whole.map((a) => a.value));
  // Two different item prices in one text (old and new side by side): the caller must separate them.
  if (values.size > 1) return { ok: false, reason: 'ambiguous', text };
  const [a] = whole;
  if (a!.value === 'ambiguous') return { ok: false, reason: 'ambiguous', text };
  if (a!.value === null) return { ok: false, reason: 'unparseable', text };
  return finish(a!.value, a!.currency ?? currencyIn(text), from, false, text);
}
