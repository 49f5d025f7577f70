import {
  isCardWord,
  isCurrencyWord,
  isDateLike,
  isDayMonth,
  isOldLabel,
  isQuantityWord,
  isUnitWord,
  multiBuyText,
  parsePrice,
  parseRegionPrice,
} from '../../src/ocr/price-tokens';

describe('parsePrice', () => {
  it.each([
    ['39.90', 39.9],
    ['39,90', 39.9],
    ['1299.00', 1299],
    ['39.90Kč', 39.9],
    ['39,90zł', 39.9],
    ['€1.29', 1.29],
    ['(39,90', 39.9],
    ['113,90.', 113.9],
    ['39,-', 39],
    ['39.–', 39],
    ['0,75', 0.75],
    ['4O.90', 40.9],
  ])('reads %s as %d', (text, value) => {
    expect(parsePrice(text)).toMatchObject({ value, form: 'full' });
  });

  it.each(['2,5%', '-24%', '350g', '0,5l', '1.5', '1.500', '123456.90', '4006381333931', '01.09', 'abc', '', '=79.80', '2+1'])(
    'does not take %s for a price',
    (text) => {
      expect(parsePrice(text)?.form === 'full' ? parsePrice(text) : null).toBeNull();
    },
  );

  it('reads the parts of split prices', () => {
    expect(parsePrice('1')).toMatchObject({ value: 1, form: 'whole' });
    expect(parsePrice(',90')).toMatchObject({ value: 0.9, form: 'cents' });
  });

  it('marks date shapes so the line can decide', () => {
    expect(parsePrice('12.09.')).toMatchObject({ dateLike: true });
    expect(parsePrice('87.11.')).toMatchObject({ dateLike: true });
    expect(parsePrice('12.90')).toMatchObject({ dateLike: false });
    expect(isDateLike('24.07.2026')).toBe(true);
    expect(isDateLike('39.90')).toBe(false);
  });
});

describe('word classes', () => {
  it('knows units, labels, mechanics and currencies', () => {
    expect(['l', 'kg', 'g', 'ml', 'pcs', '%', 'ks', 'szt'].every(isUnitWord)).toBe(true);
    expect(isUnitWord('price')).toBe(false);
    expect(['was', 'Old', 'before', 'Původně', 'przed'].every(isOldLabel)).toBe(true);
    expect(isOldLabel('Milk')).toBe(false);
    expect(multiBuyText('2+1')).toBe('2+1');
    expect(multiBuyText('3 + 2')).toBe('3+2');
    expect(multiBuyText('21')).toBeNull();
    expect(isCardWord('Card')).toBe(true);
    expect(isCardWord('carrot')).toBe(false);
    expect(['Kč', 'zł', 'zt', '€'].every(isCurrencyWord)).toBe(true);
    expect(isCurrencyWord('Milk')).toBe(false);
  });
});

describe('issue 14: sizes, dates, percentages and quantities are never prices', () => {
  it.each(['0,5л', '1.5l', '500мл', '1кг', '2,5%', '20.11–26.11', '20.11.-26.11.', '20/11', '20/11/2026', '2+1', '1+1', 'x2', '41⁹⁰⁹'])(
    '%s is no price',
    (text) => {
      expect(parsePrice(text)?.form === 'full' ? parsePrice(text) : null).toBeNull();
    },
  );

  it('knows Cyrillic and Georgian units, quantities and old-price labels', () => {
    expect(['л', 'мл', 'г', 'кг', 'шт', '×', 'ლ', 'კგ'].every(isUnitWord)).toBe(true);
    expect(['x2', '2x', '×3', 'x', '2+1'].every(isQuantityWord)).toBe(true);
    expect(isQuantityWord('39,90')).toBe(false);
    expect(['було', 'было', 'bylo', 'przed', 'Stara', 'old', 'ძველი'].every(isOldLabel)).toBe(true);
    expect(isDateLike('20.11–26.11')).toBe(true);
    expect(isDayMonth('20.11')).toBe(true);
    expect(isDayMonth('39.90')).toBe(false);
  });

  it('reads superscript cents and the grn / lari signs', () => {
    expect(parsePrice('41⁹⁰')).toMatchObject({ value: 41.9, form: 'full' });
    expect(parsePrice('41⁹⁰грн')).toMatchObject({ value: 41.9, hasCurrency: true });
    expect(parsePrice('22,90грн')).toMatchObject({ value: 22.9, hasCurrency: true });
    expect(parsePrice('6.90₾')).toMatchObject({ value: 6.9, hasCurrency: true });
  });

  it('reads a big-digit region again: whole units with their cents, digits matching the glyphs', () => {
    expect(parseRegionPrice('41', '90', 2)).toBe(41.9);
    expect(parseRegionPrice('124.', '90', 3)).toBe(124.9);
    expect(parseRegionPrice('22,90', null, 4)).toBe(22.9);
    expect(parseRegionPrice('1 299,00', null, 6)).toBe(1299);
    // a title's letters read as digits, a percentage badge, a lone number
    expect(parseRegionPrice('11', null, 6)).toBeNull();
    expect(parseRegionPrice('-25', null, 3)).toBeNull();
    expect(parseRegionPrice('41', null, 2)).toBeNull();
  });

  it('reads whole units as the price only with the dash of "29,-" found beside them, digits exactly as the glyphs', () => {
    expect(parseRegionPrice('29', null, 2, true)).toBe(29);
    expect(parseRegionPrice('129,', null, 3, true)).toBe(129);
    expect(parseRegionPrice('89,-', null, 2, true)).toBe(89);
    // a glyph lost or gained, a leading zero, or no dash: no price
    expect(parseRegionPrice('29', null, 3, true)).toBeNull();
    expect(parseRegionPrice('09', null, 2, true)).toBeNull();
    expect(parseRegionPrice('29', null, 2, false)).toBeNull();
  });
});
