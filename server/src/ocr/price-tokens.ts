/**
 * Reading one OCR word as a price (pure, no OCR): which spellings are prices, which are not, and the
 * word classes the candidate rules need (units, old-price labels, mechanics). See
 * server/docs/leaflets-recognition.md for the rules and their reasons.
 */

/** `full`: a whole price ("39.90", "39,-"); `whole`: 1–3 digits that may be the start of a longer
 * price ("1" of "1 299,00", "39" of "39 ⁹⁰"); `cents`: ".90" / ",90" after a whole. */
export type PriceForm = 'full' | 'whole' | 'cents';
export type ParsedPrice = { value: number; form: PriceForm; dateLike: boolean; hasCurrency: boolean };

const LEADING_JUNK = /^[([{"'«„‚*•·:]+/;
const TRAILING_JUNK = /[)\]}"'»“”‘’*•·:;|!]+$/;
/** Currency marks as printed before or after the amount (also common OCR misreadings of Kč, zł). */
const CURRENCY_SUFFIX = /\s*(kč|kc|kć|czk|zł|zl|zt|pln|€|eur|euro|\$|£|ft|huf|lei|ron|грн|₴|uah|руб|₽|rub|р\.?|лв|₾|gel|ლარი)\.?$/i;
const CURRENCY_PREFIX = /^(€|\$|£|eur|czk|pln)\s*/i;

/** "01.09." / "1.9." / "24.07.2026" / "20/11" / "20.11–26.11": day-and-month spellings. */
export function isDateLike(text: string): boolean {
  const t = text
    .trim()
    .replace(LEADING_JUNK, '')
    .replace(/[,;:]+$/, '');
  // a range: "20.11–26.11", "20.11.-26.11.", "20.11.2026—26.11.2026"
  if (/^\d{1,2}\.\d{1,2}\.?(\d{2,4})?[-–—]\d{0,2}/.test(t)) return true;
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})?$/.exec(t);
  if (!m) return /^\d{1,2}\/\d{1,2}(\/\d{2,4})?$/.test(t);
  const day = Number(m[1]);
  const month = Number(m[2]);
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/**
 * "20.11": a day and a month without the trailing dot — also a possible price, so it is not refused
 * here; the candidate rules drop it beside other dates and never offer it for one-click accept.
 */
export function isDayMonth(text: string): boolean {
  const m = /^(\d{2})\.(\d{2})$/.exec(stripPriceText(text));
  return !!m && Number(m[1]) >= 1 && Number(m[1]) <= 31 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A word without stray punctuation and currency around it: "(1 299,00 Kč." → "299,00" for the part. */
export function stripPriceText(raw: string): string {
  let t = raw.trim().replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '').replace(CURRENCY_PREFIX, '');
  const suf = CURRENCY_SUFFIX.exec(t);
  if (suf && suf.index > 0) t = t.slice(0, suf.index);
  return t.replace(/^(\d{1,5}[.,]\d{2})[.,]$/, '$1');
}

/**
 * A price spelling or null. Accepted: 39.90, 39,90, 1299.00, 39,- / 39.– (whole units), with a currency
 * glued before or after (39.90Kč, €1.29), with stray OCR punctuation around ("(39,90", "39,90."). Not
 * prices: percentages (2,5%), numbers glued to units (350g, 0,5l), more than 5 whole digits (EAN-like),
 * a leading zero before another digit (01.09), 1 or 3+ decimals (1.5, 1.500).
 */
export function parsePrice(raw: string): ParsedPrice | null {
  let t = raw.trim();
  if (!t || t.includes('%') || t.includes('=')) return null;
  // superscript cents as characters: "41⁹⁰" (and "41⁹⁰грн")
  t = t.replace(
    /^(\D*\d{1,5})([⁰¹²³⁴⁵⁶⁷⁸⁹]{2})(?![⁰¹²³⁴⁵⁶⁷⁸⁹])/u,
    (_, whole: string, cents: string) => `${whole},${[...cents].map((c) => SUPERSCRIPT_DIGITS.indexOf(c)).join('')}`,
  );
  if (/[⁰¹²³⁴⁵⁶⁷⁸⁹]/u.test(t)) return null;
  // a date range or a slash date is never a price
  if (/^\D{0,2}\d{1,2}\.\d{1,2}\.?(\d{2,4})?[-–—]/.test(t) || /^\d{1,2}\/\d{1,2}/.test(t)) return null;
  // a date, or its shape with a misread digit ("87.11." for 07.11.): decided with the line (candidates.ts)
  const dateLike = isDateLike(t) || /^\d{1,2}\.\d{1,2}\.$/.test(t.replace(LEADING_JUNK, ''));
  t = t.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
  let hasCurrency = false;
  const pre = CURRENCY_PREFIX.exec(t);
  if (pre) {
    hasCurrency = true;
    t = t.slice(pre[0].length);
  }
  // "39,-" / "39.–" / "39,--": whole units, the dash is part of the price.
  const dash = /^(\d{1,5})[.,][-–—]{1,2}$/.exec(t);
  if (dash) return { value: Number(dash[1]), form: 'full', dateLike, hasCurrency };
  const suf = CURRENCY_SUFFIX.exec(t);
  if (suf && suf.index > 0) {
    hasCurrency = true;
    t = t.slice(0, suf.index);
  }
  // a currency misread as a trailing dot or comma: "113,90." (only after a 2-digit decimal part)
  t = t.replace(/^(\d{1,5}[.,]\d{2})[.,]$/, '$1');
  // letter O read inside digits
  t = t.replace(/(?<=\d)[oO](?=[\d.,]|$)/g, '0');
  let m = /^(\d{1,5})[.,](\d{2})$/.exec(t);
  if (m) {
    if (/^0\d/.test(m[1])) return null;
    return { value: Number(`${m[1]}.${m[2]}`), form: 'full', dateLike, hasCurrency };
  }
  m = /^[.,](\d{2})$/.exec(t);
  if (m && !hasCurrency) return { value: Number(m[1]) / 100, form: 'cents', dateLike: false, hasCurrency };
  m = /^(\d{1,3})$/.exec(t);
  if (m && !/^0\d/.test(m[1])) return { value: Number(m[1]), form: 'whole', dateLike: false, hasCurrency };
  return null;
}

function bare(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}%|×]+|[^\p{L}\p{N}%|×]+$/gu, '');
}

/** Units after a number that make it a size, not a price ("0,5 l", "1,2 kg", "2,5 %", "1,5 л", "1 ლ"). */
const UNITS = new Set([
  'g',
  'gr',
  'kg',
  'dkg',
  'dag',
  'mg',
  'l',
  'ltr',
  'ml',
  'cl',
  'dl',
  'cm',
  'mm',
  'm',
  'm2',
  'w',
  'kw',
  'v',
  'mah',
  'x',
  '×',
  '%',
  'pcs',
  'pc',
  'ks',
  'szt',
  'шт',
  'г',
  'гр',
  'кг',
  'л',
  'мл',
  'см',
  'уп',
  'пак',
  'pack',
  'packs',
  'roll',
  'rolls',
  'bags',
  'tabs',
  'washes',
  'inch',
  'ლ',
  'მლ',
  'გ',
  'გრ',
  'კგ',
  'ც',
  'ცალი',
]);
export function isUnitWord(text: string): boolean {
  return UNITS.has(bare(text));
}

/** A number glued to its unit, a pack size ("500g", "1.5L", "0,5l", "10шт", "6x1,51"): never a price. */
export function isGluedSize(text: string): boolean {
  const t = bare(text);
  if (/^\d{1,2}\s*[x×]\s*\d/.test(t)) return true; // "6x1,51", "2×100"
  const m = /^\d{1,4}(?:[.,]\d{1,3})?\s*(\p{L}+\.?)$/u.exec(t);
  return !!m && UNITS.has(m[1]!.replace(/\.$/, ''));
}

/**
 * "1,51", "0,51" without a currency: a pack size "1,5 l" / "0,5 l" whose l was read as a 1 (a letter as
 * tall as the digits, beside them). Leaflet prices do not end in 1 (none of the blind corpus's 207).
 */
export function isLitreReadAsOne(text: string): boolean {
  return /^\d[.,]\d1$/.test(stripPriceText(text));
}

/** Words that mark the next price as the old one ("was 49.90", "Old price 49.90", "Původně 49,90"). */
const OLD_LABELS = new Set([
  'was',
  'old',
  'before',
  'regular',
  'regularly',
  'previously',
  'instead',
  'rrp',
  'orig',
  'original',
  'usual',
  'normally',
  'reg',
  'původně',
  'původní',
  'puvodne',
  'puvodni',
  'běžně',
  'bezne',
  'dříve',
  'drive',
  'przed',
  'poprzednio',
  'regularna',
  'stara',
  'było',
  'bylo',
  'было',
  'была',
  'старая',
  'стара',
  'була',
  'було',
  'ძველი',
]);
export function isOldLabel(text: string): boolean {
  return OLD_LABELS.has(bare(text));
}

/** A quantity, never a price: "x2", "2x", "×3", "x" alone, "2+1" (a multi-buy). */
export function isQuantityWord(text: string): boolean {
  const t = bare(text).replace(/\s+/g, '');
  return /^[x×](\d{1,2})?$/.test(t) || /^\d{1,2}[x×]$/.test(t) || multiBuyText(t) !== null;
}

/**
 * A price from the second reading of a big-digit region (digits and separators only): "22,90",
 * "1 299,00", "39,-", or whole units with their superscript cents read apart ("41" + "90"). The count
 * of digits must match the big glyphs found (± 1): a title's letters read as digits do not. With `dash`
 * (regions.ts found the "-" of "29,-" right of the digits by its shape) whole units alone are a price,
 * their digits exactly as many as the glyphs.
 */
export function parseRegionPrice(text: string, centsText: string | null, glyphs: number, dash = false): number | null {
  const t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-.,]+|[-.,]+$/g, (m) => (/^[.,]-+$/.test(m) ? m : ''));
  const digits = t.replace(/\D/g, '').length;
  if (Math.abs(digits - glyphs) > 1) return null;
  let m = /^(\d{1,2}) ?(\d{3})[.,](\d{2})$/.exec(t);
  if (m) return Number(`${m[1]}${m[2]}.${m[3]}`);
  m = /^(\d{1,5})[.,](\d{2})$/.exec(t);
  if (m && !/^0\d/.test(m[1]!)) return Number(`${m[1]}.${m[2]}`);
  m = /^(\d{1,4})$/.exec(t);
  const c = centsText === null ? null : /^(\d{2})$/.exec(centsText.replace(/\s+/g, '').replace(/^[.,]/, ''));
  if (m && c && !/^0\d/.test(m[1]!)) return Number(`${m[1]}.${c[1]}`);
  const whole = /^(\d{1,4})(?:[.,]-*)?$/.exec(t);
  if (dash && centsText === null && whole && digits === glyphs && !/^0/.test(whole[1]!)) return Number(whole[1]);
  return null;
}

/** Loyalty-card words ("Card price", "with Club card", "z kartą"). */
export function isCardWord(text: string): boolean {
  return /^(card|cards|club|clubcard|karta|kartou|kartą|karty|kartu|app|aplikace|aplikacji|карта|картою|картой|картка|карткою|ბარათით|ბარათი)$/.test(
    bare(text),
  );
}

/**
 * Words naming a price with or without VAT — "netto", "brutto", "z VAT", "bez DPH", "без ПДВ", "+ დღგ": on a
 * cash-and-carry shelf price (Metro, Makro) the other figure beside the leaflet's big price.
 */
export function isTaxWord(text: string): boolean {
  return /^(netto|brutto|nett|net|gross|vat|dph|mwst|ddv|dds|пдв|ндс|ддв|დღგ)$/.test(bare(text));
}

/** "2+1", "1+1", "3+2": a multi-buy mechanic in one word. */
export function multiBuyText(text: string): string | null {
  const m = /^(\d)\s*\+\s*(\d)$/.exec(bare(text).replace(/\s+/g, ''));
  return m ? `${m[1]}+${m[2]}` : null;
}

/** Has at least two letters: a word that can be part of a product name. */
export function isNameWord(text: string): boolean {
  return (text.match(/\p{L}/gu) ?? []).length >= 2;
}

/** A currency mark alone ("Kč", "zł" or its misreadings "zt", "zl", "€"): never part of a name. */
export function isCurrencyWord(text: string): boolean {
  return /^(kč|kc|kć|ké|czk|zł|zl|zt|z1|pln|€|eur|euro|\$|£|ft|huf|lei|грн|₴|uah|руб|₽|лв|₾|gel|ლარი)\.?$/i.test(text.trim());
}
