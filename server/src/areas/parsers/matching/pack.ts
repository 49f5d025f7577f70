/**
 * Pack size of a product name as shops of the four countries print it ("1,5Л", "2x250ml", "6 × 0,5 l",
 * "0,5 л х 6 шт", "6 шт по 0,5 л", "20 dag", "10 szt.", "500 გრ"): the amount in base units (g, ml,
 * pieces), multipacks multiplied out. Hand-written because the unit libraries on npm (js-quantities,
 * convert-units) know neither the Cyrillic, Polish, Czech and Georgian abbreviations nor multipacks.
 */

type PackDim = 'mass' | 'volume' | 'count';
/** `amount`: the whole pack; a multipack or a count of pieces of a size ("6 × 0,5 l", "200 mg 24 tabl.") also has `count` and `each`. */
export type Pack = { amount: number; dim: PackDim; count?: number; each?: number };

/** Unit word (lower case, without a trailing dot) → dimension and factor to the base unit. */
const UNITS: Record<string, [PackDim, number]> = {};
const add = (dim: PackDim, factor: number, ...words: string[]) => words.forEach((w) => (UNITS[w] = [dim, factor]));
add('mass', 1, 'g', 'gr', 'gram', 'grams', 'gramů', 'gramy', 'г', 'гр', 'грам', 'грамм', 'გ', 'გრ', 'გრამი');
add('mass', 1000, 'kg', 'кг', 'კგ');
add('mass', 0.001, 'mg', 'мг', 'მგ');
add('mass', 10, 'dag', 'dkg');
add('volume', 1, 'ml', 'мл', 'მლ');
add('volume', 10, 'cl');
add('volume', 100, 'dl');
add('volume', 1000, 'l', 'lt', 'ltr', 'litr', 'litry', 'litrů', 'л', 'літр', 'литр', 'ლ', 'ლიტრი');
add('count', 1, 'pcs', 'pc', 'ks', 'szt', 'sztuk', 'шт', 'ц', 'ც', 'ცალი');

// Longest first, so that "ml" wins over "l" and "ცალი" over "ც".
const UNIT_RE = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
const NUM = String.raw`(\d+(?:\.\d+)?)`;
// A unit ends where no letter or digit follows (so "g" is not the start of "gold", "l" not of "light").
const UNIT = String.raw`(${UNIT_RE})\.?(?![\p{L}\p{N}])`;
const TIMES = String.raw`\s*[x×х*]\s*`;
// Not inside a word or a longer number ("G2000" is a model, not 2000 g), nor the end of a range ("9-14 кг"
// of nappies is the baby's weight, not the pack's).
const START = String.raw`(?<![\p{L}\p{N}.])(?<!\d\s?[-–]\s?)`;
const COUNT_RE = Object.keys(UNITS)
  .filter((u) => UNITS[u]![0] === 'count')
  .sort((a, b) => b.length - a.length)
  .join('|');

const MULTI_FIRST = new RegExp(String.raw`${START}(\d{1,3})${TIMES}${NUM}\s*${UNIT}`, 'giu');
const MULTI_AFTER = new RegExp(String.raw`${START}${NUM}\s*${UNIT}${TIMES}(\d{1,3})(?:\s*(?:${UNIT_RE})\.?)?(?![\p{L}\p{N}])`, 'giu');
const PIECES_OF = new RegExp(String.raw`${START}(\d{1,3})\s*(?:${COUNT_RE})\.?\s*(?:по|po|à|a|x|×|х)\s*${NUM}\s*${UNIT}`, 'giu');
// "0,5 l 6 ks", "0.5 л, 6 шт": a size followed at once by a count of pieces.
const SIZE_PIECES = new RegExp(String.raw`${START}${NUM}\s*${UNIT}\s*[,/]?\s*(\d{1,3})\s*(?:${COUNT_RE})\.?(?![\p{L}\p{N}])`, 'giu');
// "1/2 l", "1/4 kg": a fraction before a unit.
const FRACTION = new RegExp(String.raw`(?<![\p{N}.])(?:(\d{1,2})\s+)?(\d{1,2})/(\d{1,2})(?=\s*(?:${UNIT_RE})\.?(?![\p{L}\p{N}]))`, 'gu');
const SINGLE = new RegExp(String.raw`${START}${NUM}\s*${UNIT}`, 'giu');

/**
 * Lower case, one kind of space, decimal commas as points ("1,5" → "1.5"; "1 000" stays two numbers), a
 * percentage without its space ("2.5 %" → "2.5%"), no zero decimals ("82,0%" → "82%"), and a shape or model number's "number" sign in one
 * spelling ("n.5", "Č.5", "nr 5", "No 5", "n°5" → "no5"), a fraction before a unit as a decimal ("1/2 l" →
 * "0.5 l", "1 1/2 l" → "1.5 l"), and "№20" (pharmacies: 20 tablets) as "20 шт".
 */
export function normalizeName(name: string): string {
  return (
    name
      // "№24" (pharmacies): 24 pieces; before NFKC, which spells "№" "No".
      .replace(/№\s*(\d+)/g, '$1 шт')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/(\d),(\d)/g, '$1.$2')
      .replace(/(\d)\s+%/g, '$1%')
      .replace(/(\d)\.0+(?![\d.])/g, '$1')
      .replace(FRACTION, (m: string, whole: string | undefined, a: string, b: string) =>
        Number(b) ? String(Math.round((Number(whole ?? 0) + Number(a) / Number(b)) * 1000) / 1000) : m,
      )
      .replace(/(?<![\p{L}\p{N}])(?:(?:n|no|č|c)\.|nr\.?|no|n°)\s*(\d+)(?![\p{L}\p{N}]|\.\d)/gu, 'no$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const unitOf = (word: string) => UNITS[word.toLowerCase()];

/** A normalised name without its pack ("6 × 0.5 l", "0.5 л х 6 шт", "500 g", "10 szt."): the rest names the product. */
export const stripPacks = (text: string) => [PIECES_OF, MULTI_FIRST, MULTI_AFTER, SIZE_PIECES, SINGLE].reduce((t, re) => t.replace(re, ' '), text);

/** The pack of a name, or null when it prints none. */
export function parsePack(name: string | null | undefined): Pack | null {
  if (!name) return null;
  const text = normalizeName(name);
  const multi = (count: string, size: string, unit: string): Pack | null => {
    const u = unitOf(unit);
    const n = Number(count);
    return u && u[0] !== 'count' && n > 0 ? { amount: n * Number(size) * u[1], dim: u[0], count: n, each: Number(size) * u[1] } : null;
  };
  for (const m of text.matchAll(PIECES_OF)) {
    const p = multi(m[1]!, m[2]!, m[3]!);
    if (p) return p;
  }
  for (const m of text.matchAll(MULTI_FIRST)) {
    const p = multi(m[1]!, m[2]!, m[3]!);
    if (p) return p;
  }
  for (const m of text.matchAll(MULTI_AFTER)) {
    const p = multi(m[3]!, m[1]!, m[2]!);
    if (p) return p;
  }
  for (const m of text.matchAll(SIZE_PIECES)) {
    const p = multi(m[3]!, m[1]!, m[2]!);
    if (p) return p;
  }
  let count: Pack | null = null;
  for (const m of text.matchAll(SINGLE)) {
    const u = unitOf(m[2]!);
    if (!u) continue;
    const p: Pack = { amount: Number(m[1]) * u[1], dim: u[0] };
    // A mass or a volume says more about the product than a count of pieces ("4 szt. 125 g").
    if (p.dim !== 'count') return p;
    count ??= p;
  }
  return count;
}

/** A catalogue product's pack: its name's, else its weight and unit columns. */
export function productPack(name: string, weight: number | null, unit: string | null): Pack | null {
  const fromName = parsePack(name);
  if (fromName || weight === null || !unit) return fromName;
  const u = unitOf(unit.replace(/\.$/, ''));
  return u ? { amount: weight * u[1], dim: u[0] } : null;
}

export type PackComparison = 'same' | 'different' | 'incomparable' | 'unknown';

const near = (x: number, y: number) => Math.abs(x - y) <= 0.01 * Math.max(x, y);

/**
 * Same dimension and amounts within 1 % (rounding of "0.33 l" against "330 ml") is the same pack. Two
 * multipacks are the same only with as many pieces of the same size (6 × 0.5 l is not 3 × 1 l; 24 tablets
 * of 200 mg are not 12 of 400 mg). One printing only a piece's size ("0,5 l", "200 mg") against a count of
 * such pieces leaves the count unknown.
 */
export function comparePacks(a: Pack | null, b: Pack | null): PackComparison {
  if (!a || !b) return 'unknown';
  if (a.dim !== b.dim) return 'incomparable';
  if (a.count && b.count) return a.count === b.count && near(a.each!, b.each!) ? 'same' : 'different';
  if (near(a.amount, b.amount)) return 'same';
  const [multi, single] = a.count ? [a, b] : [b, a];
  return multi.count && near(multi.each!, single.amount) ? 'unknown' : 'different';
}
