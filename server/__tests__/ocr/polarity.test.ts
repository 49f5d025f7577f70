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
});
