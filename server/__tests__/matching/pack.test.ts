/**
 * Pack sizes read from product names as shops and catalogues print them (src/areas/parsers/matching/pack.ts):
 * the amount in base units (g, ml, pieces), multipacks multiplied out, and the comparison the matcher uses.
 */
import { comparePacks, parsePack } from '../../src/areas/parsers/matching/pack';

const amount = (name: string) => {
  const p = parsePack(name);
  return p ? `${Math.round(p.amount * 1000) / 1000} ${p.dim}` : null;
};

describe('parsePack', () => {
  it.each([
    ['Coca-Cola 1.5 l', '1500 volume'],
    ['COCA-COLA 1,5Л ПЕТ', '1500 volume'],
    ['Напій Coca-Cola 0.5 л', '500 volume'],
    ['Pepsi 330ml', '330 volume'],
    ['Sok Tymbark 2x250ml', '500 volume'],
    ['Woda Żywiec 6 × 0,5 l', '3000 volume'],
    ['Voda Mattoni 6x1,5l', '9000 volume'],
    ['Вода Моршинська 0,5 л х 6 шт', '3000 volume'],
    ['Пиво Львівське 6 шт по 0,5 л', '3000 volume'],
    ['Mléko 500 ml', '500 volume'],
    ['Coca-Cola 0,5 l 6 ks', '3000 volume'],
    ['Víno 75 cl', '750 volume'],
    ['Mąka 1 kg', '1000 mass'],
    ['Káva 250g', '250 mass'],
    ['Гречка 900 г', '900 mass'],
    ['Цукор 1кг', '1000 mass'],
    ['Masło 20 dag', '200 mass'],
    ['ყველი 500 გრ', '500 mass'],
    ['რძე 1 ლ', '1000 volume'],
    ['Jaja 10 szt.', '10 count'],
    ['Vejce 10 ks', '10 count'],
    ['Яйця 10 шт', '10 count'],
    ['კვერცხი 10 ც', '10 count'],
  ])('%s → %s', (name, expected) => expect(amount(name)).toBe(expected));

  it('reads no pack where there is none, nor from percentages and model numbers', () => {
    expect(parsePack('Milk 2.5%')).toBeNull();
    expect(parsePack('Seasonal special')).toBeNull();
    expect(parsePack('Glass G2000')).toBeNull();
  });

  it.each([
    ['Kofola Originál 1/2 l', '500 volume'],
    ['Kofola 1 1/2 l', '1500 volume'],
    ['Máslo 1/4 kg', '250 mass'],
    ['Нурофєн таблетки 200 мг №24', '4.8 mass'],
    ['ნუროფენი 200 მგ', '0.2 mass'],
    ['Ibuprom tabl. powl. 0,2 g 24 szt.', '4.8 mass'],
  ])('units written differently: %s → %s', (name, expected) => expect(amount(name)).toBe(expected));

  it('a range is no pack: "9-14кг" of nappies is the baby’s weight', () => {
    expect(amount('Підгузники Pampers Maxi 9-14кг 58шт')).toBe('58 count');
    expect(amount('Підгузки Pampers розмір 4 (9–14 кг) 58 шт')).toBe('58 count');
  });

  it('prefers a mass or volume over a count', () => {
    expect(amount('Jogurt 4 szt. 125 g')).toBe('125 mass');
  });
});

describe('comparePacks', () => {
  const cmp = (a: string, b: string) => comparePacks(parsePack(a), parsePack(b));
  it('1.5 l never matches 1 l; 6 × 0.5 l is 3 l; 500 g is 0.5 kg', () => {
    expect(cmp('Coca-Cola 1.5 l', 'Coca-Cola 1 l')).toBe('different');
    expect(cmp('Coca-Cola 6 × 0.5 l', 'Coca-Cola 3 l')).toBe('same');
    expect(cmp('Cukr 500 g', 'Cukr 0,5 kg')).toBe('same');
    expect(cmp('Cukr 900 g', 'Cukr 1 kg')).toBe('different');
  });
  it('two multipacks are the same only with as many pieces of one size; a piece against a pack of such pieces is unknown', () => {
    expect(cmp('Pivo 6 × 0,5 l', 'Pivo 3 × 1 l')).toBe('different');
    expect(cmp('Нурофєн 200 мг №24', 'Nurofen 0,2 g 24 szt.')).toBe('same');
    expect(cmp('Нурофєн 200 мг №12', 'Нурофєн 200 мг №24')).toBe('different');
    expect(cmp('Ibuprom 200 mg', 'Ibuprom 200 mg 24 szt.')).toBe('unknown');
    expect(cmp('Coca-Cola 0,5 l', 'Coca-Cola 6 × 0,5 l')).toBe('unknown');
    expect(cmp('Coca-Cola 6 × 0,5 l', 'Coca-Cola 3 l')).toBe('same');
  });
  it('a mass against a volume is not comparable; a missing pack is unknown', () => {
    expect(cmp('Jogurt 500 g', 'Jogurt 500 ml')).toBe('incomparable');
    expect(cmp('Jogurt', 'Jogurt 500 ml')).toBe('unknown');
  });
});
