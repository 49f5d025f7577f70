/**
 * ATK6's attack (session 32) on this session's leaflet rules (src/ocr/candidates.ts, price-tokens.ts): a VAT
 * label over or under an amount (1e268c9), numbers that are no price (7977c45: a litre read as 1, sizes under
 * a big-digit region), the single price under a price for several (736296a). Word-level cases (OCR's words
 * as a page gives them, like candidates.test.ts) and one drawn picture read once by real OCR (like
 * leaflet-tiles.test.ts). Each expects what a
 * careful human reads; what the engine gets wrong now is `it.failing`: WRONG (a wrong price offered), LOST
 * (a real price or old price not offered).
 */
import sharp from 'sharp';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { buildCandidates, type OcrWord } from '../../src/ocr/candidates';
import { ocrLanguagesFor, recognisePrices, shutdownOcr } from '../../src/ocr';
import { bigDigitRegion } from '../helpers/ocr-regions';

afterAll(() => shutdownOcr());

let line = 0;
/** Words of one line: [text, x] pairs at height `h` and top `y`, confidence 95. */
function row(y: number, h: number, ...parts: [string, number][]): OcrWord[] {
  line++;
  return parts.map(([text, x]) => ({ text, conf: 95, x0: x, y0: y, x1: x + Math.round(text.length * h * 0.6), y1: y + h, line }));
}
/** A big-digit region's reading. */
const region = bigDigitRegion;
const pairs = (words: OcrWord[], regions: ReturnType<typeof region>[] = []) => buildCandidates(words, { regions }).map((c) => [c.price, c.oldPrice]);

/** 1e268c9's tile: 32⁴⁹ big (its region), the old 44,99 zł small beside it, a line `under` right under the old price. */
const withOld = (...under: [string, number][]) => {
  const big = { big: { x0: 20, y0: 180, x1: 88, y1: 290 }, glyphH: 110, centsText: '49', centsConf: 95 };
  const words = [...row(100, 30, ['Kawa', 20], ['mielona', 120]), ...row(180, 110, ['32', 20]), ...row(227, 25, ['44,99', 100], ['zł', 200])];
  return pairs(under.length ? [...words, ...row(262, 16, ...under)] : words, [region(20, 180, '32', 2, big)]);
};

describe('word-level: guards (read right now)', () => {
  it('the old price beside the big one, with a word under it that names no VAT ("masa")', () => {
    expect(withOld()).toEqual([[32.49, 44.99]]);
    expect(withOld(['masa', 100])).toEqual([[32.49, 44.99]]);
  });

  it('a price ending in 1 with its currency is read ("4,71 zł")', () => {
    expect(pairs([...row(100, 30, ['Ogórki', 20]), ...row(180, 110, ['4,71', 20], ['zł', 200])]).map((p) => p[0])).toContain(4.71);
  });

  it('a pack\'s per-piece unit price ("Jajka M 10 szt." … "cena za 1 szt. 0,90 zł") is no candidate, in pl, ua, cz', () => {
    const regions = [region(20, 280, '8,99', 3, { big: { x0: 20, y0: 280, x1: 200, y1: 390 }, glyphH: 110 })];
    const eggs = (name: [string, number][], unit: [string, number][]) => [...row(200, 18, ...name), ...row(280, 110, ['8,99', 20]), ...row(416, 19, ...unit)];
    for (const words of [
      eggs(
        [
          ['Jajka', 20],
          ['M', 90],
          ['10', 120],
          ['szt.', 160],
        ],
        [
          ['cena', 20],
          ['za', 80],
          ['1', 110],
          ['szt.', 130],
          ['0,90', 180],
          ['zł', 240],
        ],
      ),
      eggs(
        [
          ['Яйця', 20],
          ['С1', 90],
          ['10', 130],
          ['шт.', 170],
        ],
        [
          ['ціна', 20],
          ['за', 80],
          ['1', 110],
          ['шт.', 130],
          ['0,90', 180],
          ['грн', 240],
        ],
      ),
      eggs(
        [
          ['Vejce', 20],
          ['M', 90],
          ['10', 120],
          ['ks', 160],
        ],
        [
          ['cena', 20],
          ['za', 80],
          ['1', 110],
          ['ks', 130],
          ['0,90', 180],
          ['Kč', 240],
        ],
      ),
    ])
      expect(pairs(words, regions).map((p) => p[0])).toEqual([8.99]);
  });
});

describe('word-level: WRONG (a wrong price offered)', () => {
  // Not this session's (the same at c55d731): a small line of words right under the old price beside a raised-cents
  // big price ('masa 500 g', 'tylko w Billa', 'netto 500 g') — the big price 32.49 vanishes and the old 44.99 is the
  // only candidate (at 0.73, under one click). A human: 32.49, was 44.99. ('masa' alone or 'z VAT' there: read right.)
  it.failing.each([
    [
      'masa 500 g',
      [
        ['masa', 100],
        ['500', 160],
        ['g', 200],
      ],
    ],
    [
      'netto 500 g',
      [
        ['netto', 100],
        ['500', 160],
        ['g', 200],
      ],
    ],
    [
      'tylko w Billa',
      [
        ['tylko', 100],
        ['w', 160],
        ['Billa', 180],
      ],
    ],
    [
      'tylko w Netto',
      [
        ['tylko', 100],
        ['w', 160],
        ['Netto', 180],
      ],
    ],
  ] as [string, [string, number][]][])('WRONG "%s" under the old price: 44.99 offered alone, 32.49 lost', (_, under) => {
    expect(withOld(...under)).toEqual([[32.49, 44.99]]);
  });

  it('WRONG "cena za 1 szt. 2,50 zł" with "przy zakupie 2 szt." under it: offered (0.73) as a plain price, its condition dropped', () => {
    // under "Cena za 2 szt." 5,00: 2,50 a piece holds only when buying two — a careful human records no single
    // price from this tile (or 2,50 with its condition); the engine offers 2.50 with no mechanics
    const words = [
      ...row(200, 18, ['Jogurt', 20], ['pitny', 110]),
      ...row(240, 18, ['Cena', 20], ['za', 80], ['2', 110], ['szt.', 130]),
      ...row(280, 110, ['5,00', 20]),
      ...row(416, 19, ['cena', 20], ['za', 80], ['1', 110], ['szt.', 130], ['2,50', 180], ['zł', 240]),
      ...row(440, 19, ['przy', 20], ['zakupie', 70], ['2', 160], ['szt.', 180]),
    ];
    const c = buildCandidates(words, { regions: [region(20, 280, '5,00', 3, { big: { x0: 20, y0: 280, x1: 200, y1: 390 }, glyphH: 110 })] });
    expect(c.filter((x) => x.price === 2.5 && !x.mechanicsText)).toEqual([]);
  });
});

describe('word-level: WRONG one click (after ac66f87)', () => {
  it('WRONG Slovak "pri kúpe 2 ks" over the big price: 4.90 taken at one click (Czech "při koupi 2" is conditional)', () => {
    // Tesco/Kaufland SK: the big price holds when buying two; a careful human never takes it without a person
    const words = [
      ...row(200, 18, ['Jogurt', 20], ['pitný', 110]),
      ...row(240, 18, ['pri', 20], ['kúpe', 60], ['2', 140], ['ks', 160]),
      ...row(280, 110, ['4,90', 20]),
      ...row(416, 19, ['cena', 20], ['za', 80], ['1', 110], ['ks', 130], ['2,99', 180], ['€', 260]),
    ];
    const c = buildCandidates(words, { regions: [region(20, 280, '4,90', 3, { big: { x0: 20, y0: 280, x1: 200, y1: 390 }, glyphH: 110 })] });
    expect(c.filter((x) => x.price === 4.9 && x.confidence >= CANDIDATE_ACCEPT_CONFIDENCE)).toEqual([]);
  });
});

describe('word-level: LOST after ac66f87', () => {
  it.failing.each(['masa netto 500 g', 'Nett. Gew.'])('LOST the old price 39.99 (a 23 %% discount: a VAT rate) with "%s" under it', (label) => {
    // ac66f87 reads 'netto' by an amount as VAT only when the two differ by a VAT rate (5-23 %); a discount of
    // 23 % (39,99 -> 32,49) is one: the old price is dropped again ('36,99' with the same line is read)
    const big = { big: { x0: 20, y0: 180, x1: 88, y1: 290 }, glyphH: 110, centsText: '49', centsConf: 95 };
    const under = label.split(' ').map((t, k) => [t, 100 + k * 60] as [string, number]);
    const words = [
      ...row(100, 30, ['Kawa', 20], ['mielona', 120]),
      ...row(180, 110, ['32', 20]),
      ...row(227, 25, ['39,99', 100], ['zł', 200]),
      ...row(262, 16, ...under),
    ];
    expect(pairs(words, [region(20, 180, '32', 2, big)])).toEqual([[32.49, 39.99]]);
  });
});

describe('word-level: LOST', () => {
  // 1e268c9 (a VAT word over or under an amount): 'netto' is also the net weight ('masa netto 500 g', 'Nett. Gew.')
  // and a shop's name (Netto's logo): the old price beside the big one is read as a VAT figure and dropped
  it.each([
    ['masa netto 500 g', row(262, 16, ['masa', 100], ['netto', 150], ['500', 220], ['g', 260])],
    ['Nett. Gew.', row(262, 16, ['Nett.', 100], ['Gew.', 160])],
    ['Netto (logo over it)', row(200, 20, ['Netto', 100])],
  ] as [string, OcrWord[]][])('LOST the old price 44.99 when "%s" is printed by it (at c55d731: read)', (_, label) => {
    const big = { big: { x0: 20, y0: 180, x1: 88, y1: 290 }, glyphH: 110, centsText: '49', centsConf: 95 };
    const words = [...row(100, 30, ['Kawa', 20], ['mielona', 120]), ...row(180, 110, ['32', 20]), ...row(227, 25, ['44,99', 100], ['zł', 200]), ...label];
    expect(pairs(words, [region(20, 180, '32', 2, big)])).toEqual([[32.49, 44.99]]);
  });

  it.each(['2,21', '4,71', '1,31'])('LOST a big price ending in 1 printed without its currency ("%s"), also read by its region', (price) => {
    // 7977c45 drops "d,d1" without currency as "d,5 l" read with its l as 1; this tile prints no size at all
    const words = [...row(100, 30, ['Ogórki', 20], ['gruntowe', 140]), ...row(180, 110, [price, 20])];
    expect(pairs(words, [region(20, 180, price, 3, { big: { x0: 20, y0: 180, x1: 200, y1: 290 }, glyphH: 110 })]).map((p) => p[0])).toContain(
      Number(price.replace(',', '.')),
    );
  });
});

describe('drawn tiles, real OCR (one picture, read once)', () => {
  /** These check what is read, not how fast: under load a page passed the 60 s default. */
  const LOADED_MS = 600_000;
  const FONT = 'DejaVu Sans Condensed, DejaVu Sans, sans-serif';
  const TILE_W = 300;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = (x: number, y: number, size: number, t: string, fill = '#111111', bold = true) =>
    `<text x="${x}" y="${y}" font-family="${FONT}"${bold ? ' font-weight="bold"' : ''} font-size="${size}" fill="${fill}">${esc(t)}</text>`;
  const oldOver = (label: string) => (x: number, y: number) =>
    text(x + 28, y + 160, 24, '44,99 zł', '#555555', false) +
    text(x + 28, y + 184, 18, label, '#555555', false) +
    text(x + 24, y + 270, 70, '32,49') +
    text(x + 230, y + 270, 26, 'zł');
  const raisedOld = (under: string) => (x: number, y: number) =>
    text(x + 24, y + 280, 110, '32') +
    text(x + 160, y + 215, 50, '49') +
    text(x + 160, y + 250, 22, '44,99 zł', '#555555', false) +
    text(x + 160, y + 278, 16, under, '#555555', false);
  const tiles: { name: string; draw: (x: number, y: number) => string }[] = [
    // 0: a price ending in 1 in a yellow box, no currency printed (7977c45 takes it for '4,7 l')
    {
      name: 'Ogórki gruntowe',
      draw: (x, y) => `<rect x="${x + 30}" y="${y + 150}" width="230" height="96" rx="8" fill="#ffd400"/>` + text(x + 50, y + 222, 68, '4,71'),
    },
    // 1: the old price over the big one, the pack's net weight under it (1e268c9 reads 'netto' as VAT)
    { name: 'Kawa mielona', draw: oldOver('masa netto 500 g') },
    // 2: the same without 'netto' (control)
    { name: 'Kawa ziarnista', draw: oldOver('masa 500 g') },
    // 3: a price for two, the price of one under it — only when buying two (736296a)
    {
      name: 'Jogurt pitny',
      draw: (x, y) =>
        text(x + 24, y + 170, 22, 'Cena za 2 szt.') +
        text(x + 24, y + 250, 70, '5,00') +
        text(x + 190, y + 250, 26, 'zł') +
        text(x + 24, y + 300, 20, 'cena za 1 szt. 2,50 zł', '#333333', false) +
        text(x + 24, y + 326, 20, 'przy zakupie 2 szt.', '#333333', false),
    },
    // 4: raised cents with '1kg' glued under them, inside the price's circle (7977c45's sizes under a region)
    {
      name: 'Schab b/k',
      draw: (x, y) =>
        `<circle cx="${x + 150}" cy="${y + 240}" r="100" fill="#ffd400"/>` +
        text(x + 80, y + 262, 70, '13') +
        text(x + 162, y + 222, 32, '99') +
        text(x + 164, y + 256, 18, '1kg', '#111111', false),
    },
    // 5, 6: 32⁴⁹ with a small 44,99 zł beside its cents and a line under that ('tylko w Billa', 'masa 500 g'):
    // not this session's (the word-level WRONG above), real OCR offers nothing at all on either tile
    { name: 'Kawa ziarnista', draw: raisedOld('tylko w Billa') },
    { name: 'Kawa rozpuszczalna', draw: raisedOld('masa 500 g') },
  ];
  const tileOf = (c: { box: { x: number; w: number } }) => Math.floor((c.box.x + c.box.w / 2 - 20) / TILE_W);
  let read: { tile: number; price: number; oldPrice: number | null; confidence: number; mechanicsText: string | null }[] = [];

  beforeAll(async () => {
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_W * tiles.length + 40}" height="520"><rect width="100%" height="100%" fill="#ffffff"/>`,
      text(20, 50, 22, 'Oferta ważna od czwartku, do wyczerpania zapasów', '#222222', false),
    ];
    tiles.forEach((t, k) => {
      const x = 20 + k * TILE_W;
      parts.push(`<rect x="${x + 6}" y="80" width="${TILE_W - 12}" height="420" fill="#f4f4f4" stroke="#dddddd"/>`);
      parts.push(text(x + 20, 120, 22, t.name, '#222222'));
      parts.push(t.draw(x, 80));
    });
    parts.push('</svg>');
    const png = await sharp(Buffer.from(parts.join('')))
      .png()
      .toBuffer();
    const { candidates } = await recognisePrices(png, { languages: ocrLanguagesFor('pl'), timeoutMs: LOADED_MS });
    read = candidates.map((c) => ({ tile: tileOf(c), price: c.price, oldPrice: c.oldPrice, confidence: c.confidence, mechanicsText: c.mechanicsText }));
  }, LOADED_MS);
  const inTile = (k: number) => read.filter((c) => c.tile === k).map((c) => [c.price, c.oldPrice]);

  it('guards: the old price over the big one with "masa 500 g" under it; 13⁹⁹ with "1kg" under its cents', () => {
    expect(inTile(2)).toEqual([[32.49, 44.99]]);
    expect(inTile(4)).toEqual([[13.99, null]]);
  });

  it('LOST "4,71" in a yellow box without currency (no candidate at all)', () => {
    expect(inTile(0)).toEqual([[4.71, null]]);
  });

  it('LOST the old price 44.99 when "masa netto 500 g" is printed under it (32.49 offered without it)', () => {
    expect(inTile(1)).toEqual([[32.49, 44.99]]);
  });

  it.failing.each([5, 6])('LOST 32.49 on tile %i: a line under the small amount beside its raised cents (no candidate at all)', (k) => {
    expect(read.filter((c) => c.tile === k).map((c) => c.price)).toContain(32.49);
  });

  it('WRONG 2.50 offered (0.74, no condition) from "cena za 1 szt. 2,50 zł / przy zakupie 2 szt."', () => {
    expect(read.filter((c) => c.tile === 3 && c.price === 2.5 && !c.mechanicsText)).toEqual([]);
  });
});
