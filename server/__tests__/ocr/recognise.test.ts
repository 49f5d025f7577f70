/**
 * Real OCR (tesseract.js with the packaged English data) on small generated pages with known prices.
 */
import sharp from 'sharp';
import { renderLeafletPage } from '../../src/ocr/leaflet-page';
import { recognisePrices, shutdownOcr } from '../../src/ocr';

afterAll(async () => {
  await shutdownOcr();
  await shutdownOcr(); // idempotent
});

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));

describe('recognisePrices', () => {
  it('finds the prices, old prices and names of a 2 × 2 page, with progress', async () => {
    const page = await renderLeafletPage({ seed: 4, columns: 2, rows: 2, width: 900 });
    const progress: number[] = [];
    const result = await recognisePrices(page.png, { onProgress: (p) => progress.push(p) });
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).toBe(true);
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.text).toMatch(/Weekly offers/);
    for (const item of page.items) {
      const c = result.candidates.find((x) => x.price === item.price);
      expect(c).toBeDefined();
      expect(c!.oldPrice).toBe(item.oldPrice);
      // the box is in the item's tile
      expect(c!.box.x).toBeGreaterThanOrEqual(item.box.x - 5);
      expect(c!.box.x + c!.box.w).toBeLessThanOrEqual(item.box.x + item.box.w + 5);
      // most words of the name are read
      const got = new Set(words(c!.text));
      expect(words(item.name).filter((w) => got.has(w)).length).toBeGreaterThanOrEqual(Math.ceil(words(item.name).length / 2));
      expect(c!.confidence).toBeGreaterThanOrEqual(0);
      expect(c!.confidence).toBeLessThanOrEqual(100);
    }
    expect(result.candidates).toHaveLength(page.items.length);
  });

  it('reads white prices on dark boxes of a JPEG, one call after the other', async () => {
    // seed 8: white prices on red boxes (leafletPageStyle), saved as a JPEG
    const page = await renderLeafletPage({ seed: 8, columns: 2, rows: 1, width: 800 });
    const jpeg = await sharp(page.png).jpeg({ quality: 80 }).toBuffer();
    const [a, b] = await Promise.all([recognisePrices(jpeg), recognisePrices(jpeg)]);
    expect(a.candidates.map((c) => c.price).sort()).toEqual(page.items.map((i) => i.price).sort());
    expect(b.candidates.map((c) => c.price)).toEqual(a.candidates.map((c) => c.price));
  });

  it('fails with image_unreadable for bytes that are no picture', async () => {
    await expect(recognisePrices(Buffer.from('not a picture'))).rejects.toMatchObject({ code: 'image_unreadable' });
  });
});
