import { isCardWord, isCurrencyWord, isDateLike, isOldLabel, isUnitWord, multiBuyText, parsePrice } from '../../src/ocr/price-tokens';

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
