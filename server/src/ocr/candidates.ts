/**
 * From OCR words with boxes to price candidates (pure, no OCR; rules in
 * server/docs/leaflets-recognition.md):
 *  1. price tokens — words (or 2 neighbouring words: "1" "299,00", "39" ",90", superscript "39" "90")
 *     that spell a price, minus sizes ("0,5 l"), unit prices ("1 kg = 79.80") and dates;
 *  2. main prices and old prices — a token is old when a label precedes it ("was", "Old price", …) or
 *     when a clearly taller, lower price is right next to it (the promo price printed big);
 *  3. each main price with its old price is a cluster; the product name is the nearest block of text
 *     lines above (or level with) the cluster, mechanics ("2+1", "3 for 2", "Card price") the nearest
 *     such words.
 */
import {
  isCardWord,
  isCurrencyWord,
  isDateLike,
  isDayMonth,
  isGluedSize,
  isLitreReadAsOne,
  isNameWord,
  isOldLabel,
  isQuantityWord,
  isTaxWord,
  isUnitWord,
  multiBuyText,
  parsePrice,
  parseRegionPrice,
  stripPriceText,
} from './price-tokens';
import { CANDIDATE_ACCEPT_CONFIDENCE, LEAFLET_LIMITS, type PromoMechanics } from '@pricewatch/shared/contract';

/** One OCR word: text, confidence 0–100, box in pixels (x1/y1 exclusive), and its OCR line number. */
export type OcrWord = { text: string; conf: number; x0: number; y0: number; x1: number; y1: number; line: number };

export type Rect = { x0: number; y0: number; x1: number; y1: number };

export type PriceToken = Rect & {
  value: number;
  conf: number;
  /** Indexes of the words it was read from. */
  words: number[];
  /** Preceded by an old-price label ("was", "Old price") or struck through. */
  oldLabel: boolean;
  /**
   * `page`: read by the page's OCR only; `region`: only by the second reading of a big-digit region;
   * `both`: the two readings agree; `disputed`: they differ (the region's value is kept).
   */
  source?: 'page' | 'region' | 'both' | 'disputed';
  /** A currency printed with it. */
  hasCurrency?: boolean;
  /** Spelled like a day and month ("20.11"). */
  dateLike?: boolean;
  /** Read under a strike line. */
  struck?: boolean;
  /** Named as with or without VAT on its line ("51,65 zł brutto", "bez DPH 272,64 Kč"). */
  taxLabel?: boolean;
  /** Which figure its VAT label names: `net` without VAT (bez VAT, без ПДВ, netto), `gross` with it (z VAT, з ПДВ, brutto). */
  vat?: 'net' | 'gross';
  /** Spelled like a pack size with its l read as 1 ("1,51", no currency): no price unless a region reads it too. */
  litre?: boolean;
  /** Named by "netto"/"brutto" over or under it (also a net weight or a shop's name): VAT only at a VAT rate's ratio. */
  vatMaybe?: boolean;
  /** After a basis of one piece ("cena za 1 szt. 2,99 zł", "ціна за 1 шт. 27,90"): the single price beside a multi-buy. */
  perPiece?: boolean;
  /**
   * Height of the printed digits when a big-digit region read them: OCR's word box can be much taller
   * (seed 105's "99,90." came 110 px tall for 61 px digits, spanning into the next tile).
   */
  printH?: number;
};

/** A big-digit region read again on its own (index.ts), in prepared-picture pixels. */
export type RegionReading = {
  big: Rect;
  cents: Rect | null;
  angle: number;
  glyphH: number;
  glyphs: number;
  text: string;
  conf: number;
  centsText: string | null;
  centsConf: number | null;
  /** A struck-through number (an old price) read again alone, not a big-digit region. */
  struck?: boolean;
  /** A dash right of the digits ("29,-", regions.ts): whole units are the price. */
  dash?: boolean;
  /** Per big glyph: a bar across its top (a 7 or a 5, never a 1; regions.ts). */
  topBars?: boolean[];
};

export type CandidateDraft = {
  key: string;
  price: number;
  oldPrice: number | null;
  discountPct: number | null;
  mechanics: PromoMechanics;
  mechanicsText: string | null;
  text: string;
  box: { x: number; y: number; w: number; h: number };
  confidence: number;
  /** Only with CandidateOptions.priceBoxes: where the price itself was read (original pixels). */
  priceBox?: { x: number; y: number; w: number; h: number };
};

const h = (r: Rect) => r.y1 - r.y0;
const union = (a: Rect, b: Rect): Rect => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });
const hGap = (a: Rect, b: Rect) => Math.max(0, a.x0 - b.x1, b.x0 - a.x1);
const vGap = (a: Rect, b: Rect) => Math.max(0, a.y0 - b.y1, b.y0 - a.y1);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Words grouped by OCR line, each line left to right. */
function lines(words: OcrWord[]): number[][] {
  const byLine = new Map<number, number[]>();
  words.forEach((w, i) => {
    const list = byLine.get(w.line) ?? [];
    list.push(i);
    byLine.set(w.line, list);
  });
  return [...byLine.values()].map((l) => l.sort((a, b) => words[a].x0 - words[b].x0));
}

const DATE_WORDS = /^(valid|from|until|till|to|od|do|platí|plati|platnost|ważne|wazne|obowiązuje|з|до|с|по|diні|діє|акція|акция|дійсна|действует)$/i;

/** "za", "за", "per", "pro", "/": the word that makes the unit after it a per-unit basis. */
const PER_WORD = /^(za|за|3a|3а|per|pro|na|на|\/)$/i; // "3a": за as OCR reads it

/**
 * A per-unit basis right before a number on its line ("za 1 kg:", "за 1 кг —", "за 100 г"): a unit word
 * (or a number glued to one, "1кг-") within the four words before it, after a "per" word. The number is
 * the price of a kilogram or a litre, never the item's (the blind corpus offered three at 0.74).
 */
function perUnitBasisBefore(words: OcrWord[], line: number[], firstAt: number, rh: number): boolean {
  let unitAt = -1;
  for (let j = firstAt - 1, x = words[line[firstAt]!]!.x0; j >= Math.max(0, firstAt - 4); j--) {
    const w = words[line[j]!]!;
    if (x - w.x1 > 3 * rh) break;
    x = w.x0;
    if (unitAt < 0 && isUnitWord(w.text.replace(/^\d+[.,]?\d*/, '').replace(/[:=\-–—]+$/, ''))) unitAt = j;
    else if (unitAt >= 0 && PER_WORD.test(w.text.trim())) return true;
  }
  return false;
}

/** Units that count pieces: "szt.", "шт.", "ks", "op." (a pack), "уп.", "pcs". */
const COUNT_UNIT = /^(szt|sztuk|sztuki|шт|штук|ks|kus|op|opak|opakowanie|opakowań|opakowan|уп|pc|pcs|piece)$/i;
const countUnit = (t: string) => COUNT_UNIT.test(t.trim().replace(/[.,:;—–-]+$/, ''));

/**
 * A basis of one piece right before a number on its line ("za 1 szt.", "за 1 шт.", "za 1 op."): the price of
 * one piece, not a per-kilo amount — beside a price for several it is the single price a shopper pays.
 */
function perPieceBasisBefore(words: OcrWord[], line: number[], firstAt: number): boolean {
  const t = (d: number) => (firstAt - d >= 0 ? words[line[firstAt - d]!]!.text.trim() : '');
  return (countUnit(t(1)) && t(2) === '1' && PER_WORD.test(t(3))) || (/^1\p{L}+\.?$/u.test(t(1)) && countUnit(t(1).slice(1)) && PER_WORD.test(t(2)));
}

/**
 * An "x" under half as tall as the number before it: a small currency sign misread ("138,50 zł" read
 * "138,50 x" once the counters of the inverted digits turned white), not the "×" of "6 × 0,5 l", which
 * is printed as tall as its numbers.
 */
const smallTimes = (w: OcrWord, numberH: number) => /^[x×]$/i.test(w.text.trim()) && h(w) < 0.5 * numberH;

/** Price tokens of the page, in the order found. */
export function findPriceTokens(words: OcrWord[]): PriceToken[] {
  const tokens: PriceToken[] = [];
  for (const line of lines(words)) {
    const lineHasDate =
      line.filter((i) => isDateLike(words[i].text)).length > 1 ||
      line.some((i) => /^[-–—]$/.test(words[i].text.trim()) || DATE_WORDS.test(words[i].text.trim()));
    for (let k = 0; k < line.length; k++) {
      const w = words[line[k]];
      const p = parsePrice(w.text);
      if (!p) continue;
      const next = k + 1 < line.length ? words[line[k + 1]] : null;
      const wh = h(w);
      let value = p.value;
      let used = [line[k]];
      let rect: Rect = w;
      if (p.form !== 'full') {
        if (p.form !== 'whole' || !next) continue;
        const gap = next.x0 - w.x1;
        const ratio = h(next) / wh;
        // "1" "299,00" / "1" "030,99": thousands apart (a leading zero is fine here)
        const thousands = /^(\d{3})[.,](\d{2})$/.exec(stripPriceText(next.text));
        const np = parsePrice(next.text);
        if (thousands && p.hasCurrency === false && ratio > 0.5 && ratio < 2 && gap < Math.max(wh, h(next))) {
          value = p.value * 1000 + Number(`${thousands[1]}.${thousands[2]}`);
        } else if (!np) continue;
        else if (np.form === 'cents' && gap < 0.5 * wh) {
          value = p.value + np.value; // "39" ",90"
        } else if (
          np.form === 'whole' &&
          /^\d{2}$/.test(next.text.trim()) &&
          ratio > 0.3 &&
          ratio < 0.75 &&
          Math.abs(next.y0 - w.y0) < 0.35 * wh &&
          gap < 0.5 * wh
        ) {
          value = p.value + np.value / 100; // "39" superscript "90"
        } else continue;
        used = [line[k], line[k + 1]];
        rect = union(w, next);
        k++;
      }
      const after = k + 1 < line.length ? words[line[k + 1]] : null;
      const firstAt = line.indexOf(used[0]);
      const before = firstAt > 0 ? words[line[firstAt - 1]] : null;
      const rh = h(rect);
      // a size: "0,5 l", "1,2 kg", "2,5 %"
      if (after && after.x0 - rect.x1 < 1.5 * rh && isUnitWord(after.text) && !smallTimes(after, rh)) continue;
      // a size whose unit was misread as a bar or I ("0,75 |") — right after name words on the line
      if (
        after &&
        after.x0 - rect.x1 < 0.8 * rh &&
        /^[|Il1]$/.test(after.text.trim()) &&
        before &&
        isNameWord(before.text) &&
        !isOldLabel(before.text) &&
        h(before) > 0.7 * rh
      )
        continue;
      // … or alone: a bar no taller than the number right after it ("1,75 |"); a box's side is taller, and thin frames are erased (polarity.ts)
      if (after && !p.hasCurrency && after.x0 - rect.x1 < 0.8 * rh && after.text.trim() === '|' && h(after) >= 0.4 * rh && h(after) <= 1.3 * rh) continue;
      // a unit price: "1 kg = 79.80", "79.80/kg"
      if (before && /[=/]$/.test(before.text.trim())) continue;
      // … or after its basis: "cena za 1 kg: 249,00", "ціна за 1 кг — 105,43 грн", "za 1 l 19,90"
      const perPiece = perPieceBasisBefore(words, line, firstAt);
      if (!perPiece && perUnitBasisBefore(words, line, firstAt, rh)) continue;
      const similar = (o: OcrWord) => h(o) > 0.6 * rh && h(o) < 1.6 * rh;
      // a quantity or a size read backwards: "x 2", "× 1,5", "l 0,5" right before it, printed alike
      if (!perPiece && before && similar(before) && rect.x0 - before.x1 < rh && (isQuantityWord(before.text) || isUnitWord(before.text))) continue;
      if (after && similar(after) && after.x0 - rect.x1 < rh && isQuantityWord(after.text)) continue;
      // inside a name line, printed like the name ("Milk 3.5% 1.51" — "1.5 l" with the l read as 1): a size
      // (a confident word: shapes of product drawings are read as short letter pairs)
      // ("Old price 26.90": a label up to two words before is no name)
      const labelled = [1, 2].some((d) => firstAt - d >= 0 && isOldLabel(words[line[firstAt - d]!]!.text));
      if (
        before &&
        before.conf >= 70 &&
        similar(before) &&
        rect.x0 - before.x1 < 1.2 * rh &&
        !p.hasCurrency &&
        !labelled &&
        !perPiece &&
        !isCurrencyWord(before.text) &&
        !isTaxWord(before.text) &&
        (isNameWord(before.text) || /%$/.test(before.text.trim()))
      )
        continue;
      if (after && /^\/\s*\p{L}/u.test(after.text.trim())) continue;
      // a date: "24.07." with another date, a dash or "valid" on its line, or a year after it
      const dateLike = p.dateLike || (used.length === 1 && isDayMonth(w.text));
      if (dateLike && (lineHasDate || (after && /^\d{4}$/.test(after.text.trim())))) continue;
      if (value <= 0 || value > 10_000_000) continue;
      // an old-price label up to two words before, on the same line and close — word by word: measured
      // from the price, "Old" of "Old price 115,90" was a pixel out of reach behind a wide "price"
      let oldLabel = false;
      for (let j = firstAt - 1, x = rect.x0; j >= Math.max(0, firstAt - 2); j--) {
        const b = words[line[j]];
        if (x - b.x1 > 4 * rh) break;
        x = b.x0;
        if (isOldLabel(b.text)) oldLabel = true;
      }
      // a VAT word up to three words before or after, close, word by word ("51,65 zł brutto", "bez DPH 272,64")
      let taxWord: OcrWord | null = null;
      for (let j = firstAt - 1, x = rect.x0; j >= Math.max(0, firstAt - 3) && !taxWord; j--) {
        const b = words[line[j]];
        if (x - b.x1 > 2 * rh) break;
        x = b.x0;
        if (isTaxWord(b.text)) taxWord = b;
      }
      for (let j = k + 1, x = rect.x1; j < Math.min(line.length, k + 4) && !taxWord; j++) {
        const a = words[line[j]];
        if (a.x0 - x > 2 * rh) break;
        x = a.x1;
        if (isTaxWord(a.text)) taxWord = a;
      }
      // … or printed over or under it as a label of its own line ("brutto" over "34,11 zł", "z VAT" under
      // "41,99 zł"): a word at least 0.4 × as tall, within 0.8 of its height above or below, beside it
      // (a big price's "cena netto" header is far smaller than its digits: vatHeaders)
      taxWord ??=
        words.find(
          (o) =>
            o.line !== w.line &&
            h(o) >= 0.4 * rh &&
            h(o) <= 1.3 * rh &&
            vGap(o, rect) <= 0.8 * rh &&
            hGap(o, rect) <= 2 * rh &&
            (o.y1 <= rect.y0 + 0.3 * rh || o.y0 >= rect.y1 - 0.3 * rh) &&
            isTaxWord(o.text),
        ) ?? null;
      // "netto" / "brutto" printed apart is also a net weight ("masa netto 500 g", "Nett. Gew.") or Netto's name:
      // judged by the amounts (vatRatio, buildCandidates)
      const vatMaybe = !!taxWord && taxWord.line !== w.line && /^(netto|nett|net|brutto|gross)$/i.test(taxWord.text.trim().replace(/[^\p{L}]/gu, ''));
      const taxLabel = taxWord !== null && !vatMaybe;
      const vat = taxWord && !vatMaybe ? vatKind(words, taxWord) : null;
      const conf = used.reduce((s, i) => s + words[i].conf, 0) / used.length;
      const hasCurrency = p.hasCurrency || !!(after && after.x0 - rect.x1 < 1.5 * rh && isCurrencyWord(after.text));
      // "1,51" / "0,51" alone: a pack size "1,5 l" with its l read as 1 — unless a big-digit region reads it the
      // same (buildCandidates: a printed "4,71" is read so by its region; "1,5 l"'s region stops before the l)
      const litre = used.length === 1 && !hasCurrency && !oldLabel && isLitreReadAsOne(w.text);
      // "20.11." alone (Penny's "od středy 20.11.", its "od" read "ou"): a day and a month with both dots
      if (used.length === 1 && !hasCurrency && !oldLabel && /^\d{1,2}\.\d{1,2}\.$/.test(w.text.trim().replace(/^[^\d]+/, '')) && isDateLike(w.text)) continue;
      tokens.push({
        ...rect,
        value: round2(value),
        conf,
        words: used,
        oldLabel,
        source: 'page',
        hasCurrency,
        dateLike,
        ...(taxLabel ? { taxLabel } : {}),
        ...(vat ? { vat } : {}),
        ...(perPiece ? { perPiece } : {}),
        ...(litre ? { litre } : {}),
        ...(vatMaybe ? { vatMaybe } : {}),
      });
    }
  }
  return tokens;
}

/**
 * What a VAT word says: `net` ("netto", "bez VAT", "без ПДВ", "bez DPH") or `gross` ("brutto", "z VAT",
 * "з ПДВ", "s DPH"), from the word and the one before it on its line; null when it does not say.
 */
function vatKind(words: OcrWord[], tax: OcrWord): 'net' | 'gross' | null {
  const t = tax.text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '');
  if (/^(netto|nett|net)$/.test(t)) return 'net';
  if (/^(brutto|gross)$/.test(t)) return 'gross';
  const before = words.filter((o) => o.line === tax.line && o.x1 <= tax.x0 + 2 && tax.x0 - o.x1 < 2 * h(tax)).sort((a, b) => b.x1 - a.x1)[0];
  const b = (before?.text ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}+]/gu, '');
  if (/^(bez|без|ohne|excl|without|exkl)$/.test(b)) return 'net';
  if (/^(z|s|з|с|ze|incl|inkl|with|\+|vč|včetně)$/.test(b)) return 'gross';
  return null;
}

/** VAT rates of the deployment countries and their neighbours (5–23 %): a price with VAT is the other times 1 + one. */
const VAT_RATES = [0.05, 0.07, 0.08, 0.1, 0.12, 0.14, 0.15, 0.18, 0.19, 0.2, 0.21, 0.23];
/** Whether one amount is the other with (or without) VAT at one of VAT_RATES, to the cent's rounding. */
function vatRatio(a: number, b: number): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return VAT_RATES.some((r) => Math.abs(lo * (1 + r) - hi) <= 0.011 + 0.0005 * hi);
}

/**
 * A VAT label printed over a big price, small ("без ПДВ" over METRO's 249,90, "cena netto" over Makro's 39⁹⁹):
 * the price is named with or without VAT too. A word within 0.8 of the printed height above it, over it, and
 * under 0.6 × as tall.
 */
function vatHeaders(tokens: PriceToken[], words: OcrWord[]): void {
  for (const t of tokens) {
    if (t.taxLabel) continue;
    const ph = printH(t);
    const label = words.find(
      (o) => isTaxWord(o.text) && h(o) < 0.6 * ph && o.y1 <= t.y0 + 0.2 * ph && t.y0 - o.y1 <= 0.8 * ph && Math.min(o.x1, t.x1) > Math.max(o.x0, t.x0),
    );
    if (!label) continue;
    t.taxLabel = true;
    const kind = vatKind(words, label);
    if (kind) t.vat = kind;
  }
}

/**
 * A price named without VAT printed bigger than one named with VAT beside it (METRO's big "без ПДВ 249,90" with
 * "з ПДВ 299,88 грн" small): conventions differ on which is the price — what every shopper pays at the till
 * (the blind corpus) or the big one (ATK3's Makro page) — so both are offered, neither in one click.
 */
function netBesideGross(tokens: PriceToken[]): Set<PriceToken> {
  const out = new Set<PriceToken>();
  for (const n of tokens)
    for (const g of tokens)
      if (n.vat === 'net' && g.vat === 'gross' && !n.oldLabel && !g.oldLabel && printH(n) >= 1.25 * printH(g) && near(n, g)) {
        out.add(n);
        out.add(g);
      }
  return out;
}

/**
 * The page's words that are a size or a quantity: a number glued to its unit ("1.5L", "500g", "6x1,51"),
 * or a number with a unit word right after it on its line ("0.75" "L", "10" "шт") — the number and the unit.
 */
function sizeWords(words: OcrWord[]): Rect[] {
  const out: Rect[] = [];
  for (const line of lines(words))
    line.forEach((i, k) => {
      const w = words[i]!;
      if (isGluedSize(w.text)) out.push(w);
      const next = k + 1 < line.length ? words[line[k + 1]!]! : null;
      // (on the number's baseline: raised cents read as letters, "13" + "M" for 13⁹⁹, are no unit)
      const unit = (o: OcrWord) => o.x0 - w.x1 < 1.5 * h(w) && Math.abs(o.y1 - w.y1) <= 0.25 * h(w) && isUnitWord(o.text) && !smallTimes(o, h(w));
      // (and followed by no number or currency: "18" "L)" "90" is 18,90 with its comma misread)
      const then = k + 2 < line.length ? words[line[k + 2]!]! : null;
      const more = then && then.x0 - (next?.x1 ?? 0) < 1.5 * h(w) && (/\d/.test(then.text) || isCurrencyWord(then.text));
      if (next && /^\d{1,4}([.,]\d{1,3})?$/.test(w.text.trim()) && unit(next) && !more) out.push(union(w, next));
    });
  return out;
}

const area = (r: Rect) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
const overlap = (a: Rect, b: Rect) => area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });

/**
 * The page's tokens with the second readings of big-digit regions: a region read as a price confirms
 * the page's token there (`both`), replaces a different one (`disputed`) or adds one the page missed
 * (`region`: superscript cents, bursts, rotated badges). Tokens inside a struck-through word are old
 * prices.
 */
export function withRegions(tokens: PriceToken[], regions: RegionReading[], strikes: Rect[] = [], words: OcrWord[] = []): PriceToken[] {
  const out: PriceToken[] = tokens.map((t) => {
    const struck = strikes.some((s) => overlap(s, t) >= 0.5 * area(t));
    return { ...t, oldLabel: t.oldLabel || struck, struck };
  });
  for (const r of regions) {
    const value = parseRegionPrice(r.text, r.centsText, r.glyphs, r.dash);
    if (value === null || value <= 0 || value > LEAFLET_LIMITS.priceMax) continue;
    const rect = r.cents ? union(r.big, r.cents) : r.big;
    if (r.struck) {
      // the struck number's own reading is its old price when its two scales agree and the page read
      // it the same or not as a price at all; otherwise there is no old price: both readings lose
      // digits under the line (a 9 read as 0, either way round), and a wrong old price would be saved
      // by one-click Accept
      // — except a 9 read as 0: erasing the line opens a 9's bowl, it never closes a 0's, so of two
      // readings that differ only there, the one with the 9 is right ("18,90" / "18,00")
      const at = out.filter((t) => t.source === 'page' && overlap(t, rect) >= 0.4 * Math.min(area(t), area(rect)));
      for (const t of at) out.splice(out.indexOf(t), 1);
      const nineOrZero = (a: number, b: number) => {
        const x = a.toFixed(2);
        const y = b.toFixed(2);
        return x.length === y.length && [...x].every((ch, i) => ch === y[i] || (ch === '9' && y[i] === '0'));
      };
      let old = value;
      const page = at.find((t) => t.value === value || nineOrZero(t.value, value) || nineOrZero(value, t.value));
      if (page && nineOrZero(page.value, value)) old = page.value;
      if (at.length ? !page : r.conf < 45) continue;
      out.push({
        ...rect,
        value: old,
        conf: r.conf,
        words: at.flatMap((t) => t.words),
        oldLabel: true,
        source: 'region',
        hasCurrency: at.some((t) => t.hasCurrency),
        dateLike: false,
        struck: true,
      });
      continue;
    }
    // a date printed big: the page read a date over it ("3.12.-16.12.2026", a validity range in the
    // header; the region read its "3.12")
    // (or a range the page misread but for its year: Dino's "2.12.–8.12.2026" read "2a2-8122026.")
    const dateText = (t: string) => isDateLike(t) || (/[-–—]/.test(t) && /20[2-4]\d\.?$/.test(t.trim()));
    if (words.some((w) => dateText(w.text) && overlap(w, r.big) >= 0.4 * Math.min(area(w), area(r.big)))) continue;
    // a pack size printed big ("0,33 л"): a unit word right after it on its line
    const rh = h(rect);
    // … or a size the page read there: "1.5L", "500g", "0.75" + "L" (the region's glyphs include the unit,
    // read as a digit: "1.51" at 0.6)
    if (sizeWords(words).some((w) => overlap(w, r.big) >= 0.4 * Math.min(area(w), area(r.big)))) continue;
    if (
      words.some((w) => w.x0 >= rect.x1 - 0.2 * rh && w.x0 - rect.x1 < 1.2 * rh && w.y0 < rect.y1 && w.y1 > rect.y0 && isUnitWord(w.text) && !smallTimes(w, rh))
    )
      continue;
    let conf = r.centsConf === null ? r.conf : Math.min(r.conf, r.centsConf);
    // under one unit printed big is more often a size than a price: never one click
    if (value < 1) conf = Math.min(conf, 40);
    // a "1" read where the glyph has a bar across its top is a condensed 7 (or 5) misread: doubtful
    const read = r.text.replace(/\D/g, '');
    if (r.topBars && read.length === r.topBars.length && [...read].some((d, i) => d === '1' && r.topBars![i])) conf = Math.min(conf, 20);
    const inside = out.filter((t) => t.source !== 'region' && overlap(t, rect) >= 0.4 * Math.min(area(t), area(rect)));
    const same = inside.find((t) => t.value === value);
    if (same) {
      same.source = 'both';
      Object.assign(same, union(same, rect));
      same.printH = h(r.big);
      // another reading of the same print there is that price too, not a price of its own
      for (const t of inside) if (t !== same && t.value === value) out.splice(out.indexOf(t), 1);
      continue;
    }
    // a doubtful region (its two scales disagreed) never overrides the page's own price there: Penny's
    // rotated "99,–" was read "29" at one scale, and the region's "29" replaced the page's right "99,-"
    if (conf <= 20 && inside.some((t) => t.source === 'page')) continue;
    for (const t of inside) out.splice(out.indexOf(t), 1);
    const hasCurrency = inside.some((t) => t.hasCurrency);
    // the page read other whole digits in the same big print, though not as a price ("79,”" where the
    // region read "19." — a condensed 7 read as 1): two readings that disagree are no one-click price
    const whole = String(Math.trunc(value));
    const pageDigits = words
      .filter((w) => /\d/.test(w.text) && h(w) >= 0.6 * h(r.big) && overlap(w, r.big) >= 0.4 * Math.min(area(w), area(r.big)))
      .sort((a, b) => a.x0 - b.x0)
      .map((w) => w.text.replace(/\D/g, ''))
      .join('');
    // (with the cents: Eko's "21⁵⁰" — its "2" left white at the box's edge — was read "1" + "50" by the
    // region and "19," by the page)
    const full = value.toFixed(2).replace('.', '');
    const otherDigits =
      pageDigits !== '' && ((!pageDigits.startsWith(whole) && !whole.startsWith(pageDigits)) || (!pageDigits.startsWith(full) && !full.startsWith(pageDigits)));
    out.push({
      ...rect,
      value,
      conf,
      words: inside.flatMap((t) => t.words),
      oldLabel: false,
      source: inside.length || otherDigits ? 'disputed' : 'region',
      hasCurrency,
      dateLike: false,
      printH: h(r.big),
      ...(inside.some((t) => t.taxLabel) ? { taxLabel: true } : {}),
    });
  }
  return out;
}

/**
 * How sure a main price is, 0..1 (CANDIDATE_ACCEPT_CONFIDENCE and above get a one-click Accept): two
 * readings that agree are the strongest; a big-digit region read alone by its own OCR confidence;
 * the page's reading alone, and any token spelled like a date without a currency, stay under the
 * threshold — the user checks those with Fix.
 */
export function confidenceOf(t: PriceToken): number {
  let c: number;
  if (t.source === 'both') c = 0.9 + 0.09 * Math.min(1, t.conf / 100);
  else if (t.source === 'region') c = t.conf >= 70 ? 0.88 : t.conf >= 45 ? 0.82 : 0.6;
  else if (t.source === 'disputed') c = 0.5;
  else c = Math.min(CANDIDATE_ACCEPT_CONFIDENCE - 0.05, 0.4 + 0.35 * Math.min(1, t.conf / 100));
  if (t.dateLike && !t.hasCurrency) c = Math.min(c, 0.5);
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100;
}

type Cluster = { main: PriceToken; old: PriceToken | null; rect: Rect };

/**
 * A page that prints its prices big (some read as big-digit regions) prints nothing else that way: a
 * main price read by the page's OCR alone and less than 0.6 × as tall as those is a size ("1,5 l" read
 * as "1.51"), a date or a stray number, never a candidate. A page without any such region keeps them
 * (under the accept threshold).
 */
function printedAsPrice(t: PriceToken, tokens: PriceToken[]): boolean {
  if (t.source !== 'page') return true;
  const big = tokens
    .filter((x) => x.source === 'both' || x.source === 'region')
    .map(h)
    .sort((a, b) => a - b);
  if (!big.length) return true;
  return h(t) >= 0.6 * big[Math.floor(big.length / 2)]!;
}

/**
 * A pack size, a deposit or a per-piece figure beside a price: read by the page's OCR alone, without a
 * currency or an old-price label, clearly smaller (under 0.8 ×) than a price confirmed by its big-digit
 * region in the same column (within 5 of its heights above or below), and lower than it. A pack size
 * printed large ("1,5 l") loses its unit in OCR more often than not — "0,75" with the l dropped, "2,51"
 * with it read as 1, "0,95 |" — so the unit rules alone let it through; an old price is higher, so it
 * is never one of these.
 */
function besideBiggerPrice(t: PriceToken, tokens: PriceToken[]): boolean {
  if (t.source !== 'page' || t.hasCurrency || t.oldLabel) return false;
  return tokens.some((p) => {
    if (p === t || (p.source !== 'both' && p.source !== 'region') || p.value <= t.value) return false;
    const ph = h(p);
    return h(t) < 0.8 * ph && vGap(p, t) <= 5 * ph && hGap(p, t) <= 1.5 * ph;
  });
}

/** How tall a price is printed: its digits' height when a region read them, else its word box's. */
const printH = (t: PriceToken) => t.printH ?? h(t);

/** Whether `small` sits right by `big` (above, below or beside it, within a few of big's printed heights). */
function near(big: PriceToken, small: Rect): boolean {
  const bh = printH(big);
  return vGap(big, small) <= 2.5 * bh && hGap(big, small) <= 1.5 * bh;
}

/** Main prices with their old prices. */
export function pairPrices(tokens: PriceToken[]): Cluster[] {
  const order = tokens.map((_, i) => i).sort((a, b) => printH(tokens[b]) - printH(tokens[a]));
  const role = new Map<number, 'main' | 'old'>();
  // unlabelled tokens dominated by a clearly taller, lower price next to them are old prices (taller as
  // printed: two tiles' prices of one size side by side are no pair, however OCR boxed the words)
  for (const i of order) {
    const t = tokens[i];
    if (t.oldLabel) {
      role.set(i, 'old');
      continue;
    }
    // the price with (or without) VAT beside the big one is higher than it, but no old price
    // (and a single piece's price under a price for several is its own price, not an old one)
    const dominated =
      !t.taxLabel &&
      !t.perPiece &&
      order.some(
        (j) =>
          j !== i &&
          role.get(j) === 'main' &&
          printH(tokens[j]) >= 1.4 * printH(t) &&
          tokens[j].value < t.value &&
          t.value <= 5 * tokens[j].value &&
          near(tokens[j], t),
      );
    role.set(i, dominated ? 'old' : 'main');
  }
  const clusters: Cluster[] = order.filter((i) => role.get(i) === 'main').map((i) => ({ main: tokens[i], old: null, rect: { ...tokens[i] } }));
  // each old price goes to the nearest main price it is above in value; labelled olds first
  const olds = order.filter((i) => role.get(i) === 'old').sort((a, b) => Number(tokens[b].oldLabel) - Number(tokens[a].oldLabel));
  for (const i of olds) {
    const o = tokens[i];
    let best: Cluster | null = null;
    let bestD = Infinity;
    for (const c of clusters) {
      if (c.old || c.main.value >= o.value || o.value > 5 * c.main.value) continue;
      if (!near(c.main, o) && !(o.oldLabel && vGap(c.main, o) <= 3 * printH(c.main) && hGap(c.main, o) <= 3 * printH(c.main))) continue;
      const d = vGap(c.main, o) + hGap(c.main, o);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    if (best) {
      best.old = o;
      best.rect = union(best.rect, o);
    }
  }
  return clusters;
}

/**
 * A shelf price's other figure (Metro, Makro: netto and brutto, "bez DPH" under "s DPH"): the leaflet's
 * big price is the price. A token named with or without VAT beside a price printed clearly bigger (1.25 ×)
 * is no candidate (`drop`); beside one of its own size it is never one click (`doubt`): either may be meant.
 */
function taxFigure(t: PriceToken, tokens: PriceToken[]): 'drop' | 'doubt' | null {
  if (!t.taxLabel) return null;
  const others = tokens.filter((p) => p !== t && !p.oldLabel && p.value !== t.value);
  if (others.some((p) => printH(p) >= 1.25 * printH(t) && near(p, t))) return 'drop';
  if (others.some((p) => printH(p) > printH(t) / 1.25 && near(p, t) && near(t, p))) return 'doubt';
  return null;
}

/** The word of "when buying N": przy zakupie, při koupi, при купівлі / покупке, when buying. */
const CONDITION_WORD = /^(zakupie|koupi|kúpe|kupe|nákupu|nakupu|купівлі|покупці|покупке|buying|kauf)$/i;
/** "від 2 шт.", "od 3 szt.", "ab 2 Stück" (the count glued on as OCR reads it: "віД2"): from a count. */
// (with від as Latin-reading models spell it: "BIA", "Bід" — VARUS's 21,90 for two at 0.88 once its box read so)
const FROM_WORD = /^(від|вiд|bід|biд|bia|от|od|from|ab)$/i;
const FROM_COUNT = /^(від|вiд|bід|biд|bia|от|od|from|ab)\d{1,2}$/i;

/**
 * Lines naming a price for several pieces: a count of 2–10 with a count unit ("Cena za 2 szt.", "від 2 шт.",
 * "2szt"), or after a "when buying" / "from" word ("przy zakupie 2 opakowań", "BIA 2 ШТ.").
 */
function severalPieces(words: OcrWord[]): Rect[] {
  const out: Rect[] = [];
  for (const line of lines(words))
    line.forEach((i, k) => {
      const t = (d: number) => (k + d >= 0 && k + d < line.length ? words[line[k + d]!]!.text.trim() : '');
      const n = /^([2-9]|10)$/.test(t(0));
      if (
        (n && (countUnit(t(1)) || CONDITION_WORD.test(t(-1)) || FROM_WORD.test(t(-1)))) ||
        (/^([2-9]|10)\p{L}+\.?$/u.test(t(0)) && countUnit(t(0).replace(/^\d+/, '')))
      )
        out.push(words[i]!);
    });
  return out;
}

/** Cost of attaching a word to a cluster: horizontal distance weighs more, words below much more. */
function cost(c: Rect, w: Rect): number {
  const dx = hGap(c, w);
  const below = w.y0 >= c.y1 - 0.2 * h(c) ? w.y0 - c.y1 : 0;
  const above = Math.max(0, c.y0 - w.y1);
  return 1.5 * dx + above + 3 * Math.max(0, below);
}

/** Groups word indexes into visual lines (vertical centres within half a height), top to bottom. */
function visualLines(words: OcrWord[], idx: number[]): number[][] {
  const sorted = [...idx].sort((a, b) => words[a].y0 + words[a].y1 - (words[b].y0 + words[b].y1));
  const out: number[][] = [];
  for (const i of sorted) {
    const w = words[i];
    const cy = (w.y0 + w.y1) / 2;
    const last = out[out.length - 1];
    if (last) {
      const l = words[last[0]];
      if (Math.abs((l.y0 + l.y1) / 2 - cy) < 0.5 * Math.max(h(l), h(w))) {
        last.push(i);
        continue;
      }
    }
    out.push([i]);
  }
  return out.map((l) => l.sort((a, b) => words[a].x0 - words[b].x0));
}

export type CandidateOptions = {
  /** Boxes are divided by this (the picture was scaled by it before OCR). Default 1. */
  scale?: number;
  /** Original picture size: boxes are clipped to it. */
  width?: number;
  height?: number;
  /** Words under this confidence are not used for names and mechanics (default 55). */
  minWordConf?: number;
  /** Second readings of big-digit regions (index.ts), in the same pixels as the words. */
  regions?: RegionReading[];
  /** Boxes of struck-through words (old prices). */
  strikes?: Rect[];
  /** Scoring aid (the corpus test and bench): each draft also gets `priceBox`, the price's own box. */
  priceBoxes?: boolean;
};

/** A word's letters and digits, for comparing two readings of it ("7.90»" and "7.90" are one). */
const core = (t: string) =>
  t
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/**
 * The words without second readings of the same print: tesseract (seen with kat+eng) sometimes answers
 * a word twice, in two lines with overlapping boxes ("7.90" and "7.90»"); both became prices, one of
 * them a one-click candidate without a name. Of two words with the same letters and digits whose boxes
 * overlap by at least half of the smaller one, the more confident is kept.
 */
export function dropDuplicateWords(words: OcrWord[]): OcrWord[] {
  const drop = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const a = core(words[i]!.text);
    if (!a || drop.has(i)) continue;
    for (let j = i + 1; j < words.length; j++) {
      if (drop.has(j) || core(words[j]!.text) !== a) continue;
      const wi = words[i]!;
      const wj = words[j]!;
      if (overlap(wi, wj) < 0.5 * Math.min(area(wi), area(wj))) continue;
      drop.add(wj.conf > wi.conf ? i : j);
      if (drop.has(i)) break;
    }
  }
  return drop.size ? words.filter((_, i) => !drop.has(i)) : words;
}

/** Price candidates from OCR words, in reading order (rows top to bottom, left to right). */
export function buildCandidates(allWords: OcrWord[], opts: CandidateOptions = {}): CandidateDraft[] {
  const words = dropDuplicateWords(allWords);
  const scale = opts.scale ?? 1;
  const minConf = opts.minWordConf ?? 55;
  const tokens = withRegions(findPriceTokens(words), opts.regions ?? [], opts.strikes ?? [], words).filter((t) => !(t.litre && t.source === 'page'));
  // "brutto" over "34,11 zł" beside the big 32⁴⁹ (5 % VAT): a VAT figure; "masa netto 500 g" under an old price: not
  for (const t of tokens)
    if (t.vatMaybe && tokens.some((p) => p !== t && (near(p, t) || near(t, p)) && vatRatio(t.value, p.value))) {
      t.taxLabel = true;
      const word = words.find((o) => /^(netto|nett|net)$/i.test(o.text.trim().replace(/[^\p{L}]/gu, '')) && vGap(o, t) <= h(t));
      t.vat = word ? 'net' : 'gross';
    }
  vatHeaders(tokens, words);
  const vatPair = netBesideGross(tokens);
  const several = severalPieces(words);
  const clusters = pairPrices(tokens).filter(
    (c) =>
      vatPair.has(c.main) ||
      // a single piece's price counts under a price for several (none other: a pack's per-piece figure)
      // (unless a condition of its own is printed right under it: "cena za 1 szt. 2,50 zł" / "przy zakupie 2 szt.")
      ((c.main.perPiece
        ? several.some((r) => r.y1 <= c.main.y0 && c.main.y0 - r.y1 <= 10 * h(c.main) && hGap(r, c.main) <= 5 * h(c.main)) &&
          !several.some((r) => r.y0 >= c.main.y1 - 0.3 * h(c.main) && r.y0 - c.main.y1 <= 2 * h(c.main) && hGap(r, c.main) <= 5 * h(c.main))
        : printedAsPrice(c.main, tokens) && !besideBiggerPrice(c.main, tokens)) &&
        taxFigure(c.main, tokens) !== 'drop'),
  );
  if (clusters.length === 0) return [];
  const inToken = new Set(tokens.flatMap((t) => t.words));

  // mechanics: one-word multi-buys, "3 for 2" across words, card words
  type Mech = { rect: Rect; mechanics: PromoMechanics; text: string; words: number[] };
  const mechs: Mech[] = [];
  const mechWords = new Set<number>();
  for (const line of lines(words)) {
    for (let k = 0; k < line.length; k++) {
      const w = words[line[k]];
      const mb = multiBuyText(w.text);
      if (mb) {
        mechs.push({ rect: w, mechanics: 'multi_buy', text: mb, words: [line[k]] });
        mechWords.add(line[k]);
        continue;
      }
      if (
        k + 2 < line.length &&
        /^\d$/.test(w.text.trim()) &&
        /^(for|za|за)$/i.test(words[line[k + 1]].text.trim()) &&
        /^\d$/.test(words[line[k + 2]].text.trim())
      ) {
        const ids = [line[k], line[k + 1], line[k + 2]];
        mechs.push({
          rect: ids.map((i) => words[i] as Rect).reduce(union),
          mechanics: 'multi_buy',
          text: ids.map((i) => words[i].text.trim()).join(' '),
          words: ids,
        });
        ids.forEach((i) => mechWords.add(i));
        k += 2;
        continue;
      }
      if (isCardWord(w.text) && w.conf >= minConf) {
        // the card phrase: this word with its close neighbours on the line ("Card price", "with Club card")
        const ids = [line[k]];
        for (let j = k - 1; j >= 0 && ids.length < 3 && w.x0 - words[line[j]].x1 < 1.5 * h(w) && isNameWord(words[line[j]].text) && !inToken.has(line[j]); j--)
          ids.unshift(line[j]);
        for (
          let j = k + 1;
          j < line.length &&
          ids.length < 4 &&
          words[line[j]].x0 - words[ids[ids.length - 1]].x1 < 1.5 * h(w) &&
          isNameWord(words[line[j]].text) &&
          !inToken.has(line[j]);
          j++
        )
          ids.push(line[j]);
        mechs.push({
          rect: ids.map((i) => words[i] as Rect).reduce(union),
          mechanics: 'card',
          text: ids.map((i) => words[i].text.trim()).join(' '),
          words: ids,
        });
        ids.forEach((i) => mechWords.add(i));
        k = line.indexOf(ids[ids.length - 1]);
      }
    }
  }

  const nearest = (r: Rect, limit: (c: Cluster) => number): Cluster | null => {
    let best: Cluster | null = null;
    let bestCost = Infinity;
    for (const c of clusters) {
      const v = cost(c.rect, r);
      if (v < bestCost && v <= limit(c)) {
        bestCost = v;
        best = c;
      }
    }
    return best;
  };

  const clusterMech = new Map<Cluster, Mech>();
  for (const m of mechs) {
    const c = nearest(m.rect, (c) => 6 * h(c.main));
    if (c && !clusterMech.has(c)) clusterMech.set(c, m);
  }

  // "przy zakupie 2 opakowań", "při koupi 2 ks", "при купівлі 2": a price for buying several. With no
  // price on its own line it is the condition of the price right under it (Kaufland's big 14,99 badge;
  // the single price is the small "cena za 1 op. 17,94 zł"): that price is no one-click candidate
  const conditional = new Set<Cluster>();
  for (const line of lines(words)) {
    const text = (k: number) => (k < line.length ? words[line[k]!]!.text.trim() : '');
    const at = line.findIndex(
      (i, k) =>
        (/^\d{1,2}$/.test(text(k + 1)) && (CONDITION_WORD.test(words[i]!.text.trim()) || FROM_WORD.test(words[i]!.text.trim()))) ||
        FROM_COUNT.test(words[i]!.text.trim()) ||
        // "Cena za 2 szt.", "за 3 шт.": the price of several pieces
        (PER_WORD.test(words[i]!.text.trim()) && /^([2-9]|10)$/.test(text(k + 1)) && countUnit(text(k + 2))),
    );
    if (at < 0 || line.some((i) => inToken.has(i))) continue;
    const r = line
      .slice(at, at + 4)
      .map((i) => words[i] as Rect)
      .reduce(union);
    for (const c of clusters) {
      const ch = printH(c.main);
      if (r.y1 <= c.main.y0 + 0.3 * ch && c.main.y0 - r.y1 <= 1.5 * ch && hGap(c.main, r) <= ch) conditional.add(c);
    }
  }

  // name words: letters (or numbers: "250 g", "1 kg", "100%"), confident, not labels nor prices;
  // grouped into phrases (words of one visual line with gaps under 1.2 heights), each phrase goes to
  // the nearest cluster it is above or level with, at most 1.5 price heights to the side of it
  const nameIdx: number[] = [];
  words.forEach((w, i) => {
    if (inToken.has(i) || mechWords.has(i) || w.conf < minConf || isOldLabel(w.text) || isCurrencyWord(w.text)) return;
    // struck-through print is an old price, never a name (also when its reading was dropped)
    if ((opts.strikes ?? []).some((s) => overlap(s, w) >= 0.5 * area(w))) return;
    // a name word, a number ("250", "0,5", "100%") or a single letter or bar ("g", "l" read as "|")
    if (!isNameWord(w.text) && !/^\d{1,4}([.,]\d{1,2})?%?$/.test(w.text.trim()) && !/^[\p{L}|]$/u.test(w.text.trim())) return;
    // the second word of "Old price" / "ძველი ფასი" / "Stará cena" is no name
    if (/^(price|cena|ціна|цена|ფასი)$/iu.test(w.text.trim())) return;
    nameIdx.push(i);
  });
  const phrases: number[][] = [];
  for (const l of visualLines(words, nameIdx)) {
    let cur: number[] = [];
    for (const i of l) {
      const prev = cur.length ? words[cur[cur.length - 1]] : null;
      if (prev && words[i].x0 - prev.x1 > 1.2 * Math.max(h(prev), h(words[i]))) {
        phrases.push(cur);
        cur = [];
      }
      cur.push(i);
    }
    if (cur.length) phrases.push(cur);
  }
  const assigned = new Map<Cluster, number[][]>();
  for (const ph of phrases) {
    if (!ph.some((i) => isNameWord(words[i].text))) continue;
    const r = ph.map((i) => words[i] as Rect).reduce(union);
    let best: Cluster | null = null;
    let bestCost = Infinity;
    for (const c of clusters) {
      const ch = h(c.main);
      if (r.y0 >= c.rect.y1 || hGap(c.rect, r) > 1.5 * ch) continue; // names are never under the price
      const v = cost(c.rect, r);
      if (v < bestCost && v <= 10 * ch) {
        bestCost = v;
        best = c;
      }
    }
    if (best) assigned.set(best, [...(assigned.get(best) ?? []), ph]);
  }

  const out: (CandidateDraft & { rect: Rect })[] = [];
  for (const c of clusters) {
    // the nearest phrase, then phrases right above the block (gap under 1.5 line heights, overlapping
    // it horizontally or starting where it starts), at most 3 lines
    const mine = (assigned.get(c) ?? []).map((ph) => ({ ph, r: ph.map((i) => words[i] as Rect).reduce(union) }));
    mine.sort((a, b) => cost(c.rect, a.r) - cost(c.rect, b.r));
    const block: { ph: number[]; r: Rect }[] = mine.length ? [mine[0]] : [];
    while (block.length && block.length < 3) {
      const top = block[block.length - 1].r;
      const lh = h(top);
      const above = mine
        .filter((m) => !block.includes(m) && m.r.y1 <= top.y0 + 0.3 * lh && top.y0 - m.r.y1 <= 1.5 * lh)
        .filter((m) => Math.min(m.r.x1, top.x1) > Math.max(m.r.x0, top.x0) || Math.abs(m.r.x0 - top.x0) < 2 * lh)
        .sort((a, b) => b.r.y1 - a.r.y1)[0];
      if (!above) break;
      block.push(above);
    }
    block.reverse();
    const text = block
      .map((b) => b.ph.map((i) => words[i].text.trim()).join(' '))
      .join(' ')
      .replace(/(\d) \|(?= |$)/g, '$1 l'); // "0,5 |": a litre sign read as a bar
    let rect = c.rect;
    for (const b of block) rect = union(rect, b.r);
    const m = clusterMech.get(c);
    if (m) rect = union(rect, m.rect);
    const price = c.main.value;
    // Every candidate must be acceptable as it is (leafletPriceInputSchema): a positive price, an old
    // price above it, texts within the form's lengths.
    if (!(price >= 0.01) || price > LEAFLET_LIMITS.priceMax) continue;
    const oldPrice = c.old && c.old.value > price && c.old.value <= LEAFLET_LIMITS.priceMax ? c.old.value : null;
    const mechanics: PromoMechanics = m ? m.mechanics : 'discount';
    const x0 = Math.max(0, Math.floor(rect.x0 / scale));
    const y0 = Math.max(0, Math.floor(rect.y0 / scale));
    let x1 = Math.ceil(rect.x1 / scale);
    let y1 = Math.ceil(rect.y1 / scale);
    if (opts.width) x1 = Math.min(x1, opts.width);
    if (opts.height) y1 = Math.min(y1, opts.height);
    const box = { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
    const m0 = { x: Math.floor(c.main.x0 / scale), y: Math.floor(c.main.y0 / scale) };
    const priceBox = { ...m0, w: Math.max(1, Math.ceil(c.main.x1 / scale) - m0.x), h: Math.max(1, Math.ceil(c.main.y1 / scale) - m0.y) };
    out.push({
      ...(opts.priceBoxes ? { priceBox } : {}),
      key: `${box.x}-${box.y}-${Math.round(price * 100)}`,
      price,
      oldPrice,
      discountPct: oldPrice ? Math.min(99.9, Math.round(((oldPrice - price) / oldPrice) * 1000) / 10) : null,
      mechanics,
      mechanicsText: m ? m.text.slice(0, LEAFLET_LIMITS.mechanicsTextMaxLength) : null,
      text: text.slice(0, LEAFLET_LIMITS.productNameMaxLength),
      box,
      // an old price read under a strike line is wrong about as often as right (the bench's `strike`
      // row): the user checks it with Fix rather than saving it in one click
      confidence:
        (oldPrice !== null && c.old?.struck) || conditional.has(c) || taxFigure(c.main, tokens) === 'doubt' || vatPair.has(c.main)
          ? Math.min(confidenceOf(c.main), CANDIDATE_ACCEPT_CONFIDENCE - 0.05)
          : confidenceOf(c.main),
      rect: c.main,
    });
  }
  // reading order: rows of main prices (tops within one price height), then left to right
  out.sort((a, b) => a.rect.y0 - b.rect.y0);
  const rows: (typeof out)[] = [];
  for (const c of out) {
    const row = rows[rows.length - 1];
    if (row && c.rect.y0 - row[0].rect.y0 < h(row[0].rect)) row.push(c);
    else rows.push([c]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.rect.x0 - b.rect.x0)).map(({ rect: _r, ...c }) => c);
}
