import { buildCandidates, findPriceTokens, type OcrWord } from '../../src/ocr/candidates';

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
      const parsed = leafletPriceInputSchema.safeParse({ leafletId: 1, productName: x.text || 'x', price: x.price, oldPrice: x.oldPrice, discountPct: x.discountPct, mechanics: x.mechanics, mechanicsText: x.mechanicsText, box: x.box });
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
