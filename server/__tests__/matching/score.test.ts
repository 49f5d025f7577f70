/**
 * The matcher's scoring (src/areas/parsers/matching/score.ts) on names written for this test (the
 * accuracy set in ./corpus is measured by `npm run bench`, never tuned here).
 */
import { BULK_ACCEPT_DEFAULT_SCORE } from '@pricewatch/shared/contract';
import { nameSimilarity, rankCandidates, words, type Candidate } from '../../src/areas/parsers/matching/score';

const product = (id: number, name: string, brand: string | null, ean: string | null = null): Candidate => ({ id, name, brand, ean, weight: null, unit: null });

const CATALOGUE: Candidate[] = [
  product(1, 'Coca-Cola 1 l', 'Coca-Cola', '5449000000996'),
  product(2, 'Coca-Cola 1.5 l', 'Coca-Cola', '5449000054227'),
  product(3, 'Coca-Cola Zero 1.5 l', 'Coca-Cola', '5449000131805'),
  product(4, 'Coca-Cola 0.5 l 6 pcs', 'Coca-Cola'),
  product(5, 'Pepsi 1.5 l', 'Pepsi'),
  product(6, 'Молоко Галичина 2.5% 900 г', 'Галичина'),
  product(7, 'Молоко Галичина 2.5% 1 кг', 'Галичина'),
];

/** The lowest score the "Accept top suggestions" screen offers; a match a person must read stays below it. */
const LOWEST_BULK = 0.7;

const top = (name: string, ean: string | null = null) => rankCandidates({ name, ean, article: null }, CATALOGUE);

describe('rankCandidates', () => {
  it('an equal EAN is first and sure, leading zeros aside', () => {
    const [first] = top('whatever', '05449000054227');
    expect(first).toMatchObject({ productId: 2, score: 1, via: 'ean' });
  });

  it('an EAN whose product is another pack size than the page prints settles nothing: suggested, below every bulk score', () => {
    // The 1.5 l product's EAN on a page whose name (and price) say 1 l: the page and its EAN disagree.
    const ranked = top('Coca-Cola 1 l PET', '5449000054227');
    const byEan = ranked.find((r) => r.via === 'ean')!;
    expect(byEan).toMatchObject({ productId: 2, pack: 'different' });
    expect(Math.max(...ranked.map((r) => r.score))).toBeLessThan(LOWEST_BULK);
    // Nor is the product of the size the name prints: the page's EAN says another.
    expect(top('Coca-Cola 1 l', '5449000054227')[0]!.score).toBeLessThan(LOWEST_BULK);
    // The same EAN on a page printing no size, or the same size, is sure.
    expect(top('Coca-Cola', '5449000054227')[0]).toMatchObject({ productId: 2, score: 1 });
    expect(top('Coca-Cola 1,5 l', '5449000054227')[0]).toMatchObject({ productId: 2, score: 1 });
  });

  it('never suggests another amount of the same kind: 1.5 l is not 1 l', () => {
    const ranked = top('COCA-COLA НАПІЙ 1,5Л ПЕТ');
    expect(ranked.map((r) => r.productId)).not.toContain(1);
    expect(ranked[0]!.productId).toBe(2);
  });

  it('tells the flavour apart', () => {
    expect(top('Coca-Cola Zero 1,5l')[0]!.productId).toBe(3);
    expect(top('Coca Cola classic 1,5 l')[0]!.productId).toBe(2);
  });

  it('a multipack of 6 × 0.5 l is the 3 l product, not the 1.5 l one', () => {
    const ranked = top('Coca-Cola 6x0,5l');
    expect(ranked[0]!.productId).toBe(4);
    expect(ranked.map((r) => r.productId)).not.toContain(2);
  });

  it('900 g is not 1 kg', () => {
    const ranked = top('МОЛОКО ГАЛИЧИНА 2,5% 1КГ').map((r) => r.productId);
    expect(ranked[0]).toBe(7);
    expect(ranked).not.toContain(6);
  });

  it('a page word naming another candidate’s variant lowers a candidate without it: a Zero 1 l page is no sure match for the plain 1 l', () => {
    const [first] = top('Coca-Cola Zero 1 l');
    expect(first!.productId).toBe(1);
    expect(first!.score).toBeLessThan(top('Coca-Cola 1 l')[0]!.score - 0.1);
  });

  it('the brand counts: a Pepsi page prefers Pepsi', () => {
    expect(top('PEPSI COLA 1.5L')[0]!.productId).toBe(5);
  });

  it('at most three, best first, name matches below the sure ones', () => {
    const ranked = top('Coca-Cola');
    expect(ranked.length).toBeLessThanOrEqual(3);
    expect(ranked.every((r) => r.score <= 0.95)).toBe(true);
    expect([...ranked].sort((a, b) => b.score - a.score)).toEqual(ranked);
  });
});

describe('a name match is sure only when the page says nothing the product does not', () => {
  const only = (name: string, ...catalogue: Candidate[]) => rankCandidates({ name, ean: null, article: null }, catalogue)[0];
  const pepsi = product(1, 'Napój gazowany Pepsi 0,85 l', 'Pepsi');

  it('the same words, brand and pack: sure', () => {
    expect(only('PEPSI NAPÓJ GAZOWANY 0,85L', pepsi)!.score).toBeGreaterThanOrEqual(BULK_ACCEPT_DEFAULT_SCORE);
  });

  it('a word the product lacks, even one no other product has ("Max"), keeps it below every bulk score, still first', () => {
    const top = only('Pepsi Max napój gazowany 0,85 l', pepsi);
    expect(top!.productId).toBe(1);
    expect(top!.score).toBeLessThan(LOWEST_BULK);
  });

  it('a Zero page is no sure match for the plain product of the same size', () => {
    expect(only('Coca-Cola Zero 1L PET', product(1, 'Coca-Cola 1 l PET', 'Coca-Cola'))!.score).toBeLessThan(LOWEST_BULK);
  });

  it('a page without a pack size, or without the product’s brand, is not sure', () => {
    expect(only('Pepsi napój gazowany', pepsi)!.score).toBeLessThan(LOWEST_BULK);
    expect(only('Napój gazowany cola 0,85 l', pepsi)!.score).toBeLessThan(LOWEST_BULK);
  });

  it('numbers are words: spaghetti n.7 is not n.5, and "Č.5" is "n.5"', () => {
    const n5 = product(1, 'Barilla Spaghetti n.5 500 g', 'Barilla');
    expect(only('Barilla Spaghetti n.7 500g', n5)!.score).toBeLessThan(LOWEST_BULK);
    expect(only('BARILLA SPAGHETTI Č.5 500G', n5)!.score).toBeGreaterThanOrEqual(BULK_ACCEPT_DEFAULT_SCORE);
    expect(only('Pivo Kozel 12 0,5 l', product(1, 'Pivo Kozel 11 0,5 l', 'Kozel'))!.score).toBeLessThan(LOWEST_BULK);
  });

  it('a fat content the product does not print is not sure (82 % butter)', () => {
    expect(only('Masło Mlekovita 82% 200g', product(1, 'Masło Mlekovita 200 g', 'Mlekovita'))!.score).toBeLessThan(LOWEST_BULK);
  });
});

describe('names in another script or spelling', () => {
  const rank = (name: string, ...catalogue: Candidate[]) => rankCandidates({ name, ean: null, article: null }, catalogue);
  const georgian = [product(1, 'Coca-Cola 0.5 l PET', 'Coca-Cola'), product(2, 'ბორჯომი მინერალური წყალი 0.5 ლ მინა', 'Borjomi')];

  it('a brand in Georgian or Cyrillic letters is the Latin one', () => {
    expect(rank('HIT! კოკა-კოლა 0,5ლ', ...georgian)[0]).toMatchObject({ productId: 1, brandFound: true });
    expect(rank('Кока-Кола 0,5 л', ...georgian)[0]).toMatchObject({ productId: 1, brandFound: true });
    expect(rank('Borjomi 0.5L glass', ...georgian)[0]).toMatchObject({ productId: 2, brandFound: true });
  });

  it('a Latin page finds the Georgian name; a flavour it does not print stays apart', () => {
    const catalogue = [product(1, 'ნატახტარი ლიმონათი მსხალი 0.5 ლ', 'Natakhtari'), product(2, 'ნატახტარი ლუდი 0.5 ლ მინა', 'Natakhtari')];
    expect(rank('Natakhtari Ludi 500ml', ...catalogue)[0]!.productId).toBe(2);
  });

  it('Polish "ł" written "l" is the same word, and the match can be sure', () => {
    const [top] = rank('ZOLADKOWA GORZKA TRADYCYJNA 0,7L', product(1, 'Żołądkowa Gorzka Tradycyjna 0,7 l', 'Żołądkowa Gorzka'));
    expect(top!.brandFound).toBe(true);
    expect(top!.score).toBeGreaterThanOrEqual(BULK_ACCEPT_DEFAULT_SCORE);
  });

  it('near-misses stay unsure across scripts: a Zero page in Cyrillic is not the plain Coca-Cola', () => {
    expect(rank('Кока-Кола Zero 0,5 л', ...georgian)[0]!.score).toBeLessThan(LOWEST_BULK);
    expect(rank('Пепсі 0,5 л', ...georgian).every((r) => r.score < LOWEST_BULK)).toBe(true);
  });
});

describe('names', () => {
  it('words drop the pack, keep percentages and abbreviations', () => {
    expect(words('Нап. б/а COCA-COLA 1,5Л ПЕТ')).toEqual(['нап', 'б', 'а', 'coca', 'cola', 'пет']);
    // Diacritics aside: shops drop them ("JEMNE PERLIVA").
    expect(words('Mléko 1,5% 1 l')).toEqual(['mleko', '1.5%']);
    expect(words('Mléko 1,5 % 1 l')).toEqual(['mleko', '1.5%']);
  });
  it('words keep numbers that are not a pack: "Kozel 11", "typ 450", "n.5" = "Č.5" = "nr 5"', () => {
    expect(words('Velkopopovický Kozel 11 0,5l')).toEqual(['velkopopovicky', 'kozel', '11']);
    expect(words('Mąka tortowa typ 450 1kg')).toEqual(['maka', 'tortowa', 'typ', '450']);
    expect(words('Spaghetti n.5')).toEqual(words('SPAGHETTI Č.5'));
    expect(words('Spaghetti nr 5')).toEqual(['spaghetti', 'no5']);
    expect(words('Вода 0,5 л х 6 шт')).toEqual(['вода']);
  });
  it('an abbreviation stands for its word', () => {
    expect(nameSimilarity('Напій газ. Живчик', 'Напій газований Живчик')).toBeGreaterThan(nameSimilarity('Напій Живчик', 'Сік Живчик яблуко'));
  });
});
