/**
 * The OCR worker's lifecycle: a page that takes too long fails with `ocr_timeout` and the next page
 * works (a fresh worker); after shutdownOcr() every call fails with `ocr_unavailable` and no worker is
 * started; preprocessing refuses pictures with more pixels than its limit. (Own file: the shutdown is
 * for the life of the module.)
 */
import sharp from 'sharp';
import { renderLeafletPage } from '../../src/ocr/leaflet-page';
import { prepareImage, recognisePrices, shutdownOcr } from '../../src/ocr';

afterAll(() => shutdownOcr());

describe('OCR lifecycle', () => {
  it('fails a page that takes longer than its timeout with ocr_timeout; the next page is read', async () => {
    const page = await renderLeafletPage({ seed: 4, columns: 2, rows: 1, width: 800 });
    await expect(recognisePrices(page.png, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'ocr_timeout' });
    const next = await recognisePrices(page.png);
    expect(next.candidates.map((c) => c.price).sort()).toEqual(page.items.map((i) => i.price).sort());
    // A timeout during the OCR itself (the worker is up): the same, and the queue goes on.
    await expect(recognisePrices(page.png, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'ocr_timeout' });
    expect((await recognisePrices(page.png)).candidates.length).toBe(page.items.length);
  }, 300_000);

  it('limits the pixels sharp decodes for OCR', async () => {
    const small = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(prepareImage(small, 100 * 99)).rejects.toMatchObject({ code: 'image_too_large' });
    expect((await prepareImage(small, 100 * 100)).width).toBe(100);
  });

  it('after shutdownOcr() refuses every call with ocr_unavailable, also those queued and in flight', async () => {
    const page = await renderLeafletPage({ seed: 5, columns: 1, rows: 1, width: 600 });
    const inFlight = recognisePrices(page.png);
    const queued = recognisePrices(page.png);
    await new Promise((r) => setTimeout(r, 50));
    await shutdownOcr();
    await expect(inFlight).rejects.toMatchObject({ code: 'ocr_unavailable' });
    await expect(queued).rejects.toMatchObject({ code: 'ocr_unavailable' });
    await expect(recognisePrices(page.png)).rejects.toMatchObject({ code: 'ocr_unavailable' });
    await shutdownOcr(); // again: harmless
  }, 300_000);
});
