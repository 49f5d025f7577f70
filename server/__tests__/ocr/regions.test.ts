import { findPriceRegions } from '../../src/ocr/regions';

/**
 * A 400 × 400 white picture with small text (the page's usual height), two big "digits" (rings, 60 px
 * tall) and whatever `draw` adds.
 */
function picture(draw: (set: (x0: number, y0: number, x1: number, y1: number) => void) => void): { grey: Uint8Array; w: number; h: number } {
  const w = 400;
  const h = 400;
  const grey = new Uint8Array(w * h).fill(255);
  const set = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * w + x] = 0;
  };
  // text-height marks: 12 px letters along the bottom
  for (let k = 0; k < 30; k++) set(10 + k * 12, 380, 16 + k * 12, 392);
  // two ring "digits" 34 × 60 at x 100 and 140, y 40
  for (const x of [100, 140]) {
    set(x, 40, x + 34, 46);
    set(x, 94, x + 34, 100);
    set(x, 40, x + 6, 100);
    set(x + 28, 40, x + 34, 100);
  }
  draw(set);
  return { grey, w, h };
}

describe('findPriceRegions', () => {
  it('finds the dash of "29,-" right of the digits, past the comma, at mid-height', () => {
    const p = picture((set) => {
      set(178, 92, 184, 104); // the comma, low
      set(190, 66, 210, 75); // the dash: 20 × 9, its middle at 48 % of the digits
    });
    const [r] = findPriceRegions(p.grey, p.w, p.h);
    expect(r).toMatchObject({ glyphs: 2, cents: null, dash: true });
  });

  it('a bar at the baseline or a tall mark right of the digits is no dash', () => {
    const low = findPriceRegions(picture((set) => set(190, 94, 210, 100)).grey, 400, 400);
    expect(low[0]!.dash).toBeUndefined();
    const tall = findPriceRegions(picture((set) => set(190, 50, 196, 100)).grey, 400, 400);
    expect(tall.every((r) => !r.dash)).toBe(true);
  });

  it('raised cents of two touching digits are cut apart where they touch (read as one blob: "", "929")', () => {
    const p = picture((set) => {
      // two 12 × 22 rings at the digits' top, 2 px apart, joined by a 2 px bridge at mid-height
      for (const x of [180, 194]) {
        set(x, 40, x + 12, 43);
        set(x, 59, x + 12, 62);
        set(x, 40, x + 3, 62);
        set(x + 9, 40, x + 12, 62);
      }
      set(192, 50, 194, 52);
    });
    const [r] = findPriceRegions(p.grey, p.w, p.h);
    expect(r!.cents).toEqual({ x0: 180, y0: 40, x1: 206, y1: 62 });
    expect(r!.centsCuts).toHaveLength(1);
    expect(r!.centsCuts![0]).toBeGreaterThanOrEqual(192);
    expect(r!.centsCuts![0]).toBeLessThanOrEqual(193);
  });

  it('a frame around the digits is no glyph (it was read as a two-glyph price of its own)', () => {
    const p = picture((set) => {
      set(80, 20, 260, 24);
      set(80, 116, 260, 120);
      set(80, 20, 84, 120);
      set(256, 20, 260, 120);
    });
    const regions = findPriceRegions(p.grey, p.w, p.h);
    expect(regions.map((r) => [r.big.x0, r.glyphs])).toEqual([[100, 2]]);
  });

  it("a turned lone digit's raised cents that start inside its box are its cents (Żabka's −8° 4⁹⁹ and 5⁴⁹)", () => {
    const w = 300;
    const grey = new Uint8Array(w * 400).fill(255);
    const set = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * w + x] = 0;
    };
    for (let k = 0; k < 20; k++) set(10 + k * 12, 380, 16 + k * 12, 392);
    // a "7" 30 × 60: its bar across the top, its stem; the cents two 12 × 22 rings under the bar's end,
    // 12 px inside the digit's box (0.2 of its height: a turned price's cents reach back over it)
    set(100, 40, 130, 46);
    set(110, 40, 116, 100);
    for (const x of [118, 132]) {
      set(x, 48, x + 12, 51);
      set(x, 67, x + 12, 70);
      set(x, 48, x + 3, 70);
      set(x + 9, 48, x + 12, 70);
    }
    const [r] = findPriceRegions(grey, w, 400);
    expect(r).toMatchObject({ glyphs: 1, cents: { x0: 118, y0: 48, x1: 144, y1: 70 } });
  });
});
