/**
 * Layout of a prepared page picture without OCR (pure, on a raw 1-channel picture; rules and
 * measurements in server/docs/leaflets-recognition.md):
 *  - struck-through text: a thin straight line through a word joins its glyphs into one wide component;
 *    the line is found (a small Hough over thin vertical runs) and erased where it does not cross a
 *    glyph's stroke, so OCR reads the digits; the word's box is answered as struck (an old price);
 *  - price regions: runs of glyphs much taller than the page's text (a leaflet prints prices big),
 *    with their slant (rotated badges) and the small raised digits right of them (superscript cents).
 *    Tesseract's page layout skips many of these (superscript cents, bursts, rotated badges); each
 *    region is read again on its own (index.ts).
 */
import { DARK, label } from './polarity';

export type Rect = { x0: number; y0: number; x1: number; y1: number };
type Comp = Rect & { area: number; cx: number; cy: number };

const h = (r: Rect) => r.y1 - r.y0;
const w = (r: Rect) => r.x1 - r.x0;

/** Dark 8-connected components with their boxes (x1/y1 exclusive), area and centre. */
export function components(grey: Uint8Array, width: number, height: number): Comp[] {
  const n = width * height;
  const dark = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (grey[i]! < DARK) dark[i] = 1;
  const { labels, count } = label(width, height, dark, true);
  const out: Comp[] = Array.from({ length: count }, () => ({ x0: width, y0: height, x1: 0, y1: 0, area: 0, cx: 0, cy: 0 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = labels[y * width + x]!;
      if (l < 0) continue;
      const c = out[l]!;
      c.area++;
      c.cx += x;
      c.cy += y;
      if (x < c.x0) c.x0 = x;
      if (x + 1 > c.x1) c.x1 = x + 1;
      if (y < c.y0) c.y0 = y;
      if (y + 1 > c.y1) c.y1 = y + 1;
    }
  }
  for (const c of out) {
    c.cx /= c.area;
    c.cy /= c.area;
  }
  return out;
}

/** The page's usual glyph height: the median of text-like components (a letter of names and labels). */
export function textHeight(comps: Comp[], height: number): number {
  const hs = comps
    .filter((c) => h(c) >= 6 && h(c) < height * 0.05 && w(c) < 3 * h(c) && c.area >= 12)
    .map(h)
    .sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)]! : 16;
}

/** A glyph-like component: not a filled shape, not a line, not a speck (bold digits often touch: up to 3 glyphs wide). */
const glyphLike = (c: Comp) => {
  const fill = c.area / Math.max(1, w(c) * h(c));
  return w(c) >= 0.12 * h(c) && w(c) <= 2.6 * h(c) && fill >= 0.12 && fill <= 0.9;
};
/** How many glyphs a component holds (touching bold digits are one component). */
const glyphCount = (c: Comp) => Math.max(1, Math.round(w(c) / (0.66 * h(c))));

export type PriceRegion = {
  /** The big digits (and what sits between them: separators, thousands), in picture pixels. */
  big: Rect;
  /** Slant of the run in degrees (clockwise positive, as in the picture's y-down axes). */
  angle: number;
  /** Small raised digits right of the run (superscript cents), if any. */
  cents: Rect | null;
  /**
   * Columns where touching cents digits are cut apart before reading (a "99" kerned into one component):
   * tesseract's LSTM reads two touching equal digits as one or three ("", "9", "929", "199").
   */
  centsCuts?: number[];
  /** Height of the big glyphs. */
  glyphH: number;
  /** How many big glyphs (digits, when it is a price). */
  glyphs: number;
  /** A dash right of the run at mid-height, no cents: a whole price printed "29,-" / "99,–". */
  dash?: boolean;
  /** Per glyph of the run, left to right: its top rows are a bar across it (a 7 or a 5, never a 1). */
  topBars?: boolean[];
};

/**
 * Runs of big glyphs: components at least BIG_FACTOR × the page's text height, side by side with gaps
 * under one glyph height and similar heights; each with its slant (least squares over the glyphs'
 * centres) and the superscript cents right of it (1–3 glyphs 0.3–0.7 × as tall, their tops near the
 * run's top).
 */
export const BIG_FACTOR = 1.9;

export function findPriceRegions(grey: Uint8Array, width: number, height: number): PriceRegion[] {
  const comps = components(grey, width, height);
  const th = textHeight(comps, height);
  const tall = comps.filter((c) => h(c) >= BIG_FACTOR * th && h(c) <= 0.25 * height && glyphLike(c));
  // a price box's frame or a photo merged with it encloses the price's digits: an outline, no glyph
  // (read as a two-glyph "price" of its own, and a dash right of it made it one)
  const encloses = (c: Comp) => tall.some((d) => d !== c && d.cx > c.x0 && d.cx < c.x1 && d.cy > c.y0 && d.cy < c.y1 && h(d) < 0.8 * h(c));
  const big = tall.filter((c) => !encloses(c)).sort((a, b) => a.x0 - b.x0);
  const used = new Set<Comp>();
  const regions: PriceRegion[] = [];
  for (const seed of big) {
    if (used.has(seed)) continue;
    const run = [seed];
    used.add(seed);
    let last = seed;
    for (;;) {
      const lh = h(last);
      const next = big.find(
        (c) =>
          !used.has(c) && c.x0 >= last.x1 - 0.2 * lh && c.x0 - last.x1 < 0.9 * lh && Math.abs(h(c) - lh) < 0.3 * lh && Math.abs(c.cy - last.cy) < 0.45 * lh,
      );
      if (!next) break;
      run.push(next);
      used.add(next);
      last = next;
    }
    const box = run.reduce<Rect>((a, c) => ({ x0: Math.min(a.x0, c.x0), y0: Math.min(a.y0, c.y0), x1: Math.max(a.x1, c.x1), y1: Math.max(a.y1, c.y1) }), {
      ...run[0]!,
    });
    const gh = run.map(h).sort((a, b) => a - b)[Math.floor(run.length / 2)]!;
    let angle = 0;
    if (run.length >= 2) {
      // over the glyphs' box middles, not their ink: a "7" is top-heavy and a "1" is not, so the ink
      // centres of an upright "17" sloped by 17° and the crop turned by it was misread ("17⁹⁰" as "17⁰⁰")
      const mid = (c: Comp) => (c.y0 + c.y1) / 2;
      const mx = run.reduce((s, c) => s + c.cx, 0) / run.length;
      const my = run.reduce((s, c) => s + mid(c), 0) / run.length;
      let sxy = 0;
      let sxx = 0;
      for (const c of run) {
        sxy += (c.cx - mx) * (mid(c) - my);
        sxx += (c.cx - mx) ** 2;
      }
      if (sxx > 0) angle = (Math.atan(sxy / sxx) * 180) / Math.PI;
      if (Math.abs(angle) > 25) angle = 0;
    }
    // superscript cents: small glyphs just right of the run, their tops at the run's top (along the slant)
    const slope = Math.tan((angle * Math.PI) / 180);
    const topAt = (x: number) => box.y0 + (angle > 0 ? (x - box.x0) * slope : (x - box.x1) * slope);
    const small = comps.filter(
      (c) =>
        !used.has(c) &&
        glyphLike(c) &&
        h(c) >= 0.28 * gh &&
        h(c) <= 0.72 * gh &&
        // (a turned price's raised cents reach back over its last digit's box: Żabka's −8° "4⁹⁹", "5⁴⁹"
        // started 10 px inside their lone digit's box, 0.15 × its height allowed)
        c.x0 >= last.x1 - 0.25 * gh &&
        c.x0 - last.x1 < 0.9 * gh &&
        Math.abs(c.y0 - topAt(c.x0)) < 0.3 * gh,
    );
    let cents: Rect | null = null;
    let centsCuts: number[] = [];
    if (small.length >= 1 && small.length <= 4) {
      cents = small.reduce<Rect>((a, c) => ({ x0: Math.min(a.x0, c.x0), y0: Math.min(a.y0, c.y0), x1: Math.max(a.x1, c.x1), y1: Math.max(a.y1, c.y1) }), {
        ...small[0]!,
      });
      centsCuts = small.flatMap((c) => touchingCuts(grey, width, c));
    }
    regions.push({
      big: box,
      angle,
      cents,
      ...(centsCuts.length ? { centsCuts } : {}),
      glyphH: gh,
      glyphs: run.reduce((n, c) => n + glyphCount(c), 0),
      ...(cents ? {} : dashAfter(comps, box, last, gh, topAt)),
      topBars: run.map((c) => topBar(grey, width, c)),
    });
  }
  return regions;
}

/**
 * Where one small component holding two or three touching digits (glyphCount) is cut into them: for each
 * boundary, the column with the least ink within a third of a glyph's width of where it would be.
 */
function touchingCuts(grey: Uint8Array, width: number, c: Comp): number[] {
  const n = glyphCount(c);
  if (n < 2 || n > 3) return [];
  const gw = w(c) / n;
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const at = c.x0 + k * gw;
    let best = Infinity;
    let bx = Math.round(at);
    for (let x = Math.round(at - gw / 3); x <= Math.round(at + gw / 3); x++) {
      let ink = 0;
      for (let y = c.y0; y < c.y1; y++) ink += 255 - grey[y * width + x]!;
      if (ink < best) [best, bx] = [ink, x];
    }
    cuts.push(bx);
  }
  return cuts;
}

/**
 * Whether a glyph's top rows (its top 12 %) hold a bar across at least 75 % of its width: a 7 or a 5.
 * Tesseract reads a condensed 7 as 1 ("72⁹⁰" as 12.90 by the page and the region alike, "79⁹⁰" as 19);
 * a 1's top is its stem and flag, well under that.
 */
function topBar(grey: Uint8Array, width: number, c: Comp): boolean {
  const rows = Math.max(1, Math.round(0.12 * h(c)));
  let most = 0;
  for (let y = c.y0; y < c.y0 + rows; y++) {
    let n = 0;
    for (let x = c.x0; x < c.x1; x++) if (grey[y * width + x]! < DARK) n++;
    most = Math.max(most, n);
  }
  return most >= 0.75 * w(c);
}

/**
 * "29,-": a flat bar (at least 1.5 × as wide as tall, at most a quarter of the digits' height, a quarter to
 * one glyph wide) right of the run — only a comma or dot between — with its middle at 30–80 % of the
 * digits' height. Tesseract reads the digits and drops the dash, and a whole number alone is never
 * offered (its cents may be unread), so the dash is what makes "29" a price.
 */
function dashAfter(comps: Comp[], box: Rect, last: Comp, gh: number, topAt: (x: number) => number): { dash?: true } {
  const right = comps
    .filter((c) => c.x0 >= last.x1 - 0.1 * gh && c.x0 - last.x1 < 1.1 * gh && c.y1 > box.y0 && c.y0 < box.y1 && c.area >= 4)
    .sort((a, b) => a.x0 - b.x0);
  for (const c of right) {
    const mid = (c.y0 + c.y1) / 2 - topAt(c.x0);
    const flat = w(c) >= 1.5 * h(c) && h(c) <= 0.25 * gh && w(c) >= 0.25 * gh && w(c) <= 1.1 * gh;
    // A bar with ink over it (within the digits' height) is a rule under raised cents ('12⁹⁹' underlined,
    // Biedronka/Lidl; Netto's '12 99' over '/zł'), not the dash of '29,-' (ATK2's attack pages). Ink under it
    // may be the currency of a real '29,-'.
    const stacked = comps.some(
      (o) => o !== c && o.area >= 4 && h(o) >= 0.15 * gh && o.x0 < c.x1 && o.x1 > c.x0 && o.y1 <= c.y0 + 2 && o.y1 > topAt(o.x0) - 0.2 * gh,
    );
    if (flat && mid >= 0.3 * gh && mid <= 0.8 * gh && !stacked) return { dash: true };
    // a comma or a dot: small, in the lower half; anything else ends the search
    if (h(c) <= 0.45 * gh && c.y0 - topAt(c.x0) >= 0.45 * gh) continue;
    break;
  }
  return {};
}

/** Thickest vertical run (in pixels) still taken as part of a strike line, relative to the text height. */
const STRIKE_THICKNESS = 0.22;

/**
 * Erases strike lines: components at least 3.5 × as wide as tall and of text height (the glyphs of a
 * word joined by a line through them). The line is the slope/offset that most thin vertical runs lie
 * on; its pixels are erased except where a glyph's stroke crosses it (a longer vertical run). Returns
 * the cleaned picture and the boxes of the struck words.
 */
export function removeStrikes(grey: Uint8Array, width: number, height: number): { grey: Uint8Array; strikes: Rect[] } {
  const comps = components(grey, width, height);
  const th = textHeight(comps, height);
  const out = Uint8Array.from(grey);
  const strikes: Rect[] = [];
  const dark = (x: number, y: number) => out[y * width + x]! < DARK;
  for (const c of comps) {
    if (w(c) < 3.5 * h(c) || h(c) < 0.6 * th || h(c) > 3 * th || w(c) < 30) continue;
    if (c.area > 0.6 * w(c) * h(c)) continue; // a filled bar, not a struck word
    const maxT = Math.max(2, Math.round(STRIKE_THICKNESS * h(c)) + 1);
    // thin runs: (x, middle y) of vertical dark runs no thicker than maxT
    const pts: [number, number][] = [];
    for (let x = c.x0; x < c.x1; x++) {
      let y = c.y0;
      while (y < c.y1) {
        if (!dark(x, y)) {
          y++;
          continue;
        }
        let e = y;
        while (e < c.y1 && dark(x, e)) e++;
        if (e - y <= maxT) pts.push([x, (y + e - 1) / 2]);
        y = e;
      }
    }
    if (pts.length < 0.5 * w(c)) continue;
    // Hough over slopes: the line that most thin runs lie on (within a pixel)
    let best = { n: 0, slope: 0, off: 0 };
    for (let s = -0.3; s <= 0.3001; s += 0.01) {
      const bins = new Map<number, number>();
      for (const [x, y] of pts) {
        const b = Math.round(y - s * (x - c.x0));
        bins.set(b, (bins.get(b) ?? 0) + 1);
      }
      for (const [b, n] of bins) {
        const m = n + (bins.get(b - 1) ?? 0) * 0.5 + (bins.get(b + 1) ?? 0) * 0.5;
        if (m > best.n) best = { n: m, slope: s, off: b };
      }
    }
    // a line spans most of the word
    if (best.n < 0.55 * w(c)) continue;
    for (let x = c.x0; x < c.x1; x++) {
      const yl = best.off + best.slope * (x - c.x0);
      const y0 = Math.max(c.y0, Math.floor(yl - maxT));
      const y1 = Math.min(c.y1 - 1, Math.ceil(yl + maxT));
      // the run through the line at this column: erased when thin (line only), kept when a stroke crosses
      let y = Math.round(yl);
      if (y < c.y0 || y >= c.y1) continue;
      if (!dark(x, y)) {
        // the line may sit a pixel off the fit
        if (y > y0 && dark(x, y - 1)) y--;
        else if (y < y1 && dark(x, y + 1)) y++;
        else continue;
      }
      let a = y;
      let b = y;
      while (a > c.y0 && dark(x, a - 1)) a--;
      while (b < c.y1 - 1 && dark(x, b + 1)) b++;
      if (b - a + 1 <= maxT) for (let k = a; k <= b; k++) out[k * width + x] = 255;
    }
    strikes.push({ x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 });
  }
  return { grey: out, strikes };
}
