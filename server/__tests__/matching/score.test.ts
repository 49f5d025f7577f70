/**
 * The matcher's scoring (src/areas/parsers/matching/score.ts) on names written for this test (the
 * accuracy set in ./corpus is measured by `npm run bench`, never tuned here).
 */
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

const top = (name: string, ean: string | null = null) => rankCandidates({ name, ean, article: null }, CATALOGUE);

describe('rankCandidates', () => {
  it('an equal EAN is first and sure, leading zeros aside', () => {
    const [first] = top('whatever', '05449000054227');
    expect(first).toMatchObject({ productId: 2, score: 1, via: 'ean' });
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

describe('names', () => {
  it('words drop the pack, keep percentages and abbreviations', () => {
    expect(words('Нап. б/а COCA-COLA 1,5Л ПЕТ')).toEqual(['нап', 'б', 'а', 'coca', 'cola', 'пет']);
    // Diacritics aside: shops drop them ("JEMNE PERLIVA").
    expect(words('Mléko 1,5% 1 l')).toEqual(['mleko', '1.5%']);
  });
  it('an abbreviation stands for its word', () => {
    expect(nameSimilarity('Напій газ. Живчик', 'Напій газований Живчик')).toBeGreaterThan(nameSimilarity('Напій Живчик', 'Сік Живчик яблуко'));
  });
});
