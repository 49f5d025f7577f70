/**
 * Drawn tiles of the classes the blind corpus missed or could get wrong (real OCR; one picture per class):
 * - raised cents whose two digits touch (a bold "⁹⁹" kerned into one component — Biedronka, Auchan, Dino):
 *   tesseract read them as nothing, "929" or "199", and a touching "99" was taken for a white-on-dark box
 *   (three holes) and inverted into white digits;
 * - shelf prices with and without VAT (Metro/Makro): the leaflet's big price is the price; the other one,
 *   labelled netto/brutto, z VAT/bez VAT, s DPH/bez DPH, is neither a second one-click candidate nor the
 *   big price's old price.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { ocrLanguagesFor, recognisePrices, shutdownOcr } from '../../src/ocr';

afterAll(() => shutdownOcr());

/** These check what is read, not how fast: under load a page passed the 60 s default. */
const LOADED_MS = 600_000;
const FONT = 'DejaVu Sans Condensed, DejaVu Sans, sans-serif';
const TILE_W = 300;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

type Tile = { name: string; draw: (x: number, y: number) => string };
/** A row of 300 × 420 tiles with a header line, white paper; names in 22 px text (the page's text height). */
async function picture(tiles: Tile[]): Promise<Buffer> {
  const w = TILE_W * tiles.length + 40;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="520"><rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="20" y="50" font-family="${FONT}" font-size="22" fill="#222222">Oferta ważna od czwartku, do wyczerpania zapasów</text>`,
  ];
  tiles.forEach((t, k) => {
    const x = 20 + k * TILE_W;
    parts.push(`<rect x="${x + 6}" y="80" width="${TILE_W - 12}" height="420" fill="#f4f4f4" stroke="#dddddd"/>`);
    parts.push(`<text x="${x + 20}" y="120" font-family="${FONT}" font-weight="bold" font-size="22" fill="#222222">${esc(t.name)}</text>`);
    parts.push(`<text x="${x + 20}" y="150" font-family="${FONT}" font-size="20" fill="#444444">opak. 1 szt.</text>`);
    parts.push(t.draw(x, 80));
  });
  parts.push('</svg>');
  const png = await sharp(Buffer.from(parts.join('')))
    .png()
    .toBuffer();
  // to look at the tiles: LEAFLET_TILES_DUMP=/some/dir
  if (process.env.LEAFLET_TILES_DUMP) writeFileSync(path.join(process.env.LEAFLET_TILES_DUMP, `tiles-${tiles.length}-${tiles[0]!.name.length}.png`), png);
  return png;
}

/** Which tile a candidate's box centre is in. */
const tileOf = (c: { box: { x: number; w: number } }) => Math.floor((c.box.x + c.box.w / 2 - 20) / TILE_W);

/** "12⁹⁹ zł" in a yellow circle, the cents drawn with `spacing` (negative: the two digits touch). */
const raised = (whole: string, cents: string, spacing: number) => (x: number, y: number) => {
  const cx = x + 150;
  const cy = y + 270;
  // the corpus's sizes: Biedronka's 44 px digits with 22 px cents, Auchan's 28 with 14 (a 1240 px page)
  const big = 60;
  const small = 28;
  const wholeW = whole.length * big * 0.62;
  const x0 = cx - (wholeW + small) / 2;
  return [
    `<circle cx="${cx}" cy="${cy}" r="105" fill="#ffd400"/>`,
    `<text x="${x0}" y="${cy + big * 0.36}" font-family="${FONT}" font-weight="bold" font-size="${big}" fill="#111111">${whole}</text>`,
    `<text x="${x0 + wholeW + 4}" y="${cy + big * 0.36 - big * 0.73 + small * 0.73}" font-family="${FONT}" font-weight="bold" font-size="${small}" letter-spacing="${spacing}" fill="#111111">${cents}</text>`,
    `<text x="${x0 + wholeW + 8}" y="${cy + big * 0.36}" font-family="${FONT}" font-weight="bold" font-size="14" fill="#111111">zł</text>`,
  ].join('');
};

describe('drawn tiles of the missed classes', () => {
  it('raised cents whose two digits touch ("⁹⁹" kerned into one component) are read, no wrong one-click price', async () => {
    const prices = [3.99, 12.99, 29.99, 4.99];
    const png = await picture(
      prices.map((p, k) => ({
        name: ['Chleb wiejski', 'Kiełbasa śląska', 'Kapsułki do prania', 'Ziemniaki'][k]!,
        draw: raised(String(Math.trunc(p)), '99', -4),
      })),
    );
    const { candidates } = await recognisePrices(png, { languages: ocrLanguagesFor('pl'), timeoutMs: LOADED_MS });
    const found = prices.filter((p, k) => candidates.some((c) => c.price === p && tileOf(c) === k));
    const wrongOneClick = candidates.filter((c) => c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE && c.price !== prices[tileOf(c)]);
    expect(wrongOneClick.map((c) => c.price)).toEqual([]);
    // at a87897c: none of the four
    expect(found).toEqual(prices);
  }, 300_000);

  it('a shelf price with and without VAT: the big price is the candidate, the other neither a one-click candidate nor its old price', async () => {
    // Metro PL: big netto, small brutto under it; Makro CZ: big "s DPH", small "bez DPH"; a Ukrainian
    // cash-and-carry: big price, small "без ПДВ" line
    const big = (text: string, label: string) => (x: number, y: number) =>
      `<text x="${x + 24}" y="${y + 250}" font-family="${FONT}" font-weight="bold" font-size="70" fill="#0b3d91">${text}</text>` +
      `<text x="${x + 28}" y="${y + 290}" font-family="${FONT}" font-weight="bold" font-size="26" fill="#0b3d91">${esc(label)}</text>`;
    const small = (text: string) => (x: number, y: number) =>
      `<text x="${x + 28}" y="${y + 345}" font-family="${FONT}" font-size="26" fill="#333333">${esc(text)}</text>`;
    const tiles: (Tile & { price: number; other: number })[] = [
      { name: 'Olej rzepakowy 5 l', price: 41.99, other: 51.65, draw: (x, y) => big('41,99', 'zł netto')(x, y) + small('51,65 zł brutto')(x, y) },
      { name: 'Káva zrnková 1 kg', price: 329.9, other: 272.64, draw: (x, y) => big('329,90', 'Kč s DPH')(x, y) + small('bez DPH 272,64 Kč')(x, y) },
      { name: 'Cukier biały 1 kg', price: 4.49, other: 4.16, draw: (x, y) => big('4,49', 'zł z VAT')(x, y) + small('4,16 zł bez VAT')(x, y) },
    ];
    const png = await picture(tiles);
    const { candidates } = await recognisePrices(png, { languages: ocrLanguagesFor('pl'), timeoutMs: LOADED_MS });
    tiles.forEach((t, k) => {
      const mine = candidates.filter((c) => tileOf(c) === k);
      expect({ tile: t.name, prices: mine.filter((c) => c.price === t.price).map((c) => c.oldPrice) }).toEqual({ tile: t.name, prices: [null] });
      expect({
        tile: t.name,
        oneClickOthers: mine.filter((c) => c.price !== t.price && c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE).map((c) => c.price),
      }).toEqual({
        tile: t.name,
        oneClickOthers: [],
      });
    });
  }, 300_000);
});
