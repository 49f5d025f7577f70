/**
 * Drawn tiles of the classes the blind corpus missed or could get wrong (real OCR; one picture per class):
 * - raised cents whose two digits touch (a bold "⁹⁹" kerned into one component — Biedronka, Auchan, Dino):
 *   tesseract read them as nothing, "929" or "199", and a touching "99" was taken for a white-on-dark box
 *   (three holes) and inverted into white digits;
 * - shelf prices with and without VAT (Metro/Makro): the leaflet's big price is the price; the other one,
 *   labelled netto/brutto, z VAT/bez VAT, s DPH/bez DPH, is neither a second one-click candidate nor the
 *   big price's old price;
 * - numbers that are no price near or inside a price box — pack sizes and quantities ("1,5 l", "500 g",
 *   "2×100 g", "6 × 0,5 l", "0.75 L", "10 ks"), percentages, dates, page and phone numbers, EAN codes,
 *   per-kilo lines: none is offered at all, at any confidence (an outside check saw "1.5 l" offered).
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

  /** Text at (x, y) in the tiles' face, bold unless said. */
  const text = (x: number, y: number, size: number, t: string, fill = '#111111', bold = true) =>
    `<text x="${x}" y="${y}" font-family="${FONT}"${bold ? ' font-weight="bold"' : ''} font-size="${size}" fill="${fill}">${esc(t)}</text>`;
  /** A price box 230 px wide at `top` in the tile: the price in 68 px bold, its currency, and `inside` under it. */
  const priceBox =
    (price: string, cur: string, o: { top?: number; bg?: string; fg?: string; inside?: string; insideSize?: number } = {}) =>
    (x: number, y: number) => {
      const bx = x + 30;
      const by = y + (o.top ?? 230);
      const fg = o.fg ?? '#111111';
      return (
        `<rect x="${bx}" y="${by}" width="230" height="${o.inside ? 130 : 96}" rx="8" fill="${o.bg ?? '#ffd400'}"/>` +
        text(bx + 14, by + 72, 68, price, fg) +
        text(bx + 24 + price.length * 40, by + 72, 22, cur, fg) +
        (o.inside ? text(bx + 16, by + 116, o.insideSize ?? 30, o.inside, fg) : '')
      );
    };
  const RED = { bg: '#d50000', fg: '#ffffff' };

  /** Every candidate is its tile's price (any confidence), and each tile's price is found. */
  async function onlyPrices(country: string, tiles: (Tile & { price: number })[]) {
    const { candidates } = await recognisePrices(await picture(tiles), { languages: ocrLanguagesFor(country), timeoutMs: LOADED_MS });
    const wrong = candidates.filter((c) => c.price !== tiles[tileOf(c)]?.price).map((c) => `${c.price} at ${c.confidence} in ${tiles[tileOf(c)]?.name ?? '-'}`);
    expect(wrong).toEqual([]);
    expect(tiles.filter((t, k) => !candidates.some((c) => c.price === t.price && tileOf(c) === k)).map((t) => t.name)).toEqual([]);
  }

  it('pack sizes printed big beside the price ("0,5 l", "0.75 L", "1,5 l", "1.5 L") are never offered, at any confidence', async () => {
    // at 1e268c9: "0,5 l" offered as 0.51 (0.73: its l read as 1, printed 0.82 × the price's height), "0.75 L" as
    // 0.75 (0.6: the big-digit region took the L for a digit), "1,5 l" as 1.51 (0.73), "1.5 L" in a box as 1.51 (0.6)
    await onlyPrices('pl', [
      {
        name: 'Piwo jasne',
        price: 3.49,
        draw: (x, y) =>
          text(x + 24, y + 170, 56, '0,5 l') + text(x + 24, y + 240, 44, '6 × 0,5 l') + text(x + 24, y + 340, 68, '3,49') + text(x + 180, y + 340, 22, 'zł'),
      },
      {
        name: 'Wino',
        price: 19.99,
        draw: (x, y) => text(x + 24, y + 180, 60, '0.75 L') + priceBox('19,99', 'zł', { top: 250, bg: '#1565c0', fg: '#ffffff' })(x, y),
      },
      {
        name: 'Pomidory',
        price: 5.99,
        draw: (x, y) => text(x + 24, y + 170, 60, '1 kg') + priceBox('5,99', 'zł')(x, y) + text(x + 30, y + 390, 20, 'str. 3', '#333333', false),
      },
      {
        name: 'Ryż',
        price: 7.99,
        draw: (x, y) => text(x + 24, y + 170, 40, '4×100 g') + text(x + 24, y + 220, 40, '-35 %', '#d50000') + priceBox('7,99', 'zł', { top: 250 })(x, y),
      },
    ]);
    await onlyPrices('cz', [
      {
        name: 'Limonáda',
        price: 19.9,
        draw: (x, y) => text(x + 24, y + 180, 64, '1,5 l') + text(x + 24, y + 320, 72, '19,90') + text(x + 230, y + 320, 22, 'Kč'),
      },
      {
        name: 'Vejce',
        price: 49.9,
        draw: (x, y) => text(x + 24, y + 180, 64, '10 ks') + text(x + 24, y + 320, 72, '49,90') + text(x + 230, y + 320, 22, 'Kč'),
      },
      {
        name: 'Mléko',
        price: 24.9,
        draw: (x, y) =>
          `<rect x="${x + 30}" y="${y + 150}" width="230" height="200" rx="8" fill="#ffd400"/>` +
          text(x + 44, y + 210, 48, '1.5 L') +
          text(x + 44, y + 300, 68, '24,90') +
          text(x + 44, y + 335, 18, 'Platí 28.11.–04.12.', '#111111', false),
      },
    ]);
  }, 600_000);

  it('sizes, percentages, dates, page and phone numbers, EAN codes and per-kilo lines in and around price boxes are never offered', async () => {
    await onlyPrices('pl', [
      {
        name: 'Woda mineralna',
        price: 1.99,
        draw: (x, y) => text(x + 24, y + 110, 30, '6 × 1,5 l') + priceBox('1,99', 'zł', { ...RED, inside: '1,5 l' })(x, y),
      },
      {
        name: 'Ser gouda',
        price: 7.49,
        draw: (x, y) =>
          text(x + 24, y + 130, 48, '500 g') +
          `<circle cx="${x + 230}" cy="${y + 170}" r="42" fill="#d50000"/>` +
          text(x + 196, y + 182, 30, '-25%', '#ffffff') +
          priceBox('7,49', 'zł')(x, y),
      },
      {
        name: 'Jogurt',
        price: 3.29,
        draw: (x, y) => text(x + 24, y + 120, 34, '2×100 g') + priceBox('3,29', 'zł')(x, y) + text(x + 30, y + 360, 18, '1 kg = 16,45 zł', '#333333', false),
      },
      {
        name: 'Sok',
        price: 4.99,
        draw: (x, y) => priceBox('4,99', 'zł', { inside: '1.5 l', insideSize: 44 })(x, y) + text(x + 30, y + 400, 16, 'EAN 5901234123457', '#333333', false),
      },
    ]);
    await onlyPrices('pl', [
      { name: 'Mąka pszenna', price: 3.49, draw: (x, y) => priceBox('3,49', 'zł', { inside: '1 kg', insideSize: 44 })(x, y) },
      {
        name: 'Kawa mielona',
        price: 29.98,
        draw: (x, y) =>
          `<circle cx="${x + 230}" cy="${y + 170}" r="42" fill="#d50000"/>` +
          text(x + 196, y + 182, 30, '-20%', '#ffffff') +
          priceBox('29,98', 'zł')(x, y) +
          text(x + 30, y + 360, 20, 'cena za 1 kg: 59,96 zł', '#333333', false),
      },
      {
        name: 'Oferta',
        price: 12.99,
        draw: (x, y) =>
          text(x + 24, y + 130, 26, '01.12.–07.12.') +
          priceBox('12,99', 'zł')(x, y) +
          text(x + 30, y + 370, 20, 'tel. 801 234 567', '#333333', false) +
          text(x + 250, y + 405, 28, '12'),
      },
      { name: 'Coca-Cola', price: 9.99, draw: (x, y) => text(x + 24, y + 130, 40, '2 × 1,5 l') + priceBox('9,99', 'zł', RED)(x, y) },
    ]);
  }, 600_000);
});
