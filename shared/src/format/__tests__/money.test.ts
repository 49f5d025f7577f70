import { currencyForCountry, formatMoney, intlLocale } from '../money';

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
});
