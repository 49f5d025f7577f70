/**
 * A reviewer's attack on the qualifier rules (1d95199, cabbde8): pages a careful shopper reads one way, and that
 * answer. `it.failing` marks what the engine gets wrong at b4fc457 (the comment says what a human reads); each case
 * is checked twice, by the operator's selector and by structured data repeating the amount. "Before" is the engine
 * at 7a3cc0f, the commit before the rules: "now refuses" cases it read right, "always" cases it got wrong too.
 */
import { extract } from '../../src/scraping/extract';

type Shop = { country: string; currency: string };
const PL: Shop = { country: 'pl', currency: 'PLN' };
const UA: Shop = { country: 'ua', currency: 'UAH' };
const CZ: Shop = { country: 'cz', currency: 'CZK' };
const GE: Shop = { country: 'ge', currency: 'GEL' };

const page = (h1: string, block: string, ld?: { price: number; currency: string }) =>
  `<!doctype html><html><head>${
    ld
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: h1, offers: { '@type': 'Offer', price: ld.price, priceCurrency: ld.currency } })}</script>`
      : ''
  }</head><body><header><a href="/cart">Koszyk 0,00</a></header><main><div class="product"><h1>${h1}</h1>${block}</div></main></body></html>`;

const bySelector = (h1: string, block: string, shop: Shop) =>
  extract(page(h1, block), { strategy: 'selectors', selectors: { name: 'h1', price: '.pp' } as never, ...shop });
const byStructuredData = (h1: string, block: string, shop: Shop, price: number) =>
  extract(page(h1, block, { price, currency: shop.currency }), { strategy: 'auto', ...shop });

/** [what the page is, h1, block, shop, the price a human reads] */
type Plain = [string, string, string, Shop, number];

// Over-refusals (read right before): the product's own name, in the h1 right above the price block, is taken for a
// label line above the price ('Karta pamięci' -> a card price, 'Směs' -> 'měs' an instalment, 'Ekologiczne' -> a fee).
// A human reads the price under the name. This is the commonest product-page layout there is.
const nameAbovePrice: Plain[] = [
  ['a memory card (Karta pamięci)', 'Karta pamięci SanDisk 128 GB', '<div class="pp">59,99 zł</div>', PL, 59.99],
  ['potatoes (Картопля: "карто")', 'Картопля молода, 1 кг', '<div class="pp">29,90 ₴</div>', UA, 29.9],
  ['a nut mix (Směs: "měs")', 'Směs ořechů 200 g', '<div class="pp">89,90 Kč</div>', CZ, 89.9],
  ['a trail mix (Mieszanka: "mies")', 'Mieszanka studencka 200 g', '<div class="pp">9,99 zł</div>', PL, 9.99],
  ['a spare part (Запчастина: "частин")', 'Запчастина для пилососа Bosch', '<div class="pp">399 ₴</div>', UA, 399],
  ['a UPS (Zálohovací zdroj: "záloh")', 'Zálohovací zdroj APC 700VA', '<div class="pp">2 499 Kč</div>', CZ, 2499],
  ['organic eggs (Ekologiczne: "ekolog")', 'Ekologiczne jajka 10 szt.', '<div class="pp">14,99 zł</div>', PL, 14.99],
  ['an iPhone 15 Plus ("plus")', 'Apple iPhone 15 Plus 128GB', '<div class="pp">3 999,00 zł</div>', PL, 3999],
  ['a cheese named Клубний ("клуб")', 'Сир Клубний 200 г', '<div class="pp">89,90 ₴</div>', UA, 89.9],
  ['recycled paper (Recyklovaný: "recykl")', 'Recyklovaný papír A4', '<div class="pp">129 Kč</div>', CZ, 129],
  ['a timer (Programator: "program")', 'Programator czasowy', '<div class="pp">49,99 zł</div>', PL, 49.99],
  ['a card holder (ბარათის)', 'ბარათის დამჭერი', '<div class="pp">14,90 ₾</div>', GE, 14.9],
];

// Over-refusals (read right before): footnotes that say the price is the plain price, read as qualifiers by a word.
const plainFootnotes: Plain[] = [
  ['"with or without the card"', 'Jogurt naturalny', '<div class="pp">49,99 zł*</div><p>* cena obowiązuje z kartą lub bez karty</p>', PL, 49.99],
  ['"for customers without the club card"', 'Jogurt naturalny', '<div class="pp">49,99 zł*</div><p>* cena dla klientów bez karty Klubu</p>', PL, 49.99],
  ['"gross (net 40,64 zł)"', 'Jogurt naturalny', '<div class="pp">49,99 zł*</div><p>* cena brutto (netto 40,64 zł)</p>', PL, 49.99],
  [
    '"incl. VAT, excl. the recycling fee" (cs)',
    'Rychlovarná konvice',
    '<div class="pp">1 299 Kč*</div><p>* cena včetně DPH, bez recyklačního poplatku</p>',
    CZ,
    1299,
  ],
  ['"incl. VAT and recycling fees" (cs)', 'Rychlovarná konvice', '<div class="pp">1 299 Kč*</div><p>* cena vč. DPH a recyklačních poplatků</p>', CZ, 1299],
  ['"includes the recycling fee" (pl)', 'Czajnik elektryczny', '<div class="pp">1 299,00 zł*</div><p>* cena zawiera opłatę recyklingową</p>', PL, 1299],
  ['"excludes the bottle deposit" (pl)', 'Woda mineralna 1,5 l', '<div class="pp">4,99 zł*</div><p>* cena nie zawiera kaucji za butelkę 0,50 zł</p>', PL, 4.99],
  ['"instalments 0 % possible" (pl)', 'Pralka Bosch', '<div class="pp">1 299,00 zł*</div><p>* możliwość zakupu na raty 0%</p>', PL, 1299],
  ['"pay in parts possible" (ua)', 'Ноутбук Lenovo', '<div class="pp">21 999 ₴*</div><p>* можлива оплата частинами</p>', UA, 21999],
  [
    '"the online price; the app may differ" (pl)',
    'Jogurt naturalny',
    '<div class="pp">49,99 zł*</div><p>* cena w sklepie internetowym, w aplikacji może się różnić</p>',
    PL,
    49.99,
  ],
];

// Over-refusals (read right before): other lines that make the plain price look qualified.
const otherPlain: Plain[] = [
  // The regular price with a multi-buy badge on the same line: the badge's line takes the regular price with it.
  [
    'the regular price with a multi-buy badge on its line',
    'Йогурт 400 г',
    '<div class="row"><span class="pp">45,90 ₴</span> · <span class="badge">2 за 79 ₴</span></div>',
    UA,
    45.9,
  ],
  // The product IS the carton / shrink-pack / crate: its price per carton is one item's price.
  ['a carton of 24 beers priced per carton', 'Pivo Plzeň 24 × 0,5 l, karton', '<div class="pp">549,- Kč / karton</div>', CZ, 549],
  ['a 6-pack of water priced per zgrzewka', 'Woda mineralna 6 × 1,5 l (zgrzewka)', '<div class="pp">29,99 zł / zgrzewka</div>', PL, 29.99],
  ['a crate of apples priced per ящик', 'Яблука Голден, ящик 10 кг', '<div class="pp">899 ₴ / ящик</div>', UA, 899],
  // A label line saying the price is the one WITHOUT a card.
  [
    '"Ціна без картки" above the price',
    'Кава мелена 250 г',
    '<div class="box"><div class="lbl">Ціна без картки</div><div class="pp">1 299 ₴</div></div>',
    UA,
    1299,
  ],
];

// Wrong prices (always: the engine before the rules recorded them too) — qualifiers the new words miss.
type Qualified = [string, string, string, Shop, number];
const missedQualifiers: Qualified[] = [
  ['"Členská cena" (members’ price, cs)', 'Jogurt bílý', '<div class="pp">Členská cena 19,90 Kč</div>', CZ, 19.9],
  ['"Cena klubowa" (club price, pl)', 'Jogurt naturalny', '<div class="pp">Cena klubowa 4,99 zł</div>', PL, 4.99],
  [
    '"Cena klubowa" as the label line above',
    'Jogurt naturalny',
    '<div class="box"><div class="lbl">Cena klubowa</div><div class="pp">3,99 zł</div></div>',
    PL,
    3.99,
  ],
  ['"přibližně" (an estimate, cs)', 'Eidam 30 %, na váhu', '<div class="pp">přibližně 189,90 Kč</div>', CZ, 189.9],
  ['an app price through a "1)" footnote', 'Jogurt naturalny', '<div class="pp">4,99 zł¹</div><p>1) cena z aplikacją</p>', PL, 4.99],
  ['"Při koupi 3 ks" (a multi-buy, cs)', 'Jogurt bílý', '<div class="pp">Při koupi 3 ks 15,90 Kč/ks</div>', CZ, 15.9],
  ['"при купівлі 2 шт." (a multi-buy, ua)', 'Йогурт 400 г', '<div class="pp">при купівлі 2 шт. 39,50 ₴</div>', UA, 39.5],
  [
    '"Ціна за 2 шт." above the amount (two items’ price)',
    'Йогурт 400 г',
    '<div class="box"><div class="lbl">Ціна за 2 шт.</div><div class="pp">79 ₴</div></div>',
    UA,
    79,
  ],
];

// WRONG prices now recorded (the worst): the regular price, mislabelled by one of the cases above, drops out of the
// page's plain prices; the one other amount marked as a price then wins over the structured price (extract.ts
// decideStructured: "the page shows one other price marked as a price -> that price"). Before: the right price, or
// price_conflict. [what, h1, block, shop, structured = the price a human reads, the wrong amount recorded]
type Swapped = [string, string, string, Shop, number, number];
const swapped: Swapped[] = [
  [
    'a card price in .card-price beside a regular price under "Mieszanka…" (before: 9,99)',
    'Mieszanka studencka 200 g',
    '<div class="price">9,99 zł</div><div class="card-price"><img src="k.png" alt="Moja karta"> 8,49 zł</div>',
    PL,
    9.99,
    8.49,
  ],
  [
    'a card price in .card-price beside a regular price footnoted "bez karty" (before: 5,99)',
    'Jogurt naturalny',
    '<div class="price">5,99 zł*</div><div class="card-price"><img src="k.png" alt="Moja karta"> 4,99 zł</div><p>* cena dla klientów bez karty</p>',
    PL,
    5.99,
    4.99,
  ],
  [
    'the regular (pre-sale) price line under "iPhone 15 Plus" (before: price_conflict)',
    'Apple iPhone 15 Plus 128GB',
    '<div class="price">3 999,00 zł</div><div class="price-regular">Cena regularna: 4 299,00 zł</div>',
    PL,
    3999,
    4299,
  ],
  [
    'the regular price line beside a price footnoted "raty 0 % possible" (before: price_conflict)',
    'Pralka Bosch',
    '<div class="price">1 299,00 zł*</div><div class="price-regular">Cena regularna: 1 499,00 zł</div><p>* możliwość zakupu na raty 0%</p>',
    PL,
    1299,
    1499,
  ],
  [
    '"Звичайна ціна" beside the price under "Картопля…" (before: price_conflict)',
    'Картопля молода, 1 кг',
    '<div class="price">29,90 ₴</div><div class="price-regular">Звичайна ціна 34,90 ₴</div>',
    UA,
    29.9,
    34.9,
  ],
  [
    'a carton of beer: the per-can amount beside the carton price (before: price_conflict)',
    'Pivo Plzeň 24 × 0,5 l, karton',
    '<div class="price">549,- Kč / karton</div><div class="price-ks">22,88 Kč za plechovku</div>',
    CZ,
    549,
    22.88,
  ],
];

/**
 * Cases still wrong or refused after the lead's fixes (2026-11-27, after this attack): `it.failing` so the suite
 * stays green and a fix shows up as a failure here (then the title leaves this list). Every other case passes.
 */
const KNOWN_GAPS = new Set<string>([
  // None left: the carton/crate products, 'Ціна без картки', 'the app may differ' and the '1)' footnote are read
  // right since the lead's follow-up (packIsTheProduct, labelOfWords, MAY_DIFFER, SUPERSCRIPT_DIGIT in visible.ts).
]);
const gap = (title: string, fn: () => void) => (KNOWN_GAPS.has(title) ? it.failing : it)(title, fn);

describe('a wrong price the qualifier rules now record, by structured data', () => {
  for (const [what, h1, block, shop, price, wrong] of swapped) {
    // A human reads `price` (the structured data says so too); the engine records `wrong`. Right or refused is fine.
    gap(`${what}: ${price} or nothing, never ${wrong}`, () => {
      expect([price, null]).toContain(byStructuredData(h1, block, shop, price).price);
    });
  }
});

describe('a plain price the qualifier rules now refuse (read before 1d95199)', () => {
  for (const [what, h1, block, shop, price] of [...nameAbovePrice, ...plainFootnotes, ...otherPlain]) {
    // A human reads `price` as the item's price; the engine refuses it (price_unparseable: loyalty/fee/tier/…).
    gap(`${what}: by selector a human reads ${price}`, () => {
      expect(bySelector(h1, block, shop).price).toBe(price);
    });
    gap(`${what}: by structured data a human reads ${price}`, () => {
      expect(byStructuredData(h1, block, shop, price).price).toBe(price);
    });
  }
});

describe('a qualified amount still recorded as the price (wrong before and after)', () => {
  for (const [what, h1, block, shop, amount] of missedQualifiers) {
    // A human reads `amount` as a club/app/multi-buy/estimated amount, not one item's price: nothing to record.
    gap(`${what}: by selector nothing is recorded`, () => {
      expect(bySelector(h1, block, shop).price).toBeNull();
    });
    gap(`${what}: by structured data nothing is recorded`, () => {
      expect(byStructuredData(h1, block, shop, amount).price).toBeNull();
    });
  }
});

describe('look-alikes the rules get right (guards)', () => {
  const read: Plain[] = [
    ['"Akce" above the price', 'Rychlovarná konvice', '<div class="box"><div class="lbl">Akce</div><div class="pp">1 299 Kč</div></div>', CZ, 1299],
    [
      '"Doprava zdarma" above the price',
      'Rychlovarná konvice',
      '<div class="box"><div class="lbl">Doprava zdarma</div><div class="pp">1 299 Kč</div></div>',
      CZ,
      1299,
    ],
    ['"Ціна" above the price', 'Кава мелена 250 г', '<div class="box"><div class="lbl">Ціна</div><div class="pp">1 299 ₴</div></div>', UA, 1299],
    ['a "cena za 1 szt." footnote', 'Jogurt naturalny', '<div class="pp">49,99 zł*</div><p>* cena za 1 szt.</p>', PL, 49.99],
    [
      'a struck old price with its currency inside the price element',
      'Йогурт 400 г',
      '<div class="p"><span class="pp"><s>52,90 ₴</s> 45,90 ₴</span></div>',
      UA,
      45.9,
    ],
    ['"ok. 3 dni" delivery on the price’s line', 'Jogurt naturalny', '<p><span class="pp">24,50 zł</span> · wysyłka ok. 3 dni</p>', PL, 24.5],
    ['"Doručení cca 2 dny" on the price’s line', 'Rychlovarná konvice', '<p><span class="pp">1 299 Kč</span> <span>Doručení cca 2 dny</span></p>', CZ, 1299],
  ];
  for (const [what, h1, block, shop, price] of read)
    it(`${what}: ${price} by selector and by structured data`, () => {
      expect(bySelector(h1, block, shop).price).toBe(price);
      expect(byStructuredData(h1, block, shop, price).price).toBe(price);
    });
  it('a real card price under "S Clubcard" is refused', () => {
    const block = '<div class="box"><div class="lbl">S Clubcard</div><div class="pp">19,90 Kč</div></div>';
    expect(bySelector('Jogurt bílý', block, CZ).price).toBeNull();
    expect(byStructuredData('Jogurt bílý', block, CZ, 19.9).price).toBeNull();
  });
});
