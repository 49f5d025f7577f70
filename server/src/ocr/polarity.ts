/**
 * Light text on dark boxes → dark text on light (pure, on a raw 1-channel picture).
 *
 * Leaflets print prices, badges and headers white on red or blue. Tesseract binarises the page
 * globally, so such a box becomes a black blob with holes and its text is mostly lost (measured in
 * docs/leaflets-recognition.md: 3 of 16 white-on-blue prices read). Here the picture is split at
 * DARK (grey < 150) into dark components (8-connected) and light components (4-connected). A dark
 * component that encloses at least three light components of some size — a line of letters — is a box
 * with light text: its pixels turn white and the light components it encloses are inverted (255 − v),
 * so the text is dark on plain white, as tesseract reads best. It must fill at least 45 % of its bounding box
 * (a word struck through by a line also encloses holes and pockets, but is sparse). Letters' own holes never count: no glyph has three holes
 * ("8", "B", "%" have two). Light components larger than half the box (a white panel on a dark band)
 * keep their colour. Thin frames (tile and price-box outlines) are removed: their sides are read as
 * "1" or "|" next to the prices.
 */

export const DARK = 150;

/** Least share of its bounding box a box with light text fills with ink. */
const BOX_MIN_FILL = 0.45;

/** Union-find over labels. */
function makeSets(n: number) {
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const join = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  return { find, join };
}

/** Connected components of pixels where `on(i)`; returns a label per pixel (−1 off) and the count. */
export function label(width: number, height: number, on: Uint8Array, eight: boolean): { labels: Int32Array; count: number } {
  const labels = new Int32Array(width * height).fill(-1);
  const sets = makeSets(Math.ceil((width * height) / 2) + 2);
  let next = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (!on[i]) continue;
      const left = x > 0 ? labels[i - 1] : -1;
      const up = y > 0 ? labels[i - width] : -1;
      const ul = eight && x > 0 && y > 0 ? labels[i - width - 1] : -1;
      const ur = eight && x < width - 1 && y > 0 ? labels[i - width + 1] : -1;
      let l = left;
      if (up >= 0) {
        if (l < 0) l = up;
        else if (up !== l) sets.join(l, up);
      }
      if (ul >= 0) {
        if (l < 0) l = ul;
        else if (ul !== l) sets.join(l, ul);
      }
      if (ur >= 0) {
        if (l < 0) l = ur;
        else if (ur !== l) sets.join(l, ur);
      }
      if (l < 0) {
        l = next++;
        if (next >= (width * height) / 2) return { labels: labels.fill(-1), count: 0 }; // pathological noise: leave as is
      }
      labels[i] = l;
    }
  }
  // flatten to compact labels
  const compact = new Int32Array(next).fill(-1);
  let count = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] < 0) continue;
    const r = sets.find(labels[i]);
    if (compact[r] < 0) compact[r] = count++;
    labels[i] = compact[r];
  }
  return { labels, count };
}

/** Whether three of these light components stand on one line: one level with two others (each overlapping it by half the smaller height). */
function onALine(ls: number[], ly0: Int32Array, ly1: Int32Array): boolean {
  const level = (a: number, b: number) =>
    Math.min(ly1[a]!, ly1[b]!) - Math.max(ly0[a]!, ly0[b]!) + 1 >= 0.5 * Math.min(ly1[a]! - ly0[a]! + 1, ly1[b]! - ly0[b]! + 1);
  return ls.length > 40 || ls.some((a) => ls.filter((b) => b !== a && level(a, b)).length >= 2);
}

/** Returns a copy of `grey` (width × height, 1 byte a pixel) with light-on-dark text made dark-on-light. */
export function darkTextOnLight(grey: Uint8Array, width: number, height: number): Uint8Array {
  const n = width * height;
  const dark = new Uint8Array(n);
  const light = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (grey[i] < DARK) dark[i] = 1;
    else light[i] = 1;
  }
  const D = label(width, height, dark, true);
  const L = label(width, height, light, false);
  if (D.count === 0 || L.count === 0) return Uint8Array.from(grey);

  const darkArea = new Int32Array(D.count);
  // the light component right above a dark component's topmost pixel: the one enclosing it (−1 border)
  const darkEnclosing = new Int32Array(D.count).fill(-2);
  const bx0 = new Int32Array(D.count).fill(width);
  const by0 = new Int32Array(D.count).fill(height);
  const bx1 = new Int32Array(D.count);
  const by1 = new Int32Array(D.count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = D.labels[y * width + x];
      if (d < 0) continue;
      darkArea[d]++;
      if (darkEnclosing[d] === -2) darkEnclosing[d] = y === 0 || x === 0 || x === width - 1 ? -1 : L.labels[y * width + x - width];
      if (x < bx0[d]) bx0[d] = x;
      if (x > bx1[d]) bx1[d] = x;
      if (y < by0[d]) by0[d] = y;
      if (y > by1[d]) by1[d] = y;
    }
  }
  // frames: thin outlines of tiles and price boxes (under 6 % of their box, both sides over 30 px);
  // tesseract reads a frame's side next to a price as a digit ("|16.99" → 116.99), so they go
  const frame = new Uint8Array(D.count);
  let frames = false;
  for (let d = 0; d < D.count; d++) {
    const w = bx1[d] - bx0[d] + 1;
    const hh = by1[d] - by0[d] + 1;
    if (w > 30 && hh > 30 && darkArea[d] < 0.06 * w * hh) frame[d] = 1;
    if (frame[d]) frames = true;
  }
  const lightArea = new Int32Array(L.count);
  const enclosing = new Int32Array(L.count).fill(-2); // −2 unseen, −1 touches the border
  const lx0 = new Int32Array(L.count).fill(width);
  const ly0 = new Int32Array(L.count).fill(height);
  const lx1 = new Int32Array(L.count);
  const ly1 = new Int32Array(L.count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = L.labels[i];
      if (l < 0) continue;
      lightArea[l]++;
      if (x < lx0[l]) lx0[l] = x;
      if (x > lx1[l]) lx1[l] = x;
      if (y < ly0[l]) ly0[l] = y;
      if (y > ly1[l]) ly1[l] = y;
      const border = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (border) enclosing[l] = -1;
      else if (enclosing[l] === -2) enclosing[l] = D.labels[i - width]; // first (topmost) pixel: the pixel above is the enclosing dark component
    }
  }
  // boxes: dark components enclosing ≥ 3 light components of at least 12 px and 0.2 % of the box
  const letters = new Int32Array(D.count);
  // (any letter-sized one for the line below: a price's "zł" is under 0.2 % of a big tile)
  const anyLetters = new Map<number, number[]>();
  for (let l = 0; l < L.count; l++) {
    const d = enclosing[l];
    if (d < 0 || lightArea[l] < 12 || lightArea[l] > 0.5 * darkArea[d]) continue;
    if (lightArea[l] >= 0.002 * darkArea[d]) letters[d]++;
    const list = anyLetters.get(d) ?? [];
    if (list.length <= 40) anyLetters.set(d, [...list, l]);
  }
  // three of them on one line: one letter level with two others (each overlapping it by half the smaller
  // height). Two touching digits enclose three holes too — a raised "99" kerned into one component: two
  // bowls side by side and the pocket between them lower down — and were inverted into white digits
  // (Biedronka's 12⁹⁹, 5⁹⁹, 29⁹⁹ read as whole units only)
  const aLine = (ls: number[]) => onALine(ls, ly0, ly1);
  let any = false;
  const box = new Uint8Array(D.count);
  for (let d = 0; d < D.count; d++) {
    // a box is mostly ink (price boxes and bursts measured 0.56–0.92 of their bounding box); a word
    // struck through by a line also encloses holes and pockets, but is sparse (0.30–0.39): inverting it
    // made its digits unreadable, so it is left for the strike-line removal (regions.ts)
    const fill = darkArea[d] / ((bx1[d] - bx0[d] + 1) * (by1[d] - by0[d] + 1));
    if (letters[d] >= 3 && fill >= BOX_MIN_FILL && aLine(anyLetters.get(d) ?? [])) {
      box[d] = 1;
      any = true;
    }
  }
  // panels: light components holding three or more dark glyph-sized components — a yellow price panel with
  // red digits, a white label with "przed 18,99" — printed on a dark photo that is judged a box. No
  // letter encloses three (8, B, % enclose two): they keep their colours, their text stays dark
  // (inverted, Goodwill's turned 17.90 and its "bez karty 19.90" became white digits on black)
  // — and one of them with a hole of its own (a 9, 0, a, e): a white "80" whose digits touch encloses three
  // counters too, but counters are solid (taken for a panel, Spar's raised "80" was left white on white)
  const holed = new Uint8Array(D.count);
  for (let l = 0; l < L.count; l++) if (enclosing[l] >= 0 && lightArea[l] >= 4) holed[enclosing[l]] = 1;
  const held = new Int32Array(L.count);
  const heldHoled = new Uint8Array(L.count);
  for (let d = 0; d < D.count; d++) {
    if (darkEnclosing[d] < 0 || darkArea[d] < 12) continue;
    held[darkEnclosing[d]]++;
    if (holed[d]) heldHoled[darkEnclosing[d]] = 1;
  }
  const panel = (l: number) => held[l]! >= 3 && heldHoled[l] === 1;
  const local = localBoxes(D.labels, width, height, { enclosing, darkEnclosing, lightArea, darkArea, box, lx0, ly0, lx1, ly1, panel });
  if (!any && !frames && !local.length) return Uint8Array.from(grey);
  // a letter's counters (the bowls of 9, 0, 4, 6, 8) are dark components inside an inverted letter:
  // left grey they filled the dark letter, and the superscript "99" of a white-on-red price was read as
  // nothing (the blind corpus: Kaufland, Albert, Tesco); they become paper like the box
  const inverted = (l: number) => l >= 0 && enclosing[l] >= 0 && box[enclosing[l]] === 1 && lightArea[l] <= 0.5 * darkArea[enclosing[l]] && !panel(l);
  const counter = new Uint8Array(D.count);
  for (let d = 0; d < D.count; d++) if (!box[d] && inverted(darkEnclosing[d]) && darkArea[d] < 2 * lightArea[darkEnclosing[d]]) counter[d] = 1;
  const out = Uint8Array.from(grey);
  for (let i = 0; i < n; i++) {
    const d = D.labels[i];
    if (d >= 0) {
      if (box[d] || frame[d] || counter[d]) out[i] = 255; // the box itself becomes plain white paper; frames go
      continue;
    }
    const l = L.labels[i];
    const e = enclosing[l];
    if (e >= 0 && box[e] && lightArea[l] <= 0.5 * darkArea[e] && !panel(l)) out[i] = 255 - grey[i];
  }
  for (const b of local) {
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = b.x0; x <= b.x1; x++) {
        const i = y * width + x;
        const d = D.labels[i];
        if (d === b.d) out[i] = 255;
        else if (d >= 0 && b.counters.has(d)) out[i] = 255;
        else if (d < 0 && b.letters.has(L.labels[i])) out[i] = 255 - grey[i];
      }
  }
  return out;
}

type LocalBox = { d: number; x0: number; y0: number; x1: number; y1: number; letters: Set<number>; counters: Set<number> };

/**
 * Price boxes on a photo: a white-on-red price box printed over a dark gradient "photo" is one dark
 * component with the photo, which fills too little of its bounding box to be a box (the blind corpus:
 * Albert's 129,- and 14,90, Kaufland's left column). Where a dark component that is no box encloses a
 * line of at least three letter-sized light components, the area right around that line (a quarter of
 * its height out) is judged alone: filled with the component's ink at least BOX_MIN_FILL, it is a box
 * there — only that area turns white and its letters dark. (A struck word's pockets fill 30–39 % there
 * too, so struck words stay as they are.)
 */
function localBoxes(
  dLabels: Int32Array,
  width: number,
  height: number,
  c: {
    enclosing: Int32Array;
    darkEnclosing: Int32Array;
    lightArea: Int32Array;
    darkArea: Int32Array;
    box: Uint8Array;
    lx0: Int32Array;
    ly0: Int32Array;
    lx1: Int32Array;
    ly1: Int32Array;
    panel: (l: number) => boolean;
  },
): LocalBox[] {
  // letter-sized light components inside dark components that are no box, by component
  const byDark = new Map<number, number[]>();
  for (let l = 0; l < c.enclosing.length; l++) {
    const d = c.enclosing[l]!;
    if (d < 0 || c.box[d]) continue;
    const lw = c.lx1[l]! - c.lx0[l]! + 1;
    const lh = c.ly1[l]! - c.ly0[l]! + 1;
    if (c.lightArea[l]! < 12 || lh < 6 || lh > 0.2 * height || lw > 3 * lh || c.lightArea[l]! > 0.5 * c.darkArea[d]! || c.panel(l)) continue;
    byDark.set(d, [...(byDark.get(d) ?? []), l]);
  }
  const out: LocalBox[] = [];
  for (const [d, ls] of byDark) {
    if (ls.length < 3) continue;
    // lines: letters whose boxes, widened by 0.8 of a letter height, touch
    ls.sort((a, b) => c.lx0[a]! - c.lx0[b]!);
    const groups: number[][] = [];
    for (const l of ls) {
      const lh = c.ly1[l]! - c.ly0[l]! + 1;
      const g = groups.find((g) =>
        g.some((o) => {
          const oh = c.ly1[o]! - c.ly0[o]! + 1;
          const m = 0.8 * Math.max(lh, oh);
          return c.lx0[l]! <= c.lx1[o]! + m && c.lx1[l]! + m >= c.lx0[o]! && c.ly0[l]! <= c.ly1[o]! + m && c.ly1[l]! + m >= c.ly0[o]!;
        }),
      );
      if (g) g.push(l);
      else groups.push([l]);
    }
    for (const g of groups) {
      // (a touching "99": two bowls and the pocket under them are no line)
      if (g.length < 3 || !onALine(g, c.ly0, c.ly1)) continue;
      let x0 = width;
      let y0 = height;
      let x1 = 0;
      let y1 = 0;
      for (const l of g) {
        x0 = Math.min(x0, c.lx0[l]!);
        y0 = Math.min(y0, c.ly0[l]!);
        x1 = Math.max(x1, c.lx1[l]!);
        y1 = Math.max(y1, c.ly1[l]!);
      }
      const m = Math.round(0.25 * (y1 - y0 + 1));
      x0 = Math.max(0, x0 - m);
      y0 = Math.max(0, y0 - m);
      x1 = Math.min(width - 1, x1 + m);
      y1 = Math.min(height - 1, y1 + m);
      let ink = 0;
      const counters = new Set<number>();
      const letters = new Set(g);
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const i = y * width + x;
          const dd = dLabels[i]!;
          if (dd === d) ink++;
          // a letter's counter (the bowl of a 9): a dark component enclosed by one of the letters
          else if (dd >= 0 && letters.has(c.darkEnclosing[dd]!)) counters.add(dd);
        }
      if (ink < BOX_MIN_FILL * (x1 - x0 + 1) * (y1 - y0 + 1)) continue;
      out.push({ d, x0, y0, x1, y1, letters, counters });
    }
  }
  return out;
}
