import { darkTextOnLight } from '../../src/ocr/polarity';

/** A 60 × 20 picture: white paper, a dark box (x 5–55) holding three white bars (letters). */
function picture(letters: number): Uint8Array {
  const w = 60;
  const px = new Uint8Array(w * 20).fill(250);
  for (let y = 3; y < 17; y++) for (let x = 5; x < 55; x++) px[y * w + x] = 60;
  for (let k = 0; k < letters; k++) for (let y = 6; y < 14; y++) for (let x = 10 + k * 14; x < 14 + k * 14; x++) px[y * w + x] = 255;
  return px;
}

describe('darkTextOnLight', () => {
  it('turns a dark box with light letters into dark letters on white', () => {
    const out = darkTextOnLight(picture(3), 60, 20);
    expect(out[4 * 60 + 6]).toBe(255); // the box is white now
    expect(out[8 * 60 + 11]).toBe(0); // a letter is black
    expect(out[0]).toBe(250); // the paper is untouched
  });

  it('leaves dark shapes with fewer than three holes alone (an "8")', () => {
    const px = picture(2);
    expect(Array.from(darkTextOnLight(px, 60, 20))).toEqual(Array.from(px));
  });

  it("turns a letter's counter (the bowl of a 0 or 9) into paper, not a grey fill of the dark letter", () => {
    // three light rings 6 px wide with a 2 × 4 hole of the box's colour: the "0"s of a white-on-red "900"
    const px = picture(0);
    for (let k = 0; k < 3; k++)
      for (let y = 6; y < 14; y++)
        for (let x = 10 + k * 14; x < 16 + k * 14; x++) {
          const hole = y >= 8 && y < 12 && x >= 12 + k * 14 && x < 14 + k * 14;
          px[y * 60 + x] = hole ? 60 : 255;
        }
    const out = darkTextOnLight(px, 60, 20);
    expect(out[6 * 60 + 10]).toBe(0); // the ring is black
    expect(out[9 * 60 + 12]).toBe(255); // its hole is white, as on paper
    expect(out[9 * 60 + 12 + 14]).toBe(255);
  });

  it('a price box merged with a dark "photo" turns dark-on-light around its letters only; the photo stays', () => {
    // 120 × 60: a dark band and column (the photo's dark gradient) joined to a dark box (x 60–110,
    // y 35–55) holding three white letters — one dark component filling 29 % of its bounding box
    const w = 120;
    const px = new Uint8Array(w * 60).fill(250);
    const dark = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px[y * w + x] = 60;
    };
    dark(0, 0, 110, 5);
    dark(0, 0, 5, 55);
    dark(60, 5, 65, 35);
    dark(60, 35, 110, 55);
    for (let k = 0; k < 3; k++) for (let y = 41; y < 49; y++) for (let x = 68 + k * 9; x < 72 + k * 9; x++) px[y * w + x] = 255;
    const out = darkTextOnLight(px, w, 60);
    expect(out[44 * w + 69]).toBe(0); // a letter is black
    expect(out[44 * w + 66]).toBe(255); // the box around it is paper
    expect(out[2 * w + 50]).toBe(60); // the photo is untouched
    expect(out[30 * w + 2]).toBe(60);
  });

  it('two touching digits (a raised "99" kerned into one component) are no box: two bowls and the pocket under them are no line of letters', () => {
    // 26 × 22 of ink (Biedronka's "⁹⁹" measured 25 × 22, fill 0.66): bowls 5 × 7 side by side at the top,
    // the pocket between the first 9's tail and the second 9 below them
    const w = 40;
    const px = new Uint8Array(w * 30).fill(250);
    for (let y = 4; y < 26; y++) for (let x = 7; x < 33; x++) px[y * w + x] = 40;
    const hole = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px[y * w + x] = 250;
    };
    hole(11, 8, 16, 15);
    hole(23, 8, 28, 15);
    hole(19, 16, 28, 22);
    expect(Array.from(darkTextOnLight(px, w, 30))).toEqual(Array.from(px));
  });

  it('a light panel with dark text inside a box (a yellow price panel on a dark photo) keeps its colours', () => {
    // a dark box holding three white letters and a light panel with three dark "digits" in it
    const w = 120;
    const px = new Uint8Array(w * 40).fill(250);
    for (let y = 2; y < 38; y++) for (let x = 2; x < 118; x++) px[y * w + x] = 60;
    for (let k = 0; k < 3; k++) for (let y = 8; y < 16; y++) for (let x = 8 + k * 8; x < 12 + k * 8; x++) px[y * w + x] = 255;
    for (let y = 6; y < 34; y++) for (let x = 50; x < 112; x++) px[y * w + x] = 220;
    for (let k = 0; k < 3; k++) for (let y = 10; y < 30; y++) for (let x = 56 + k * 18; x < 66 + k * 18; x++) px[y * w + x] = 70;
    // the last digit a "0": a hole of its own (a white letter's counters are solid: a touching "80" holds three)
    const solid = Uint8Array.from(px);
    for (let y = 14; y < 26; y++) for (let x = 95; x < 99; x++) px[y * w + x] = 220;
    const out = darkTextOnLight(px, w, 40);
    expect(out[10 * w + 9]).toBe(0); // a letter of the box is black
    expect(out[20 * w + 52]).toBe(220); // the panel keeps its colour
    expect(out[20 * w + 60]).toBe(70); // and its digits stay dark
    // three solid dark blobs in a light shape are a white letter's counters: it is inverted as before
    expect(darkTextOnLight(solid, w, 40)[20 * w + 52]).not.toBe(220);
  });

  it('a struck-through word stays as it is (its pockets fill too little around them)', () => {
    // three thin "letters" (outlines 1 px) on a line through their middle: pockets above and below
    const w = 80;
    const px = new Uint8Array(w * 30).fill(250);
    const dark = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px[y * w + x] = 60;
    };
    for (let k = 0; k < 3; k++) {
      const x = 10 + k * 20;
      dark(x, 5, x + 14, 6);
      dark(x, 24, x + 14, 25);
      dark(x, 5, x + 1, 25);
      dark(x + 13, 5, x + 14, 25);
    }
    dark(8, 14, 66, 16);
    expect(Array.from(darkTextOnLight(px, w, 30))).toEqual(Array.from(px));
  });
});
