import { currencyForCountry, formatMoney, formatPrice, intlLocale } from '../money';

describe('locale and currency (spec §9 "Ukrainian locale uses code uk and currency UAH")', () => {
  it.each([
    ['ua', 'uk'],
    ['en', 'en-US'],
    ['ru', 'ru'],
    ['pl', 'pl'],
  ])('UI language %s → Intl locale %s', (lang, locale) => {
    expect(intlLocale(lang)).toBe(locale);
  });

  it.each([
    ['ua', 'UAH'],
    ['ge', 'GEL'],
    ['cz', 'CZK'],
    ['pl', 'PLN'],
  ])('country %s → %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it('formats hryvnias the Ukrainian way', () => {
    const text = formatMoney(1234.5, 'ua', 'ua');
    expect(text).toContain('₴');
    expect(text).toMatch(/1\s234,50/);
  });

  it('formats koruna for an English UI', () => {
    expect(formatMoney(1234.5, 'cz', 'en')).toMatch(/CZK\s?1,234\.50/);
  });

  it('formats złoty in Polish', () => {
    expect(formatMoney(9.99, 'pl', 'pl')).toMatch(/9,99\s?zł/);
  });

  it.each([
    ['UAH', 'ua', /^1\s234,50\s₴$/],
    ['UAH', 'en', /^UAH\s1,234\.50$/],
    ['UAH', 'ru', /^1\s234,50\s₴$/],
    ['CZK', 'en', /^CZK\s1,234\.50$/],
    ['CZK', 'ru', /^1\s234,50\sCZK$/],
    ['CZK', 'ua', /^1\s234,50\sCZK$/],
    ['PLN', 'pl', /^1234,50\szł$/], // Polish groups from five digits on
    ['GEL', 'en', /^GEL\s1,234\.50$/],
  ])('a price in %s for the %s UI', (currency, lang, expected) => {
    expect(formatPrice(1234.5, currency, lang)).toMatch(expected);
  });

  it('shows no amount as a dash, and 0 as a price', () => {
    expect(formatPrice(null, 'CZK', 'en')).toBe('—');
    expect(formatPrice(undefined, 'CZK', 'en')).toBe('—');
    expect(formatPrice(0, 'CZK', 'en')).toMatch(/^CZK\s0\.00$/);
  });

  it('a price in a currency equals the same price by its country', () => {
    expect(formatPrice(39.9, 'UAH', 'ua')).toBe(formatMoney(39.9, 'ua', 'ua'));
    expect(formatPrice(39.9, 'CZK', 'en')).toBe(formatMoney(39.9, 'cz', 'en'));
  });
});
