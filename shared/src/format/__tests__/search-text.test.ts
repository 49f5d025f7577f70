import { ARTICLE_EAN_PATTERN, parseSearchText } from '../search-text';

describe('parseSearchText (spec §5: digits with optional leading $ → article and EAN, else name)', () => {
  it.each([
    ['123', { article: '123', ean: '123' }],
    ['$123', { article: '123', ean: '123' }],
    ['4820000000017', { article: '4820000000017', ean: '4820000000017' }],
    ['  123  ', { article: '123', ean: '123' }],
    [' $42 ', { article: '42', ean: '42' }],
    ['12a', { name: '12a' }],
    ['$', { name: '$' }],
    ['1$23', { name: '1$23' }],
    ['12 34', { name: '12 34' }],
    ['  milk ', { name: 'milk' }],
    ['', {}],
    ['   ', {}],
  ])('%j → %j', (text, expected) => {
    expect(parseSearchText(text)).toEqual(expected);
  });

  it('exposes the spec pattern', () => {
    expect(ARTICLE_EAN_PATTERN.test('$0042')).toBe(true);
    expect(ARTICLE_EAN_PATTERN.test('$$1')).toBe(false);
    expect(ARTICLE_EAN_PATTERN.test('-1')).toBe(false);
  });
});
