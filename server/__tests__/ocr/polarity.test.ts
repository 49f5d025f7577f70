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
});
