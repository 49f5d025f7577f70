import { buildCandidates, findPriceTokens, type OcrWord } from '../../src/ocr/candidates';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { bigDigitRegion } from '../helpers/ocr-regions';

let line = 0;
/** Words of one line: [text, x] pairs at height `h` and top `y`, confidence 95. */
function row(y: number, h: number, ...parts: [string, number][]): OcrWord[] {
  line++;
  return parts.map(([text, x]) => ({ text, conf: 95, x0: x, y0: y, x1: x + Math.round(text.length * h * 0.6), y1: y + h, line }));
}

/** Two tiles side by side, as a leaflet prints them. */
function twoTiles(): OcrWord[] {
  return [
    ...row(20, 30, ['Billa', 20], ['Weekly', 120], ['offers', 260]),
    ...row(70, 16, ['Valid', 20], ['01.09.', 80], ['-', 150], ['07.09.2026', 170]),
    ...row(120, 16, ['Milk', 20], ['2,5%', 70], ['1', 120], ['l', 135]),
    ...row(120, 16, ['Pilsner', 420], ['beer', 500], ['0,5', 550], ['l', 590]),
    ...row(160, 16, ['2+1', 700]),
    ...row(260, 14, ['was', 60], ['49,90', 100]),
    ...row(260, 14, ['17,99', 480]),
    ...row(290, 50, ['39,90', 60], ['Kč', 260]),
    ...row(290, 50, ['14,29', 480], ['Kč', 680]),
  ];
}

describe('findPriceTokens', () => {
  it('keeps prices and leaves sizes, percentages and dates out', () => {
    const values = findPriceTokens(twoTiles()).map((t) => t.value);
    expect(values.sort((a, b) => a - b)).toEqual([14.29, 17.99, 39.9, 49.9]);
  });

  it('joins thousands, split cents and superscript cents', () => {
    const words = [...row(10, 50, ['1', 10], ['299,00', 50]), ...row(200, 50, ['39', 10], [',90', 75]), ...row(400, 60, ['49', 10], ['90', 85])];
    words[words.length - 1] = { ...words[words.length - 1], y1: words[words.length - 1].y0 + 25 };
    expect(findPriceTokens(words).map((t) => t.value)).toEqual([1299, 39.9, 49.9]);
  });

  it('the blind corpus: a per-unit amount after its basis is out; a small "x" after a price (its "zł" misread) is no "×"', () => {
    const words = [
      ...row(100, 14, ['cena', 20], ['za', 60], ['1', 85], ['kg:', 100], ['249,00', 140]),
      ...row(100, 14, ['ціна', 420], ['3a', 470], ['1кг-', 500], ['105,43', 560], ['грн', 640]),
      ...row(200, 60, ['138,50', 20]),
      ...row(200, 60, ['6', 420], ['x', 460]),
    ];
    // the "x" of "138,50 zł" read small: a third of the price's height, right after it
    words.push({ text: 'x', conf: 58, x0: 260, y0: 230, x1: 280, y1: 250, line: words[words.length - 3]!.line });
    expect(findPriceTokens(words).map((t) => t.value)).toEqual([138.5]);
  });

  it('leaves unit prices out', () => {
    expect(findPriceTokens(row(10, 16, ['1', 10], ['kg', 25], ['=', 50], ['79,80', 70])).map((t) => t.value)).toEqual([]);
  });
});

describe('buildCandidates', () => {
  it('pairs each big price with its old price, name and mechanics', () => {
    const c = buildCandidates(twoTiles());
    expect(c).toHaveLength(2);
    expect(c[0]).toMatchObject({ price: 39.9, oldPrice: 49.9, discountPct: 20, mechanics: 'discount', mechanicsText: null, text: 'Milk 2,5% 1 l' });
    expect(c[1]).toMatchObject({ price: 14.29, oldPrice: 17.99, mechanics: 'multi_buy', mechanicsText: '2+1', text: 'Pilsner beer 0,5 l' });
    expect(c[0].key).not.toBe(c[1].key);
    // the box holds the name and the price, in picture pixels
    expect(c[0].box.x).toBeLessThanOrEqual(20);
    expect(c[0].box.y).toBeLessThanOrEqual(120);
    expect(c[0].box.y + c[0].box.h).toBeGreaterThanOrEqual(340);
  });

  it('answers only candidates the leaflet price form accepts as they are', async () => {
    const { leafletPriceInputSchema } = await import('@pricewatch/shared/contract');
    const longName = Array.from({ length: 60 }, (_, i) => ['Extra', 'long', 'product', 'name'][i % 4]!);
    const words = [
      ...row(100, 20, ...longName.map((w, i): [string, number] => [w, 10 + (i % 12) * 70])),
      ...row(200, 60, ['0,00', 10]),
      ...row(400, 14, ['was', 10], ['9,90', 60]),
      ...row(430, 60, ['12,90', 10]),
    ];
    const c = buildCandidates(words);
    // "0,00" is no price; an "old" price below the price is no old price.
    expect(c.map((x) => x.price)).toEqual([12.9]);
    expect(c[0]!.oldPrice).toBeNull();
    for (const x of c) {
      const parsed = leafletPriceInputSchema.safeParse({
        leafletId: 1,
        productName: x.text || 'x',
        price: x.price,
        oldPrice: x.oldPrice,
        discountPct: x.discountPct,
        mechanics: x.mechanics,
        mechanicsText: x.mechanicsText,
        box: x.box,
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('scales boxes back to the original picture and reads card prices', () => {
    const words = [...row(100, 20, ['Gouda', 10], ['cheese', 90]), ...row(140, 20, ['Card', 200], ['price', 260]), ...row(200, 60, ['27,90', 10])];
    const [c] = buildCandidates(words, { scale: 2, width: 400, height: 200 });
    expect(c).toMatchObject({ price: 27.9, oldPrice: null, mechanics: 'card', mechanicsText: 'Card price', text: 'Gouda cheese' });
    expect(c.box).toEqual({ x: 5, y: 50, w: expect.any(Number), h: 80 });
  });

  it('takes no old price that is lower than the price or far away', () => {
    const words = [...row(10, 14, ['9,90', 10]), ...row(40, 50, ['19,90', 10]), ...row(900, 14, ['99,90', 900])];
    const c = buildCandidates(words);
    expect(c.find((x) => x.price === 19.9)?.oldPrice).toBeNull();
  });

  it('answers nothing for a page without prices', () => {
    expect(buildCandidates(row(10, 20, ['Hello', 10], ['world', 100]))).toEqual([]);
  });
});

describe('issue 14: what a page prints beside its prices is never a one-click candidate', () => {
  const bigRegion = (x: number, y: number, text: string, centsText: string | null, glyphs: number, cents: boolean) => ({
    big: { x0: x, y0: y, x1: x + glyphs * 34, y1: y + 50 },
    cents: cents ? { x0: x + glyphs * 34 + 6, y0: y, x1: x + glyphs * 34 + 40, y1: y + 24 } : null,
    angle: 0,
    glyphH: 50,
    glyphs,
    text,
    conf: 95,
    centsText,
    centsConf: cents ? 94 : null,
  });

  it('drops "1.5 l" read as "1.51" and "0.33 l" in a name line, keeps the big price confirmed by its region', () => {
    const words = [
      ...row(100, 18, ['Galychyna', 20], ['Select', 150], ['Milk', 240], ['3.5%', 300], ['1.51', 360]),
      ...row(100, 18, ['Sandora', 520], ['Orange', 620], ['juice', 720], ['100%', 800], ['0.33', 870], ['l', 930]),
      ...row(300, 50, ['22,90', 60], ['грн', 240]),
    ];
    const c = buildCandidates(words, { regions: [bigRegion(60, 300, '22,90', null, 4, false)] });
    expect(c.map((x) => x.price)).toEqual([22.9]);
    expect(c[0]!.confidence).toBeGreaterThanOrEqual(CANDIDATE_ACCEPT_CONFIDENCE);
  });

  it('reads superscript cents from a region the page missed, and a struck-through number near it is the old price', () => {
    const words = [...row(100, 18, ['Кава', 20], ['мелена', 75], ['250', 150], ['г', 190]), ...row(230, 16, ['59,90', 60], ['грн', 140])];
    const struck = { x0: 58, y0: 228, x1: 180, y1: 246 };
    const [c] = buildCandidates(words, { regions: [bigRegion(60, 300, '41', '90', 2, true)], strikes: [struck] });
    expect(c).toMatchObject({ price: 41.9, oldPrice: 59.9, text: 'Кава мелена 250 г' });
    // an old price read under a strike line is checked with Fix (wrong about as often as right)
    expect(c!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
  });

  it('dates, quantities and sizes beside a price are no candidates; a page-only or date-like reading is under the threshold', () => {
    const words = [
      ...row(100, 18, ['Акція', 20], ['20.11', 100], ['–', 160], ['26.11', 180]),
      ...row(140, 18, ['x', 20], ['2', 40]),
      ...row(180, 27, ['0,95', 20], ['л', 90]),
      ...row(300, 50, ['41,90', 60]),
      ...row(500, 50, ['20.11', 60]),
    ];
    const c = buildCandidates(words, { regions: [] });
    expect(c.map((x) => x.price).sort()).toEqual([20.11, 41.9]);
    // no second reading: Fix only; a day-and-month spelling even lower
    expect(c.every((x) => x.confidence < CANDIDATE_ACCEPT_CONFIDENCE)).toBe(true);
    expect(c.find((x) => x.price === 20.11)!.confidence).toBeLessThanOrEqual(0.5);
  });

  it('a region that disagrees with the page, or a big size with its unit, is never one click', () => {
    const words = [...row(300, 50, ['27,90', 60]), ...row(300, 50, ['0,33', 500], ['л', 640])];
    const c = buildCandidates(words, { regions: [bigRegion(60, 300, '21,90', null, 4, false), bigRegion(500, 300, '0,33', null, 3, false)] });
    expect(c.map((x) => x.price)).toEqual([21.9]);
    expect(c[0]!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
  });
});

describe('issue 14 follow-up: the classes that still slipped through', () => {
  const region = (x: number, y: number, text: string, glyphs: number, extra: Record<string, unknown> = {}) => bigDigitRegion(x, y, text, glyphs, extra);

  it('a price tesseract answers twice (two lines, overlapping boxes) is one candidate, with its name', () => {
    // seen with kat+eng: "7.90" and "7.90»" over the same print, and "ფასი 9.90" twice
    const words = [
      ...row(100, 18, ['მზესუმზირის', 20], ['ზეთი', 145]),
      ...row(230, 16, ['ძველი', 20], ['ფასი', 90], ['9.90', 150]),
      ...row(232, 14, ['ფასი', 92], ['9.90', 152]),
      ...row(300, 50, ['7.90', 60]),
      ...row(290, 70, ['7.90»', 50]),
    ];
    const c = buildCandidates(words, { regions: [region(60, 300, '7.90', 3)] });
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ price: 7.9, oldPrice: 9.9, text: 'მზესუმზირის ზეთი' });
    expect(c[0]!.confidence).toBeGreaterThanOrEqual(CANDIDATE_ACCEPT_CONFIDENCE);
  });

  it('a pack size printed large above the price is no candidate at all, also with its unit lost ("0,75", "2,51", "0,95 |")', () => {
    const words = [
      ...row(100, 16, ['Spaghetti', 20], ['durum', 112], ['500', 166], ['g', 200]),
      ...row(140, 24, ['2,51', 20]),
      ...row(300, 38, ['20,99', 60]),
      ...row(100, 16, ['Dishwasher', 520], ['tablets', 622]),
      ...row(140, 24, ['0,75', 520]),
      ...row(300, 38, ['318,90', 560]),
      ...row(100, 16, ['Basmati', 1020], ['rice', 1093]),
      ...row(140, 24, ['0,95', 1020], ['|', 1085]),
      ...row(300, 38, ['66,90', 1060]),
    ];
    const regions = [
      region(60, 300, '20,99', 4, { big: { x0: 60, y0: 300, x1: 200, y1: 338 }, glyphH: 38 }),
      region(560, 300, '318,90', 5, { big: { x0: 560, y0: 300, x1: 700, y1: 338 }, glyphH: 38 }),
      region(1060, 300, '66,90', 4, { big: { x0: 1060, y0: 300, x1: 1200, y1: 338 }, glyphH: 38 }),
    ];
    const c = buildCandidates(words, { regions });
    expect(c.map((x) => x.price)).toEqual([20.99, 318.9, 66.9]);
    expect(c.map((x) => x.text)).toEqual(['Spaghetti durum 500 g', 'Dishwasher tablets', 'Basmati rice']);
    // and on a line of its own, the l read as a bar: "1,75 |"
    expect(findPriceTokens(row(10, 28, ['1,75', 10], ['|', 80]))).toEqual([]);
  });

  it("a struck-through number read again alone is the old price, replacing the page's misreading", () => {
    const words = [...row(100, 18, ['Tuna', 20], ['in', 80], ['oil', 110]), ...row(230, 12, ['56.00', 60], ['Kč', 110]), ...row(300, 50, ['42.99', 60])];
    const struck = region(60, 230, '56.90', 4, { big: { x0: 60, y0: 230, x1: 96, y1: 242 }, glyphH: 12, conf: 88, struck: true });
    const c = buildCandidates(words, { regions: [region(60, 300, '42.99', 4), struck], strikes: [{ x0: 58, y0: 230, x1: 130, y1: 242 }] });
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ price: 42.99, oldPrice: 56.9 });
    expect(c[0]!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
    // readings that differ only by a 9 read as 0 give the 9; others give no old price
    const page = (t: string) => [...row(100, 18, ['Tuna', 20]), ...row(230, 12, [t, 60]), ...row(300, 50, ['42.99', 60])];
    const again = (text: string) => region(60, 230, text, 4, { big: { x0: 60, y0: 230, x1: 96, y1: 242 }, glyphH: 12, conf: 88, struck: true });
    const strikes = [{ x0: 58, y0: 230, x1: 130, y1: 242 }];
    expect(buildCandidates(page('56.90'), { regions: [region(60, 300, '42.99', 4), again('56.00')], strikes })[0]!.oldPrice).toBe(56.9);
    expect(buildCandidates(page('57.30'), { regions: [region(60, 300, '42.99', 4), again('56.90')], strikes })[0]!.oldPrice).toBeNull();
  });
});

describe('old prices stay inside their tile', () => {
  // The bench's seed 105 (4×4 @ 2480 px) as tesseract read its last row's two right tiles: the wine's "99,90."
  // came with a word box 110 px tall and 406 px wide (its own digits are 61 px), and the towel's 152,50 in
  // the next tile was taken as the wine's unlabelled old price — the wine's labelled 115,90 lost (its
  // "Old" sat 86 px left of the price: one pixel over the reach measured from the price).
  const w = (text: string, conf: number, x0: number, y0: number, x1: number, y1: number, line: number): OcrWord => ({ text, conf, x0, y0, x1, y1, line });
  const words: OcrWord[] = [
    w('Red', 96, 1038, 1813, 1096, 1836, 59),
    w('wine', 96, 1110, 1813, 1184, 1836, 59),
    w('Merlot', 94, 1198, 1813, 1302, 1836, 59),
    w('0,75', 90, 1314, 1814, 1382, 1839, 59),
    w('|', 90, 1397, 1813, 1402, 1835, 59),
    w('Bath', 96, 1518, 1813, 1589, 1836, 60),
    w('towel', 96, 1602, 1813, 1690, 1836, 60),
    w('70', 96, 1704, 1814, 1741, 1836, 60),
    w('x', 96, 1754, 1819, 1770, 1835, 60),
    w('140', 96, 1785, 1814, 1841, 1836, 60),
    w('cm', 96, 1853, 1819, 1897, 1836, 60),
    w('Old', 91, 1092, 2078, 1132, 2098, 69),
    w('price', 96, 1145, 2078, 1205, 2103, 69),
    w('115,90', 96, 1218, 2079, 1303, 2100, 69),
    w('152,50', 96, 1544, 2135, 1842, 2206, 72),
    w('x', 44, 1875, 2168, 1907, 2195, 72),
    w('99,90.', 49, 1021, 2121, 1427, 2231, 73),
  ];
  const region = (x0: number, x1: number, text: string, glyphs: number) => ({
    big: { x0, y0: 2135, x1, y1: 2196 },
    cents: null,
    angle: 0,
    glyphH: 61,
    glyphs,
    text,
    conf: 95,
    centsText: null,
    centsConf: null,
  });
  const regions = [region(1110, 1358, '99,90', 4), region(1544, 1842, '152,50', 5)];

  it("a neighbouring tile's price printed as big is no old price, though OCR's word box makes the price look taller", () => {
    const c = buildCandidates(words, { regions });
    expect(c.map((x) => [x.price, x.oldPrice])).toEqual([
      [99.9, 115.9],
      [152.5, null],
    ]);
    expect(c.map((x) => x.text)).toEqual(['Red wine Merlot 0,75 l', 'Bath towel 70 x 140 cm']);
  });

  it('an old-price label reaches the price word by word ("Old price 115,90" however wide "price" is)', () => {
    expect(findPriceTokens(words.filter((x) => x.line === 69)).map((t) => [t.value, t.oldLabel])).toEqual([[115.9, true]]);
  });
});

describe('the blind corpus, second round: classes read wrong or not at all', () => {
  const region = (x: number, y: number, text: string, glyphs: number, extra: Record<string, unknown> = {}) => bigDigitRegion(x, y, text, glyphs, extra, 60);

  it('a whole price printed "29,-" is read with its dash, and a doubtful region never overrides the page\'s own price', () => {
    const words = [
      ...row(100, 18, ['Pivo', 20], ['Pilsner', 80]),
      ...row(200, 60, ['29', 20], ['-', 110]),
      ...row(100, 18, ['Vepřová', 520]),
      ...row(200, 60, ['99,-', 520]),
    ];
    const c = buildCandidates(words, { regions: [region(20, 200, '29', 2, { dash: true }), region(520, 200, '29', 2, { dash: true, conf: 20 })] });
    expect(c.map((x) => x.price)).toEqual([29, 99]);
    expect(c[0]!.confidence).toBeGreaterThanOrEqual(CANDIDATE_ACCEPT_CONFIDENCE);
    expect(c[1]!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
    // without the dash a whole number alone is no price (its cents may be unread)
    expect(buildCandidates(words.slice(0, 4), { regions: [region(20, 200, '29', 2)] })).toEqual([]);
  });

  it('a "1" read on a glyph with a bar across its top (a condensed 7) is never one click', () => {
    // Novus "72⁹⁰" read "12" + "90" by the page and the region alike
    const words = [...row(100, 18, ['Fairy', 20]), ...row(200, 60, ['12', 20])];
    const cents = { cents: { x0: 94, y0: 200, x1: 130, y1: 230 }, centsText: '90', centsConf: 96 };
    const doubted = buildCandidates(words, { regions: [region(20, 200, '12', 2, { ...cents, topBars: [true, true] })] });
    expect(doubted.map((x) => x.price)).toEqual([12.9]);
    expect(doubted[0]!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
    const plain = buildCandidates(words, { regions: [region(20, 200, '12', 2, { ...cents, topBars: [false, true] })] });
    expect(plain[0]!.confidence).toBeGreaterThanOrEqual(CANDIDATE_ACCEPT_CONFIDENCE);
  });

  it('a price under "przy zakupie 2 …" or "від 2 шт." is a multi-buy condition, never one click; a date printed big is no price', () => {
    const words = [
      ...row(100, 16, ['przy', 20], ['zakupie', 70], ['2', 160], ['opakowań', 180]),
      ...row(130, 60, ['14,99', 20]),
      ...row(100, 16, ['віД2', 520], ['WT', 580]),
      ...row(130, 60, ['21,90', 520]),
      ...row(400, 30, ['3.12.-16.12.2026', 20]),
    ];
    const c = buildCandidates(words, { regions: [region(20, 130, '14,99', 4), region(520, 130, '21,90', 4), region(20, 400, '3.12', 3, { glyphH: 30 })] });
    expect(c.map((x) => x.price)).toEqual([14.99, 21.9]);
    expect(c.every((x) => x.confidence < CANDIDATE_ACCEPT_CONFIDENCE)).toBe(true);
    // "від 2 шт." as a Latin-reading model spells it (VARUS's box once its colours were kept: "BIA 2 ШТ.")
    const latin = [...row(100, 16, ['BIA', 520], ['2', 560], ['ШТ.', 580]), ...row(130, 60, ['21,90', 520])];
    const l = buildCandidates(latin, { regions: [region(520, 130, '21,90', 4)] });
    expect(l.map((x) => x.price)).toEqual([21.9]);
    expect(l[0]!.confidence).toBeLessThan(CANDIDATE_ACCEPT_CONFIDENCE);
  });

  it('a shelf price with and without VAT: the one printed big is the price, the other no old price and no candidate', () => {
    const words = [
      ...row(100, 18, ['Olej', 20], ['rzepakowy', 70]),
      ...row(130, 60, ['41,99', 20]),
      ...row(200, 22, ['51,65', 20], ['zł', 80], ['brutto', 110]),
    ];
    const c = buildCandidates(words, { regions: [region(20, 130, '41,99', 4)] });
    expect(c.map((x) => [x.price, x.oldPrice])).toEqual([[41.99, null]]);
    // two of one size: neither in one click
    const same = buildCandidates([...row(130, 40, ['41,99', 20], ['netto', 130]), ...row(130, 40, ['51,65', 300], ['brutto', 410])]);
    expect(same.every((x) => x.confidence < CANDIDATE_ACCEPT_CONFIDENCE && x.oldPrice === null)).toBe(true);
  });

  it('sizes, dates and litres read as digits are never candidates; raised cents or a comma read as a letter are no unit', () => {
    // "od středy 20.11." with its "od" misread; "0,51" and "1,51": "0,5 l" and "1,5 l" with the l read as 1
    expect(
      buildCandidates([...row(50, 40, ['ou', 20], ['stfedy', 90], ['20.11.', 260]), ...row(150, 56, ['0,51', 20]), ...row(250, 60, ['1,51', 20])]).map(
        (c) => c.price,
      ),
    ).toEqual([]);
    // a big-digit region over a size or a misread validity range: no price (1.51 and 0.75 were offered at 0.6,
    // "2.12" of "2.12.–8.12.2026" at 0.5)
    const words = [...row(100, 46, ['1.5L', 20]), ...row(200, 40, ['0.75', 20], ['L', 120]), ...row(300, 80, ['2a2-8122026.', 20])];
    const regions = [
      region(20, 100, '1.51', 3, { glyphH: 46, conf: 0 }),
      region(20, 200, '0.75', 4, { glyphH: 40, conf: 0 }),
      region(20, 300, '2.12', 3, { big: { x0: 20, y0: 310, x1: 100, y1: 350 } }),
    ];
    expect(buildCandidates(words, { regions }).map((c) => c.price)).toEqual([]);
    // "13" + "M" (the raised ⁹⁹ read as a letter), "18" "L)" "90" (the comma read as L): prices, no sizes
    const prices = [
      ...row(100, 66, ['13', 20])
        .map((w) => [w, { ...w, text: 'M', x0: 100, x1: 137, y1: 132 }])
        .flat(),
      ...row(400, 66, ['18', 20], ['L)', 97], ['90', 117]),
    ];
    const read = [
      region(20, 100, '13', 2, { glyphH: 66, cents: { x0: 100, y0: 100, x1: 137, y1: 132 }, centsText: '99', centsConf: 96 }),
      region(20, 400, '18,90', 4, { big: { x0: 20, y0: 400, x1: 193, y1: 466 }, glyphH: 66 }),
    ];
    expect(buildCandidates(prices, { regions: read }).map((c) => c.price)).toEqual([13.99, 18.9]);
  });

  it('the single price under a price for several ("cena za 1 szt. 2,99 zł" under "Cena za 2 szt.") is offered; a pack\'s per-piece figure is not', () => {
    // Netto, Kaufland and VARUS in the blind corpus: the big price is for two, the small line the price of one
    const tile = (over: [string, number][]) => [
      ...row(200, 18, ['Jogurt', 20], ['pitny', 110]),
      ...row(240, 18, ...over),
      ...row(280, 110, ['4,98', 20]),
      ...row(416, 19, ['cena', 20], ['za', 80], ['1', 110], ['szt.', 130], ['2,99', 180], ['zł', 240]),
    ];
    const regions = [region(20, 280, '4,98', 3, { big: { x0: 20, y0: 280, x1: 200, y1: 390 }, glyphH: 110 })];
    for (const over of [
      [
        ['Cena', 20],
        ['za', 80],
        ['2', 110],
        ['szt.', 130],
      ],
      [
        ['przy', 20],
        ['zakupie', 70],
        ['2', 160],
        ['opakowań', 180],
      ],
      [
        ['від', 100],
        ['2', 150],
        ['шт.', 170],
      ],
    ] as [string, number][][]) {
      const c = buildCandidates(tile(over), { regions });
      expect(c.map((x) => [x.price, x.oldPrice])).toContainEqual([2.99, null]);
      expect(c.filter((x) => x.price !== 2.99).every((x) => x.confidence < CANDIDATE_ACCEPT_CONFIDENCE)).toBe(true);
    }
    // a pack price with its per-piece figure: the figure is no candidate
    const pack = buildCandidates(tile([['Opakowanie', 20]]), { regions });
    expect(pack.map((x) => x.price)).toEqual([4.98]);
    // a printed "4,71" read so by its region too is a price (a pack size "1,5 l" read "1,51" is read by the page only)
    const cucumbers = [...row(100, 30, ['Ogórki', 20]), ...row(180, 110, ['4,71', 20])];
    expect(
      buildCandidates(cucumbers, { regions: [region(20, 180, '4,71', 3, { big: { x0: 20, y0: 180, x1: 200, y1: 290 }, glyphH: 110 })] }).map((x) => x.price),
    ).toEqual([4.71]);
    expect(buildCandidates(cucumbers).map((x) => x.price)).toEqual([]);
  });

  it('a big price labelled without VAT beside a small one with VAT (METRO): both offered, neither in one click', () => {
    // third blind batch, ua-metro-01: "без ПДВ" over a big 249,90 and "з ПДВ 299,88 грн" under it — the price with
    // VAT is what a shopper pays; the big one was offered at 0.99 and the one with VAT dropped as printed small
    const tile = (over: [string, number][], under: [string, number][]) => [
      ...row(100, 30, ['Цукор', 20], ['білий', 140]),
      ...row(200, 17, ...over),
      ...row(236, 65, ['249,90', 20]),
      ...row(316, 19, ...under, ['грн', 280]),
    ];
    const regions = [region(20, 236, '249,90', 5, { big: { x0: 20, y0: 236, x1: 196, y1: 290 }, glyphH: 54 })];
    const c = buildCandidates(
      tile(
        [
          ['без', 20],
          ['ПДВ', 67],
        ],
        [
          ['з', 20],
          ['ПДВ', 40],
          ['299,88', 100],
        ],
      ),
      { regions },
    );
    expect(c.map((x) => x.price).sort()).toEqual([249.9, 299.88]);
    expect(c.every((x) => x.confidence < CANDIDATE_ACCEPT_CONFIDENCE && x.oldPrice === null)).toBe(true);
    // the big one with VAT and the small one without: the big one is the price, in one click, the other not offered
    const gross = buildCandidates(
      tile(
        [
          ['з', 20],
          ['ПДВ', 40],
        ],
        [
          ['без', 20],
          ['ПДВ', 67],
          ['209,08', 100],
        ],
      ),
      { regions },
    );
    expect(gross.map((x) => [x.price, x.confidence >= CANDIDATE_ACCEPT_CONFIDENCE])).toEqual([[249.9, true]]);
  });

  it('a VAT label printed over or under the small amount (its own line) makes it no old price either', () => {
    // attack page netto-brutto: a small "brutto" over "34,11 zł" beside the big 32⁴⁹ (read by its region): the
    // brutto was paired as the old price, 32.49 "was 34.11" at 0.88 — a promotion that never was
    const big = { big: { x0: 20, y0: 180, x1: 88, y1: 290 }, glyphH: 110, centsText: '49', centsConf: 95 };
    const tile = (...label: OcrWord[]) => [
      ...row(100, 30, ['Cukier', 20], ['biały', 140]),
      ...row(180, 110, ['32', 20]),
      ...row(227, 25, ['34,11', 100], ['zł', 200]),
      ...label,
    ];
    for (const words of [tile(...row(200, 16, ['brutto', 100])), tile(...row(262, 16, ['z', 100], ['VAT', 120]))]) {
      const c = buildCandidates(words, { regions: [region(20, 180, '32', 2, big)] });
      expect(c.map((x) => [x.price, x.oldPrice])).toEqual([[32.49, null]]);
    }
    // without the label the small higher amount beside the big price is its old price, as before
    expect(buildCandidates(tile(), { regions: [region(20, 180, '32', 2, big)] }).map((x) => [x.price, x.oldPrice])).toEqual([[32.49, 34.11]]);
  });
});
