/**
 * How well a catalogue product fits a page whose product matched nothing (docs/parsers.md "Matching
 * pages to products"). An equal EAN (leading zeros aside: UPC-A in an EAN-13 field) or the shop's own
 * article is a sure match; otherwise the name, the brand and the pack size are compared. A pack of
 * the same kind but another amount is never the product ("1.5 l" is not "1 l"): such candidates are
 * dropped, whatever their names.
 */
import anyAscii from 'any-ascii';
import { comparePacks, normalizeName, parsePack, productPack, stripPacks, type PackComparison } from './pack';

type PageRead = { name: string | null; ean: string | null; article: string | null };
export type Candidate = {
  id: number;
  name: string;
  ean: string | null;
  brand: string | null;
  weight: number | null;
  unit: string | null;
  shopArticle?: string | null;
};
type Via = 'ean' | 'article' | 'name';
export type Scored = {
  productId: number;
  name: string;
  ean: string | null;
  brand: string | null;
  score: number;
  via: Via;
  pack: PackComparison;
  brandFound: boolean;
};

const EAN_SCORE = 1;
const ARTICLE_SCORE = 0.97;
/** An EAN or article match whose product's pack differs from the page's: below every bulk score (0.7 and up). */
const CONFLICT_FACTOR = 0.6;
/** Suggestions answered per page. */
const SUGGESTIONS = 3;

const eanKey = (ean: string | null) => (ean ? ean.replace(/\D/g, '').replace(/^0+/, '') : '');

/**
 * Words of a name without its pack ("1.5 l", "6x0.5l") and punctuation; "нап." → "нап". Other numbers stay
 * words: "Kozel 11", "typ 450", "n.5" ("no5") name the product as much as its letters do.
 */
const wordCache = new Map<string, string[]>();
export function words(name: string): string[] {
  let out = wordCache.get(name);
  if (!out) {
    out = splitWords(name);
    if (wordCache.size > 20_000) wordCache.clear();
    wordCache.set(name, out);
  }
  return [...out];
}
function splitWords(name: string): string[] {
  return (
    stripPacks(normalizeName(name))
      // "4+" (a nappy size) is not "4".
      .replace(/(\p{N})\+/gu, '$1plus')
      // Shops often drop diacritics ("JEMNE PERLIVA" for "jemně perlivá"): compared without them.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .split(/[^\p{L}\p{N}%.]+/u)
      .map((w) => w.replace(/^\.+|\.+$/g, ''))
      .filter((w) => w.length > 0)
  );
}

/**
 * A word as it sounds, in Latin letters, for comparing across scripts: shops and catalogues write one
 * brand as "Coca-Cola", "Кока-Кола" and "კოკა-კოლა", "Natakhtari" and "ნატახტარი", "MASLO" and "Masło".
 * any-ascii transliterates (each script by its usual romanisation, "ł" → "l"); then the spellings that
 * romanisations and shops vary on are folded: zh → j, kh → h, ph → f, ts → c, c before a/o/u → k, w → v,
 * y → i, x → ks, q → k, doubled letters once ("Nemiroff" / "Немирофф"). Both sides are folded alike.
 */
const keys = new Map<string, string>();
export function soundKey(word: string): string {
  let k = keys.get(word);
  if (k === undefined) {
    k = anyAscii(word)
      .toLowerCase()
      .replace(/['`]/g, '')
      .replace(/zh/g, 'j')
      .replace(/kh/g, 'h')
      .replace(/ph/g, 'f')
      .replace(/ck/g, 'k')
      .replace(/ts/g, 'c')
      .replace(/w/g, 'v')
      .replace(/y/g, 'i')
      .replace(/x/g, 'ks')
      .replace(/c(?=[aou])/g, 'k')
      .replace(/q/g, 'k')
      .replace(/([a-z])\1+/g, '$1');
    if (keys.size > 50_000) keys.clear();
    keys.set(word, k);
  }
  return k;
}

const LETTERS = /^\p{L}+$/u;
/**
 * A page word stands for a catalogue word when equal or, letters only, an abbreviation of at least 3
 * letters ("газ" → "газований"); numbers and model codes only when equal ("12" is not "120").
 */
const alike = (a: string, b: string) =>
  a === b || (a.length >= 3 && b.length >= 3 && LETTERS.test(a) && LETTERS.test(b) && (a.startsWith(b) || b.startsWith(a)));
const same = (a: string, b: string) => alike(a, b) || alike(soundKey(a), soundKey(b));

function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.split(' ')) {
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both. */
function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * 0..1: how much of the product's name the page's name has (coverage), how much of both is shared
 * (Dice) and their trigram similarity (spelling, joined words).
 */
export function nameSimilarity(page: string, product: string): number {
  const a = words(page);
  const b = words(product);
  if (!a.length || !b.length) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const w of b) {
    const i = a.findIndex((x, k) => !used.has(k) && same(x, w));
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  const coverage = matched / b.length;
  const dice = (2 * matched) / (a.length + b.length);
  return 0.5 * coverage + 0.25 * dice + 0.25 * trigramSimilarity(a.map(soundKey).join(' '), b.map(soundKey).join(' '));
}

const brandIn = (page: string, brand: string | null) => {
  if (!brand) return false;
  const p = words(page);
  const b = words(brand);
  const flat = (w: string) => soundKey(w).replace(/[^a-z0-9]/g, '');
  return b.length > 0 && b.every((w) => p.some((x) => flat(x) === flat(w)));
};

const PACK_POINTS: Record<PackComparison, number> = { same: 1, unknown: 0.5, incomparable: 0.2, different: 0 };
const round = (v: number) => Math.round(v * 1000) / 1000;

/** One candidate's score, or null when it cannot be the page's product (another amount of the same kind). */
function scoreCandidate(page: PageRead, c: Candidate): Scored | null {
  const base = { productId: c.id, name: c.name, ean: c.ean, brand: c.brand };
  const pack = comparePacks(parsePack(page.name), productPack(c.name, c.weight, c.unit));
  const brandFound = !!page.name && brandIn(page.name, c.brand);
  // An EAN or article whose product is another amount than the page prints: the page disagrees with
  // itself (the case's or another size's EAN), so it settles nothing — still suggested, for a person.
  // Another count of the same piece ("6 × 0,5 l" against "0,5 l") compares 'unknown' but disagrees as much.
  const pagePack = parsePack(page.name);
  const conflict = pack === 'different' || (pack === 'unknown' && pagePack && productPack(c.name, c.weight, c.unit)) ? CONFLICT_FACTOR : 1;
  if (page.ean && eanKey(page.ean) && eanKey(page.ean) === eanKey(c.ean)) return { ...base, score: EAN_SCORE * conflict, via: 'ean', pack, brandFound };
  if (page.article && c.shopArticle && page.article.trim() === c.shopArticle.trim())
    return { ...base, score: round(ARTICLE_SCORE * conflict), via: 'article', pack, brandFound };
  if (!page.name || pack === 'different') return null;
  const brand = c.brand ? (brandFound ? 1 : 0) : 0.5;
  const score = 0.6 * nameSimilarity(page.name, c.name) + 0.2 * brand + 0.2 * PACK_POINTS[pack];
  // Never as sure as an EAN or the shop's article.
  return { ...base, score: Math.min(round(score), 0.95), via: 'name', pack, brandFound };
}

/** Taken off a name match for each page word (up to two) that names another candidate's variant, not this one's. */
const VARIANT_PENALTY = 0.12;
/**
 * A name match is sure (scores where "Accept top suggestions" may take it without a person reading the
 * page: the screen offers 0.7 and up) only when the page says nothing the product does not: the same pack,
 * the product's brand, every page word of two letters or more, or with a digit, found in the product's
 * name or brand, and no EAN on the page that is another product's. Otherwise its score is scaled below 0.7 ("Pepsi Max" is not "Pepsi", "Zero" not the
 * plain one, "n.7" not "n.5", "82%" butter not the product without a fat content), order kept.
 */
const UNSURE_FACTOR = 0.72;

/** Slashed abbreviations of packaging, which name no other product: tetra pak, doy-pack, soft pack, tin, glass, plastic. */
const PACKAGING = new Set(['т/п', 'д/п', 'м/у', 'ж/б', 'с/б', 'ст/б', 'пл/б', 'п/э', 'п/е', 'p/e']);
/**
 * The words that tell a product: all, a lone letter too (vitamin C is not D, eggs M not L), and a slashed
 * abbreviation as one word ("б/а", "b/a": alcohol-free; "н/г": still) — but packaging's ("т/п", "д/п", "м/у").
 */
const tellingWords = (name: string) =>
  words(
    name.replace(/(?<![\p{L}\p{N}])(\p{L}{1,2})\s?\/\s?(\p{L}{1,2})(?![\p{L}\p{N}])/gu, (m, a: string, b: string) =>
      PACKAGING.has(`${a}/${b}`.toLowerCase()) ? ' ' : ` ${a}${b} `,
    ),
  );

/**
 * Page words the candidate's name and brand do not account for, and the candidate's words the page does
 * not ("Coca-Cola 1,5 l" is not sure for the only "Coca-Cola Zero 1.5 l"; "Kofola" neither "Original" nor
 * "Citrus").
 */
export function unexplained(pageName: string, c: Pick<Candidate, 'name' | 'brand'>): string[] {
  const own = [...words(c.name), ...(c.brand ? words(c.brand) : [])];
  const page = words(pageName);
  const ownJoined = own.map(soundKey).join('');
  const pageJoined = page.map(soundKey).join('');
  const missing = (w: string, from: string[], joined: string) => !from.some((o) => same(w, o)) && !(w.length >= 5 && joined.includes(soundKey(w)));
  return [...tellingWords(pageName).filter((w) => missing(w, own, ownJoined)), ...tellingWords(c.name).filter((w) => missing(w, page, pageJoined))];
}

/**
 * The best few candidates, best first (one entry per product: its best way). A page word missing from a
 * candidate's name but found in another candidate's ("Zero", "lekki", "ziarnista") names a variant the
 * candidate is not: its name match loses some points. A name match that is not sure (UNSURE_FACTOR) is
 * scaled down.
 */
export function rankCandidates(page: PageRead, candidates: Candidate[], limit = SUGGESTIONS): Scored[] {
  const best = new Map<number, Scored>();
  const pageWords = page.name ? words(page.name) : [];
  const wordsOf = new Map(candidates.map((c) => [c.id, words(c.name)]));
  // The page's EAN is a catalogue product's: a name match to another product contradicts it.
  const eanProduct = page.ean && eanKey(page.ean) ? candidates.find((c) => eanKey(c.ean) === eanKey(page.ean)) : undefined;
  for (const c of candidates) {
    let s = scoreCandidate(page, c);
    const own = wordsOf.get(c.id)!;
    const variants = pageWords.filter(
      (w) => !own.some((o) => same(w, o)) && candidates.some((o) => o.id !== c.id && wordsOf.get(o.id)!.some((x) => same(w, x))),
    );
    // The page's EAN or article, but its name prints every word by which another candidate differs from this
    // one ("Zero" on the plain one's EAN): the page names that other product.
    const namesOther = (o: Candidate) => {
      const extra = wordsOf.get(o.id)!.filter((x) => !own.some((w) => same(w, x)));
      return o.id !== c.id && extra.length > 0 && extra.every((x) => pageWords.some((w) => same(w, x)));
    };
    if (s && s.via !== 'name' && variants.length && candidates.some(namesOther)) s = { ...s, score: round(s.score * CONFLICT_FACTOR) };
    if (s?.via === 'name') {
      let score = s.score - VARIANT_PENALTY * Math.min(variants.length, 2);
      const sure = !eanProduct && s.pack === 'same' && (s.brandFound || !c.brand) && unexplained(page.name!, c).length === 0;
      if (!sure) score *= UNSURE_FACTOR;
      s = { ...s, score: round(Math.max(0, score)) };
    }
    if (s && (best.get(s.productId)?.score ?? -1) < s.score) best.set(s.productId, s);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, limit);
}
