/**
 * The words the demo catalogue is made of: sections and categories of a grocery store, product
 * variants with their usual pack sizes and a base price, and real brands of the four countries (plus
 * international ones). Prices are in euro cents and converted per country (COUNTRY_MONEY).
 */
import type { WeightUnit } from '@pricewatch/shared/contract';

export type Size = readonly [weight: number, unit: WeightUnit];

export type CategoryDef = {
  name: string;
  /** Variant words put between brand and size: "Milk 2.5%". */
  variants: readonly string[];
  sizes: readonly Size[];
  /** Shelf price of the first size, euro cents; other sizes scale with quantity^0.85. */
  basePrice: number;
  /** Brand keys (BRANDS) that make this category; local ones are used in their country. */
  brands: readonly string[];
};

export type SectionDef = { name: string; categories: readonly CategoryDef[] };

export type Country = 'cz' | 'ua' | 'pl' | 'ge';

/** brand → country (or 'int' for international brands sold everywhere) and GS1 prefix. */
export const BRANDS: Record<string, { country: Country | 'int'; prefix: string }> = {
  // Czech Republic (GS1 859)
  Madeta: { country: 'cz', prefix: '859' },
  Olma: { country: 'cz', prefix: '859' },
  Kunín: { country: 'cz', prefix: '859' },
  'Pilsner Urquell': { country: 'cz', prefix: '859' },
  Kozel: { country: 'cz', prefix: '859' },
  Kofola: { country: 'cz', prefix: '859' },
  Mattoni: { country: 'cz', prefix: '859' },
  Orion: { country: 'cz', prefix: '859' },
  Opavia: { country: 'cz', prefix: '859' },
  Hamé: { country: 'cz', prefix: '859' },
  Vitana: { country: 'cz', prefix: '859' },
  Penam: { country: 'cz', prefix: '859' },
  'Kostelecké uzeniny': { country: 'cz', prefix: '859' },
  Hollandia: { country: 'cz', prefix: '859' },
  Bohemia: { country: 'cz', prefix: '859' },
  Jihočeské: { country: 'cz', prefix: '859' },
  // Ukraine (GS1 482)
  Galychyna: { country: 'ua', prefix: '482' },
  Yagotynske: { country: 'ua', prefix: '482' },
  Prostokvashino: { country: 'ua', prefix: '482' },
  Roshen: { country: 'ua', prefix: '482' },
  Morshynska: { country: 'ua', prefix: '482' },
  Obolon: { country: 'ua', prefix: '482' },
  Chernihivske: { country: 'ua', prefix: '482' },
  'Nasha Ryaba': { country: 'ua', prefix: '482' },
  Svitoch: { country: 'ua', prefix: '482' },
  Chumak: { country: 'ua', prefix: '482' },
  Torchyn: { country: 'ua', prefix: '482' },
  Kyivkhlib: { country: 'ua', prefix: '482' },
  Shchedryi: { country: 'ua', prefix: '482' },
  Myronivskyi: { country: 'ua', prefix: '482' },
  Zhytomyrski: { country: 'ua', prefix: '482' },
  Sandora: { country: 'ua', prefix: '482' },
  Shabo: { country: 'ua', prefix: '482' },
  // Poland (GS1 590)
  Mlekovita: { country: 'pl', prefix: '590' },
  Łaciate: { country: 'pl', prefix: '590' },
  Piątnica: { country: 'pl', prefix: '590' },
  Wedel: { country: 'pl', prefix: '590' },
  Tymbark: { country: 'pl', prefix: '590' },
  Żywiec: { country: 'pl', prefix: '590' },
  Tyskie: { country: 'pl', prefix: '590' },
  Cisowianka: { country: 'pl', prefix: '590' },
  Sokołów: { country: 'pl', prefix: '590' },
  Krakus: { country: 'pl', prefix: '590' },
  Lubella: { country: 'pl', prefix: '590' },
  Winiary: { country: 'pl', prefix: '590' },
  Pudliszki: { country: 'pl', prefix: '590' },
  // Georgia (GS1 486)
  Borjomi: { country: 'ge', prefix: '486' },
  Nabeghlavi: { country: 'ge', prefix: '486' },
  Sante: { country: 'ge', prefix: '486' },
  Natakhtari: { country: 'ge', prefix: '486' },
  Zedazeni: { country: 'ge', prefix: '486' },
  Kula: { country: 'ge', prefix: '486' },
  Barambo: { country: 'ge', prefix: '486' },
  'Teliani Valley': { country: 'ge', prefix: '486' },
  Tbilvino: { country: 'ge', prefix: '486' },
  Soplis: { country: 'ge', prefix: '486' },
  Likani: { country: 'ge', prefix: '486' },
  // International
  Milka: { country: 'int', prefix: '762' },
  Nestlé: { country: 'int', prefix: '761' },
  'Coca-Cola': { country: 'int', prefix: '544' },
  Danone: { country: 'int', prefix: '376' },
  Jacobs: { country: 'int', prefix: '871' },
  Lipton: { country: 'int', prefix: '872' },
  Barilla: { country: 'int', prefix: '807' },
  "Lay's": { country: 'int', prefix: '590' },
  Pringles: { country: 'int', prefix: '503' },
  Heineken: { country: 'int', prefix: '871' },
  Colgate: { country: 'int', prefix: '869' },
  'Head & Shoulders': { country: 'int', prefix: '500' },
  Pampers: { country: 'int', prefix: '400' },
  Ariel: { country: 'int', prefix: '400' },
  Persil: { country: 'int', prefix: '400' },
  Zewa: { country: 'int', prefix: '732' },
  Fairy: { country: 'int', prefix: '400' },
  Dove: { country: 'int', prefix: '871' },
  Nivea: { country: 'int', prefix: '400' },
  'Dr. Oetker': { country: 'int', prefix: '400' },
  Hochland: { country: 'int', prefix: '404' },
  Orbit: { country: 'int', prefix: '500' },
  Hipp: { country: 'int', prefix: '406' },
  Knorr: { country: 'int', prefix: '871' },
  Vichy: { country: 'int', prefix: '300' },
};

const S = (weight: number, unit: WeightUnit): Size => [weight, unit];

export const SECTIONS: readonly SectionDef[] = [
  {
    name: 'Dairy',
    categories: [
      {
        name: 'Milk',
        variants: ['Milk 1.5%', 'Milk 2.5%', 'Milk 3.2%', 'Milk 3.5%', 'Lactose-free milk 1.5%', 'Baked milk 4%'],
        sizes: [S(1, 'l'), S(0.5, 'l'), S(0.9, 'l'), S(1.5, 'l')],
        basePrice: 109,
        brands: ['Madeta', 'Olma', 'Kunín', 'Galychyna', 'Yagotynske', 'Prostokvashino', 'Mlekovita', 'Łaciate', 'Sante', 'Soplis'],
      },
      {
        name: 'Yogurt',
        variants: ['Greek yogurt', 'Yogurt strawberry', 'Yogurt natural', 'Yogurt vanilla', 'Drinking yogurt peach', 'Yogurt blueberry'],
        sizes: [S(150, 'g'), S(400, 'g'), S(125, 'g'), S(1000, 'g')],
        basePrice: 69,
        brands: ['Olma', 'Hollandia', 'Danone', 'Galychyna', 'Piątnica', 'Sante', 'Yagotynske'],
      },
      {
        name: 'Cheese',
        variants: ['Edam 30%', 'Gouda 45%', 'Cheddar', 'Mozzarella', 'Sulguni', 'Imeruli cheese', 'Cottage cheese 9%', 'Processed cheese'],
        sizes: [S(100, 'g'), S(250, 'g'), S(400, 'g'), S(200, 'g')],
        basePrice: 179,
        brands: ['Madeta', 'Kunín', 'Hochland', 'Piątnica', 'Mlekovita', 'Zhytomyrski', 'Sante', 'Soplis'],
      },
      {
        name: 'Butter',
        variants: ['Butter 82%', 'Butter 72.5%', 'Salted butter', 'Ghee'],
        sizes: [S(250, 'g'), S(200, 'g'), S(180, 'g')],
        basePrice: 249,
        brands: ['Madeta', 'Galychyna', 'Yagotynske', 'Mlekovita', 'Łaciate', 'Sante'],
      },
      {
        name: 'Kefir',
        variants: ['Kefir 1%', 'Kefir 2.5%', 'Ryazhenka 4%', 'Matsoni'],
        sizes: [S(0.9, 'l'), S(0.5, 'l'), S(1, 'l')],
        basePrice: 99,
        brands: ['Galychyna', 'Prostokvashino', 'Olma', 'Mlekovita', 'Sante', 'Soplis'],
      },
    ],
  },
  {
    name: 'Bakery',
    categories: [
      {
        name: 'Bread',
        variants: ['Rye bread', 'Wheat toast bread', 'Whole grain bread', 'Borodinsky bread', 'Shoti bread', 'Baguette'],
        sizes: [S(500, 'g'), S(350, 'g'), S(700, 'g')],
        basePrice: 119,
        brands: ['Penam', 'Kyivkhlib', 'Myronivskyi', 'Shchedryi', 'Lubella', 'Kula'],
      },
      {
        name: 'Biscuits',
        variants: ['Butter biscuits', 'Oat cookies', 'Wafers hazelnut', 'Gingerbread', 'Crackers salted'],
        sizes: [S(150, 'g'), S(200, 'g'), S(300, 'g')],
        basePrice: 129,
        brands: ['Opavia', 'Orion', 'Roshen', 'Svitoch', 'Wedel', 'Barambo', 'Milka'],
      },
    ],
  },
  {
    name: 'Meat and fish',
    categories: [
      {
        name: 'Sausages',
        variants: ['Wiener sausages', 'Salami', 'Smoked sausage', 'Frankfurters', 'Kabanos'],
        sizes: [S(300, 'g'), S(250, 'g'), S(500, 'g')],
        basePrice: 299,
        brands: ['Kostelecké uzeniny', 'Sokołów', 'Krakus', 'Myronivskyi', 'Shchedryi'],
      },
      {
        name: 'Ham',
        variants: ['Cooked ham', 'Smoked ham', 'Prague ham', 'Turkey ham'],
        sizes: [S(100, 'g'), S(150, 'g'), S(200, 'g')],
        basePrice: 219,
        brands: ['Kostelecké uzeniny', 'Krakus', 'Sokołów', 'Myronivskyi'],
      },
      {
        name: 'Canned fish',
        variants: ['Tuna in olive oil', 'Sardines in tomato sauce', 'Sprats in oil', 'Mackerel fillet'],
        sizes: [S(160, 'g'), S(240, 'g'), S(120, 'g')],
        basePrice: 189,
        brands: ['Hamé', 'Nestlé', 'Pudliszki', 'Chumak'],
      },
    ],
  },
  {
    name: 'Beverages',
    categories: [
      {
        name: 'Mineral water',
        variants: ['Mineral water sparkling', 'Mineral water still', 'Mineral water lightly sparkling'],
        sizes: [S(1.5, 'l'), S(0.5, 'l'), S(1, 'l'), S(6, 'pcs')],
        basePrice: 69,
        brands: ['Mattoni', 'Morshynska', 'Cisowianka', 'Borjomi', 'Nabeghlavi', 'Likani', 'Vichy'],
      },
      {
        name: 'Juice',
        variants: ['Orange juice 100%', 'Apple juice 100%', 'Multivitamin nectar', 'Tomato juice', 'Cherry nectar'],
        sizes: [S(1, 'l'), S(0.33, 'l'), S(1.5, 'l')],
        basePrice: 159,
        brands: ['Hamé', 'Tymbark', 'Sandora', 'Natakhtari', 'Zedazeni', 'Vitana'],
      },
      {
        name: 'Soft drinks',
        variants: ['Cola', 'Cola zero', 'Lemonade', 'Tarragon lemonade', 'Pear lemonade', 'Orange soda'],
        sizes: [S(0.5, 'l'), S(1.5, 'l'), S(2, 'l'), S(0.33, 'l')],
        basePrice: 119,
        brands: ['Coca-Cola', 'Kofola', 'Natakhtari', 'Zedazeni', 'Obolon', 'Tymbark'],
      },
      {
        name: 'Coffee',
        variants: ['Ground coffee', 'Coffee beans', 'Instant coffee', 'Coffee capsules espresso'],
        sizes: [S(250, 'g'), S(500, 'g'), S(100, 'g'), S(1000, 'g')],
        basePrice: 449,
        brands: ['Jacobs', 'Nestlé', 'Jihočeské', 'Bohemia'],
      },
      {
        name: 'Tea',
        variants: ['Black tea', 'Green tea', 'Fruit tea', 'Mint tea', 'Georgian black tea'],
        sizes: [S(20, 'pcs'), S(100, 'g'), S(50, 'pcs')],
        basePrice: 199,
        brands: ['Lipton', 'Bohemia', 'Likani', 'Zedazeni'],
      },
    ],
  },
  {
    name: 'Alcohol',
    categories: [
      {
        name: 'Beer',
        variants: ['Lager 4.4%', 'Pilsner 4.4%', 'Dark beer 3.8%', 'Non-alcoholic beer', 'Unfiltered beer 5%'],
        sizes: [S(0.5, 'l'), S(0.33, 'l'), S(1.5, 'l'), S(6, 'pcs')],
        basePrice: 99,
        brands: ['Pilsner Urquell', 'Kozel', 'Obolon', 'Chernihivske', 'Żywiec', 'Tyskie', 'Natakhtari', 'Heineken'],
      },
      {
        name: 'Wine',
        variants: ['Saperavi red dry', 'Mukuzani red dry', 'Tsinandali white dry', 'Kindzmarauli red semi-sweet', 'Moravian Riesling', 'Chardonnay'],
        sizes: [S(0.75, 'l'), S(1.5, 'l')],
        basePrice: 699,
        brands: ['Teliani Valley', 'Tbilvino', 'Bohemia', 'Shabo'],
      },
    ],
  },
  {
    name: 'Sweets and snacks',
    categories: [
      {
        name: 'Chocolate',
        variants: ['Milk chocolate', 'Dark chocolate 70%', 'Chocolate with hazelnuts', 'White chocolate', 'Chocolate candies'],
        sizes: [S(100, 'g'), S(90, 'g'), S(250, 'g'), S(200, 'g')],
        basePrice: 149,
        brands: ['Milka', 'Orion', 'Roshen', 'Svitoch', 'Wedel', 'Barambo', 'Nestlé'],
      },
      {
        name: 'Chips',
        variants: ['Potato chips salted', 'Potato chips paprika', 'Potato chips sour cream & onion', 'Tortilla chips'],
        sizes: [S(140, 'g'), S(60, 'g'), S(200, 'g')],
        basePrice: 179,
        brands: ["Lay's", 'Pringles', 'Bohemia'],
      },
      {
        name: 'Chewing gum',
        variants: ['Chewing gum spearmint', 'Chewing gum peppermint', 'Chewing gum watermelon'],
        sizes: [S(10, 'pcs'), S(14, 'g')],
        basePrice: 89,
        brands: ['Orbit'],
      },
    ],
  },
  {
    name: 'Grocery',
    categories: [
      {
        name: 'Pasta',
        variants: ['Spaghetti', 'Penne rigate', 'Fusilli', 'Farfalle', 'Egg noodles'],
        sizes: [S(500, 'g'), S(1000, 'g'), S(400, 'g')],
        basePrice: 129,
        brands: ['Barilla', 'Lubella', 'Chumak', 'Vitana'],
      },
      {
        name: 'Cereals',
        variants: ['Buckwheat', 'Long grain rice', 'Oat flakes', 'Millet', 'Bulgur'],
        sizes: [S(1000, 'g'), S(500, 'g'), S(800, 'g')],
        basePrice: 149,
        brands: ['Vitana', 'Lubella', 'Chumak', 'Myronivskyi', 'Kula'],
      },
      {
        name: 'Sauces',
        variants: ['Ketchup mild', 'Mayonnaise 67%', 'Mustard', 'Tkemali plum sauce', 'Adjika'],
        sizes: [S(300, 'g'), S(500, 'g'), S(250, 'g')],
        basePrice: 139,
        brands: ['Hamé', 'Pudliszki', 'Winiary', 'Chumak', 'Torchyn', 'Kula', 'Knorr'],
      },
      {
        name: 'Oil and baking',
        variants: ['Sunflower oil refined', 'Olive oil extra virgin', 'Baking powder', 'Vanilla sugar', 'Wheat flour'],
        sizes: [S(1, 'l'), S(0.5, 'l'), S(1000, 'g')],
        basePrice: 229,
        brands: ['Dr. Oetker', 'Vitana', 'Lubella', 'Shchedryi', 'Kula'],
      },
    ],
  },
  {
    name: 'Frozen food',
    categories: [
      {
        name: 'Ice cream',
        variants: ['Ice cream vanilla', 'Ice cream chocolate', 'Ice cream cone', 'Eskimo ice cream'],
        sizes: [S(500, 'ml'), S(1000, 'ml'), S(90, 'ml')],
        basePrice: 249,
        brands: ['Nestlé', 'Prostokvashino', 'Galychyna', 'Sante'],
      },
      {
        name: 'Dumplings',
        variants: ['Pelmeni pork & beef', 'Varenyky potato', 'Pierogi ruskie', 'Khinkali'],
        sizes: [S(500, 'g'), S(800, 'g'), S(1000, 'g')],
        basePrice: 279,
        brands: ['Myronivskyi', 'Krakus', 'Vitana', 'Kula'],
      },
    ],
  },
  {
    name: 'Household',
    categories: [
      {
        name: 'Laundry',
        variants: ['Washing powder color', 'Washing gel universal', 'Washing capsules'],
        sizes: [S(1.5, 'kg'), S(3, 'kg'), S(1, 'l'), S(30, 'pcs')],
        basePrice: 699,
        brands: ['Ariel', 'Persil'],
      },
      {
        name: 'Dishwashing',
        variants: ['Dishwashing liquid lemon', 'Dishwashing liquid original', 'Dishwasher tablets'],
        sizes: [S(0.5, 'l'), S(1, 'l'), S(40, 'pcs')],
        basePrice: 249,
        brands: ['Fairy'],
      },
      {
        name: 'Paper',
        variants: ['Toilet paper 3-ply', 'Paper towels', 'Tissues'],
        sizes: [S(8, 'pcs'), S(4, 'pcs'), S(16, 'pcs')],
        basePrice: 349,
        brands: ['Zewa'],
      },
    ],
  },
  {
    name: 'Personal care',
    categories: [
      {
        name: 'Shampoo',
        variants: ['Shampoo anti-dandruff', 'Shampoo classic', 'Shampoo for colored hair'],
        sizes: [S(400, 'ml'), S(250, 'ml')],
        basePrice: 449,
        brands: ['Head & Shoulders', 'Dove', 'Nivea'],
      },
      {
        name: 'Oral care',
        variants: ['Toothpaste whitening', 'Toothpaste herbal', 'Toothbrush medium'],
        sizes: [S(75, 'ml'), S(100, 'ml'), S(1, 'pcs')],
        basePrice: 199,
        brands: ['Colgate'],
      },
      {
        name: 'Soap and shower',
        variants: ['Shower gel', 'Liquid soap', 'Bar soap'],
        sizes: [S(250, 'ml'), S(500, 'ml'), S(100, 'g')],
        basePrice: 229,
        brands: ['Dove', 'Nivea'],
      },
    ],
  },
  {
    name: 'Baby',
    categories: [
      {
        name: 'Diapers',
        variants: ['Diapers size 3', 'Diapers size 4', 'Diapers size 5', 'Pants size 4'],
        sizes: [S(52, 'pcs'), S(80, 'pcs'), S(36, 'pcs')],
        basePrice: 1199,
        brands: ['Pampers'],
      },
      {
        name: 'Baby food',
        variants: ['Apple puree', 'Carrot puree', 'Milk porridge', 'Vegetable puree with turkey'],
        sizes: [S(125, 'g'), S(190, 'g'), S(200, 'g')],
        basePrice: 119,
        brands: ['Hipp', 'Nestlé', 'Vitana'],
      },
    ],
  },
];

/** Words that tell apart products of one brand, variant and size (bench sizes need many). */
export const LINES = [
  '',
  '',
  '',
  'Classic',
  'Bio',
  'Premium',
  'Family pack',
  'Light',
  'Extra',
  'Farm',
  'Gold',
  'Select',
  'Mini',
  'Max',
  'Traditional',
  'Fresh',
];

/** Price level and rounding per country: euro cents × factor → local minor units. */
export const COUNTRY_MONEY: Record<Country, { factor: number; ending: (minor: number) => number }> = {
  // CZK: 24.90 above 100 CZK, 12.49 / 39.99 below.
  cz: { factor: 25, ending: (m) => (m < 10_000 ? Math.max(9, Math.ceil(m / 10) * 10 - 1) : Math.floor(m / 100) * 100 + 90) },
  // UAH (a lower price level): 45.99, 39.49.
  ua: { factor: 30, ending: (m) => Math.max(9, Math.ceil(m / 10) * 10 - 1) },
  // PLN: 5.99, 12.49.
  pl: { factor: 4.3, ending: (m) => Math.max(9, Math.ceil(m / 10) * 10 - 1) },
  // GEL: 3.45, 12.95.
  ge: { factor: 2.4, ending: (m) => Math.max(15, Math.floor(m / 10) * 10 + 5) },
};

/** Where a country's shoppers see the product page of a network (offers.url). */
export const COUNTRY_TLD: Record<Country, string> = { cz: 'cz', ua: 'ua', pl: 'pl', ge: 'ge' };

/** Relative price level of known chains (discounters cheaper, convenience dearer). */
export const NETWORK_PRICE_LEVEL: Record<string, number> = {
  lidl: 0.94,
  penny: 0.95,
  kaufland: 0.97,
  tesco: 1.0,
  albert: 1.02,
  billa: 1.05,
  globus: 0.99,
  auchan: 0.97,
  metro: 0.96,
  atb: 0.93,
  silpo: 1.05,
  novus: 1.03,
  fora: 1.0,
  varus: 1.01,
  biedronka: 0.95,
  zabka: 1.16,
  dino: 0.98,
  carrefour: 1.0,
  nikora: 0.98,
  spar: 1.04,
  agrohub: 1.08,
};

/** Extra real chains used when a size asks for more shops than the demo networks have (bench). */
export const EXTRA_NETWORKS: { code: string; name: string; country: Country }[] = [
  { code: 'globus', name: 'Globus', country: 'cz' },
  { code: 'coop-cz', name: 'COOP Jednota', country: 'cz' },
  { code: 'makro-cz', name: 'Makro', country: 'cz' },
  { code: 'fora', name: 'Fora', country: 'ua' },
  { code: 'varus', name: 'Varus', country: 'ua' },
  { code: 'eko-market', name: 'Eko Market', country: 'ua' },
  { code: 'velmart', name: 'Velmart', country: 'ua' },
  { code: 'dino', name: 'Dino', country: 'pl' },
  { code: 'netto-pl', name: 'Netto', country: 'pl' },
  { code: 'stokrotka', name: 'Stokrotka', country: 'pl' },
  { code: 'lidl-pl', name: 'Lidl Polska', country: 'pl' },
  { code: 'spar', name: 'Spar Georgia', country: 'ge' },
  { code: 'agrohub', name: 'Agrohub', country: 'ge' },
  { code: 'goodwill', name: 'Goodwill', country: 'ge' },
  { code: 'fresco', name: 'Fresco', country: 'ge' },
];
