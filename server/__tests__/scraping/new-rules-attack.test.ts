/**
 * A reviewer's attack on the scraping rules of 7c55e7c (Discontinued, 'Letzter Preis', successor blocks, price
 * being clarified, title tooltips, '₾-დან', '1,250 Kč', nine digits, promo-code and logged-in words, 'N × amount',
 * '+ amount', gift words, '/ karton' products, negated card words, 'may differ', '1)' footnotes). Each case is a
 * page a careful shopper reads one way: `fails` marks a check the engine gets wrong at 7c55e7c (`it.failing`, so
 * the file is green and a fix shows up as a failure here: then flip it). "Before" is faf51d7, the commit before.
 * Checked twice: by the operator's selector ('.pp') and by structured data (JSON-LD) repeating the amount.
 */
import { extract } from '../../src/scraping/extract';

type Shop = { country: string; currency: string };
const PL: Shop = { country: 'pl', currency: 'PLN' };
const UA: Shop = { country: 'ua', currency: 'UAH' };
const CZ: Shop = { country: 'cz', currency: 'CZK' };
const GE: Shop = { country: 'ge', currency: 'GEL' };
const DE: Shop = { country: 'de', currency: 'EUR' };
const GB: Shop = { country: 'gb', currency: 'GBP' };

const page = (h1: string, block: string, offer?: Record<string, unknown>) =>
  `<!doctype html><html><head>${
    offer
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: h1, offers: { '@type': 'Offer', ...offer } })}</script>`
      : ''
  }</head><body><header><a href="/cart">Koszyk 0,00</a></header><main><div class="product"><h1>${h1}</h1>${block}</div></main></body></html>`;

const bySelector = (h1: string, block: string, shop: Shop) =>
  extract(page(h1, block), { strategy: 'selectors', selectors: { name: 'h1', price: '.pp' } as never, ...shop });
const byStructuredData = (h1: string, block: string, shop: Shop, price: number, extra: Record<string, unknown> = {}) =>
  extract(page(h1, block, { price, priceCurrency: shop.currency, ...extra }), { strategy: 'auto', ...shop });

type Case = {
  what: string;
  h1: string;
  block: string;
  shop: Shop;
  /** The price a human records: null when the page gives none for one item. */
  price: number | null;
  /** The old price a human reads (checked when given). */
  old?: number | null;
  /** The amount the structured data gives (default: `price`). */
  ld?: number;
  ldExtra?: Record<string, unknown>;
  /** Which checks the engine gets wrong at 7c55e7c. */
  fails?: ('selector' | 'structured')[];
};

/** Checks marked `fails` that the lead's follow-up to this attack reads right (their `it.failing` would now pass). */
const FIXED_SINCE = new Set<string>([
  // The lead's follow-up on 2026-11-28 (fifth batch): Georgian 'from' after the amount, by both ways.
  "'2 899 ₾–დან' (en dash): by structured nothing",
  "'2 899 ლ.-დან': by selector nothing",
  "'2 899 ₾-დან' (the rule's own case): by structured nothing",
  "'2 899 ლარიდან': by structured nothing",
  "'1 × 4,99 zł' (quantity one): by selector 4.99",
  "'1 × 4,99 zł' (quantity one): by structured 4.99",
  "'2 899 ₾–დან' (en dash): by selector nothing",
  "'Cena dla niezalogowanych:' (price for guests): by selector 399",
  "'Cena dla niezalogowanych:' (price for guests): by structured 399",
  "'Cena dopravy bude upřesněna.' under the price: by selector 12990",
  "'Cena dopravy bude upřesněna.' under the price: by structured 12990",
  "'Cena montażu zostanie ustalona indywidualnie.' under the price: by selector 1299",
  "'Cena montażu zostanie ustalona indywidualnie.' under the price: by structured 1299",
  "'Cena pro nepřihlášené:' (price for guests): by selector 1999",
  "'Cena pro nepřihlášené:' (price for guests): by structured 1999",
  "'Neues Modell' heading over the successor's price: by structured 799 or nothing",
  "'Nie kupisz w tej cenie bez karty:' before the price: by selector nothing",
  "'Nie kupisz w tej cenie bez karty:' before the price: by structured nothing",
  "'Nový model' heading over the successor's price: by structured 16990 or nothing",
  "'Nowy model' heading over the successor's price: by structured 2499 or nothing",
  "'Price for installation to be confirmed.' under the price: by selector 499",
  "'Price for installation to be confirmed.' under the price: by structured 499",
  "'Нова модель' heading over the successor's price: by structured 25999 or nothing",
  "'Ціна доставки уточнюється у менеджера.' under the price: by selector 21999",
  "'Ціна доставки уточнюється у менеджера.' under the price: by structured 21999",
  "'Ціна не діє без картки:' before the price: by selector nothing",
  "'Ціна не діє без картки:' before the price: by structured nothing",
  "'– cena nie obowiązuje bez karty' after the price: by selector nothing",
  "'– cena nie obowiązuje bez karty' after the price: by structured nothing",
  "a 'Kupon -10% w koszyku' badge beside the price: by selector 199.99",
  "a 'Kupon -10% w koszyku' badge beside the price: by structured 199.99",
  'a bundle link titled "Cena przed obniżką: 1 599,00 zł": by selector 1099 (old none)',
  'a bundle link titled "Cena przed obniżką: 1 599,00 zł": by structured 1099 (old none)',
  "a lip balm (Balzám … 2 ks) with a '1 690 Kč / bal.' line: by selector 89",
  "a lip balm (Balzám … 2 ks) with a '1 690 Kč / bal.' line: by structured 89",
  'a per-kilo old price in the unit line\'s title ("Původní cena 199,80 Kč/kg"): by selector 89.9 (old none)',
  'a per-kilo old price in the unit line\'s title ("Původní cena 199,80 Kč/kg"): by structured 89.9 (old none)',
  "a toothbrush (Kartáček … 1 ks) with a '1 890 Kč / karton' wholesale line: by selector 99",
  "a toothbrush (Kartáček … 1 ks) with a '1 890 Kč / karton' wholesale line: by structured 99",
  'a variant swatch titled "Wasserkocher Bosch 1,7 l Edelstahl 59,99 €": by selector 39.99 (old none)',
  'a variant swatch titled "Wasserkocher Bosch 1,7 l Edelstahl 59,99 €": by structured 39.99 (old none)',
  "a voucher product's line 'Voucher 100 zł: 100,00 zł': by selector 100",
  "a voucher product's line 'Voucher 100 zł: 100,00 zł': by structured 100",
  "boxer shorts (Boxerky … 3 ks) with a '3 490 Kč / box' line: by selector 399",
  "boxer shorts (Boxerky … 3 ks) with a '3 490 Kč / box' line: by structured 399",
]);
const failing = (title: string, marked: boolean | undefined) => (marked && !FIXED_SINCE.has(title) ? it.failing : it);

const check = (c: Case) => {
  const by = { selector: () => bySelector(c.h1, c.block, c.shop), structured: () => byStructuredData(c.h1, c.block, c.shop, c.ld ?? c.price!, c.ldExtra) };
  for (const mode of ['selector', 'structured'] as const) {
    const title = `${c.what}: by ${mode} ${c.price ?? 'nothing'}${c.old !== undefined ? ` (old ${c.old ?? 'none'})` : ''}`;
    failing(title, c.fails?.includes(mode))(title, () => {
      const got = by[mode]();
      expect(got.price).toBe(c.price);
      if (c.old !== undefined) expect(got.oldPrice).toBe(c.old);
    });
  }
};
const both: Case['fails'] = ['selector', 'structured'];

describe('a wrong price the new rules record (refused before)', () => {
  // A human reads a card-only price: "not valid without the card" is a double negation, it says the card is
  // needed. everyMatchNegated() sees 'bez karty' / 'без картки' and frees the price: 4,99 zł recorded as the shelf
  // price, while a shopper without the card pays more.
  (
    [
      {
        what: "'– cena nie obowiązuje bez karty' after the price",
        h1: 'Masło extra 200 g',
        block: '<p><span class="pp">4,99 zł</span> – cena nie obowiązuje bez karty</p>',
        shop: PL,
        price: null,
        ld: 4.99,
        fails: both,
      },
      {
        what: "'Nie kupisz w tej cenie bez karty:' before the price",
        h1: 'Masło extra 200 g',
        block: '<p>Nie kupisz w tej cenie bez karty: <span class="pp">4,99 zł</span></p>',
        shop: PL,
        price: null,
        ld: 4.99,
        fails: both,
      },
      {
        what: "'Ціна не діє без картки:' before the price",
        h1: 'Масло вершкове 200 г',
        block: '<p>Ціна не діє без картки: <span class="pp">59,90 ₴</span></p>',
        shop: UA,
        price: null,
        ld: 59.9,
        fails: both,
      },
    ] satisfies Case[]
  ).forEach(check);
});

describe('a wrong old price the title-tooltip rule records (no old price before)', () => {
  // The tooltip is another thing's: a bundle offer below the price ('Zestaw z etui' was 1 599 zł). A human reads
  // 1 099 zł with no discount; the engine records a 1 599 zł old price, a promo that is not there.
  check({
    what: 'a bundle link titled "Cena przed obniżką: 1 599,00 zł"',
    h1: 'Smartfon Samsung Galaxy S24',
    block: '<div class="pp">1 099,00 zł</div><div class="bundle"><a title="Cena przed obniżką: 1 599,00 zł">Zestaw z etui i ładowarką</a></div>',
    shop: PL,
    price: 1099,
    old: null,
    fails: both,
  });
  // The tooltip's old price is per kilo ('199,80 Kč/kg'), on the unit-price line: a human reads no old price for the
  // 500 g pack at 89,90 Kč; the engine records 199,80 as the pack's old price (WAS_TITLE does not drop per-unit amounts).
  check({
    what: 'a per-kilo old price in the unit line\'s title ("Původní cena 199,80 Kč/kg")',
    h1: 'Sýr Eidam 500 g',
    block: '<div class="pp">89,90 Kč</div><span class="unit" title="Původní cena 199,80 Kč/kg">179,80 Kč/kg</span>',
    shop: CZ,
    price: 89.9,
    old: null,
    fails: both,
  });
  // 'was' has no word boundary in WAS_TITLE: a variant swatch titled 'Wasserkocher … 59,99 €' (another variant's
  // price) is read as "Was 59,99 €". A human reads 39,99 € and no discount.
  check({
    what: 'a variant swatch titled "Wasserkocher Bosch 1,7 l Edelstahl 59,99 €"',
    h1: 'Wasserkocher Bosch 1,7 l',
    block: '<div class="pp">39,99 €</div><div class="variants"><a title="Wasserkocher Bosch 1,7 l Edelstahl 59,99 €">Edelstahl</a></div>',
    shop: DE,
    price: 39.99,
    old: null,
    fails: both,
  });
});

describe("a 'from' price recorded as the price (wrong before and after)", () => {
  // A human reads "from 2 899 lari" (variants): no one price. The en dash and 'ლ.' are not in FROM_AFTER.
  check({
    what: "'2 899 ₾–დან' (en dash)",
    h1: 'ტელევიზორი Samsung',
    block: '<div class="price pp">2 899 ₾–დან</div>',
    shop: GE,
    price: null,
    ld: 2899,
    fails: both,
  });
  check({ what: "'2 899 ლ.-დან'", h1: 'ტელევიზორი Samsung', block: '<div class="price pp">2 899 ლ.-დან</div>', shop: GE, price: null, ld: 2899, fails: both });
  // The selector now refuses these; structured data repeating the from amount is still recorded.
  check({
    what: "'2 899 ₾-დან' (the rule's own case)",
    h1: 'ტელევიზორი Samsung',
    block: '<div class="price pp">2 899 ₾-დან</div>',
    shop: GE,
    price: null,
    ld: 2899,
    fails: ['structured'],
  });
  check({
    what: "'2 899 ლარიდან'",
    h1: 'ტელევიზორი Samsung',
    block: '<div class="price pp">2 899 ლარიდან</div>',
    shop: GE,
    price: null,
    ld: 2899,
    fails: ['structured'],
  });
});

describe("a successor's price recorded over the product's own (wrong before and after)", () => {
  // The old model is out of stock (its structured data: 2 499 zł, OutOfStock); a block headed by the successor's
  // name shows the new model's price. A human records 2 499 zł or nothing, never the successor's price. RELATED_HEADING
  // knows 'następca', 'nowszy model', 'новіша модель', 'новая модель' but not the plain 'new model' of each language,
  // and the visible amount then wins over the structured one. (By selector the operator's '.pp' is trusted: not checked.)
  const block = (heading: string, price: string) =>
    `<p>Produkt niedostępny.</p><div class="box"><h2>${heading}</h2><p>KGN39</p><div class="price pp">${price}</div></div>`;
  const oos = { availability: 'https://schema.org/OutOfStock' };
  const cases: [string, string, string, Shop, number, boolean][] = [
    ["'Następca' (the rule's word; before: 2 999 zł)", 'Lodówka Bosch KGN36', block('Następca', '2 999,00 zł'), PL, 2499, false],
    ["'Nowy model'", 'Lodówka Bosch KGN36', block('Nowy model', '2 999,00 zł'), PL, 2499, true],
    ["'Neues Modell'", 'Kühlschrank Bosch KGN36', block('Neues Modell', '899,00 €'), DE, 799, true],
    ["'Nový model'", 'Lednice Bosch KGN36', block('Nový model', '18 990 Kč'), CZ, 16990, true],
    ["'Нова модель'", 'Холодильник Bosch KGN36', block('Нова модель', '29 999 ₴'), UA, 25999, true],
  ];
  for (const [what, h1, html, shop, own, fails] of cases)
    failing(`${what} heading over the successor's price: by structured ${own} or nothing`, fails)(
      `${what} heading over the successor's price: by structured ${own} or nothing`,
      () => {
        expect([own, null]).toContain(byStructuredData(h1, html, shop, own, oos).price);
      },
    );
});

describe('a plain price the new rules refuse (read right before)', () => {
  (
    [
      // PRICE_ON_REQUEST's 'price … to be confirmed' matches another price's sentence: delivery, installation.
      // A human reads the product's price; the engine says the whole page is "on request".
      {
        what: "'Ціна доставки уточнюється у менеджера.' under the price",
        h1: 'Холодильник Bosch',
        block: '<div class="pp">21 999 ₴</div><p>Ціна доставки уточнюється у менеджера.</p>',
        shop: UA,
        price: 21999,
        fails: both,
      },
      {
        what: "'Cena dopravy bude upřesněna.' under the price",
        h1: 'Lednice Bosch',
        block: '<div class="pp">12 990 Kč</div><p>Cena dopravy bude upřesněna.</p>',
        shop: CZ,
        price: 12990,
        fails: both,
      },
      {
        what: "'Cena montażu zostanie ustalona indywidualnie.' under the price",
        h1: 'Kuchenka gazowa',
        block: '<div class="pp">1 299,00 zł</div><p>Cena montażu zostanie ustalona indywidualnie.</p>',
        shop: PL,
        price: 1299,
        fails: both,
      },
      {
        what: "'Price for installation to be confirmed.' under the price",
        h1: 'Gas cooker',
        block: '<div class="pp">£499.00</div><p>Price for installation to be confirmed.</p>',
        shop: GB,
        price: 499,
        fails: both,
      },
      // 'zalogowan' / 'přihlášen' match inside 'niezalogowanych' / 'nepřihlášené': the price for guests is the plain one.
      {
        what: "'Cena dla niezalogowanych:' (price for guests)",
        h1: 'Wiertarka Bosch',
        block: '<p>Cena dla niezalogowanych: <span class="pp">399,00 zł</span></p>',
        shop: PL,
        price: 399,
        fails: both,
      },
      {
        what: "'Cena pro nepřihlášené:' (price for guests)",
        h1: 'Vrtačka Bosch',
        block: '<p>Cena pro nepřihlášené: <span class="pp">1 999 Kč</span></p>',
        shop: CZ,
        price: 1999,
        fails: both,
      },
      // A coupon badge beside the price: the price is the shelf price, the coupon takes 10 % more off in the cart.
      {
        what: "a 'Kupon -10% w koszyku' badge beside the price",
        h1: 'Słuchawki JBL Tune 510BT',
        block: '<div class="box"><span class="pp">199,99 zł</span> <span class="badge">Kupon -10% w koszyku</span></div>',
        shop: PL,
        price: 199.99,
        fails: both,
      },
      // A voucher is a product: 'Voucher 100 zł: 100,00 zł' is its price.
      {
        what: "a voucher product's line 'Voucher 100 zł: 100,00 zł'",
        h1: 'Karta podarunkowa',
        block: '<p>Voucher 100 zł: <span class="pp">100,00 zł</span></p>',
        shop: PL,
        price: 100,
        fails: both,
      },
      // '1 × 4,99 zł' is a quantity times the item's price, not one of several payments.
      { what: "'1 × 4,99 zł' (quantity one)", h1: 'Jogurt naturalny', block: '<p>1 × <span class="pp">4,99 zł</span></p>', shop: PL, price: 4.99, fails: both },
      // packIsTheProduct() compares four letters: 'kart' (karton) meets 'Kartáček', 'box' meets 'Boxerky', 'bal'
      // (bal.) meets 'Balzám'. The wholesale carton's amount becomes a second plain price: a conflict.
      {
        what: "a toothbrush (Kartáček … 1 ks) with a '1 890 Kč / karton' wholesale line",
        h1: 'Kartáček na zuby Curaprox, 1 ks',
        block: '<div class="pp">99 Kč</div><p>Velkoobchod: 1 890 Kč / karton (24 ks)</p>',
        shop: CZ,
        price: 99,
        fails: both,
      },
      {
        what: "boxer shorts (Boxerky … 3 ks) with a '3 490 Kč / box' line",
        h1: 'Boxerky pánské 3 ks',
        block: '<div class="pp">399 Kč</div><p>Výhodně: 3 490 Kč / box (10 bal.)</p>',
        shop: CZ,
        price: 399,
        fails: both,
      },
      {
        what: "a lip balm (Balzám … 2 ks) with a '1 690 Kč / bal.' line",
        h1: 'Balzám na rty 2 ks',
        block: '<div class="pp">89 Kč</div><p>Velkoobchod: 1 690 Kč / bal. (20 ks)</p>',
        shop: CZ,
        price: 89,
        fails: both,
      },
      // '1,299 грн' with the currency: 1 299 hryvnias (no shelf price has three decimals); now 'ambiguous', and as a
      // plain mention it also blocks the structured 1299.
      { what: "'1,299 грн'", h1: 'Кава мелена 250 г', block: '<div class="pp">1,299 грн</div>', shop: UA, price: 1299, fails: both },
      // The shop's own markup says Discontinued, but the page shows a live price and a cart button: a human reads 1 299 Kč.
      // (The selector still reads it: the two strategies disagree.)
      {
        what: 'schema.org Discontinued beside a live price and "Do košíku"',
        h1: 'Rychlovarná konvice',
        block: '<div class="pp">1 299 Kč</div><button>Do košíku</button>',
        shop: CZ,
        price: 1299,
        ldExtra: { availability: 'https://schema.org/Discontinued' },
        fails: ['structured'],
      },
      // 'Остання ціна!' may be a clearance badge ("final price"), but the seventh corpus batch (ua-59, its strings) reads
      // 'Остання ціна: 2 799 ₴' as the last price of an item out of stock: two readings, so no price (SCRFIX4).
      {
        what: "'Остання ціна:' (final price or last price) before the price",
        h1: 'Кросівки Nike Air',
        block: '<p>Остання ціна: <span class="pp">1 999 ₴</span></p>',
        shop: UA,
        price: null,
      },
    ] satisfies Case[]
  ).forEach(check);
});

describe('a plain price refused before and after', () => {
  (
    [
      // A gift card is sold at its price.
      {
        what: "a gift card's line 'Gift card £50.00'",
        h1: 'Gift Card £50',
        block: '<p>Gift card <span class="pp">£50.00</span></p>',
        shop: GB,
        price: 50,
        fails: both,
      },
      // A quantity stepper '− 1 +' before the price, and a '1+1' badge: MULTIBUY reads a tier; the '+' rule is not reached.
      {
        what: "a quantity stepper '− 1 +' before the price",
        h1: 'Jogurt naturalny',
        block: '<div class="buy"><button>−</button> 1 <button>+</button> <span class="pp">4,99 zł</span></div>',
        shop: PL,
        price: 4.99,
        fails: both,
      },
      {
        what: "a '1+1' badge glued before the price",
        h1: 'Szampon Head&Shoulders',
        block: '<div><span class="badge">1+1</span><span class="pp">19,99 zł</span></div>',
        shop: PL,
        price: 19.99,
        fails: both,
      },
    ] satisfies Case[]
  ).forEach(check);
});

describe('look-alikes the new rules get right (guards)', () => {
  (
    [
      { what: 'a voucher product, price alone', h1: 'Voucher podarunkowy 100 zł', block: '<div class="pp">100,00 zł</div>', shop: PL, price: 100 },
      {
        what: "'Zestaw prezentowy' before the price",
        h1: 'Zestaw kosmetyków Nivea',
        block: '<p>Zestaw prezentowy <span class="pp">89,99 zł</span></p>',
        shop: PL,
        price: 89.99,
      },
      {
        what: "'Подарунковий набір' before the price",
        h1: 'Набір чаю',
        block: '<p>Подарунковий набір <span class="pp">499 ₴</span></p>',
        shop: UA,
        price: 499,
      },
      { what: "a product named 'Dárek pro muže'", h1: 'Dárek pro muže – sada nářadí', block: '<div class="pp">1 299 Kč</div>', shop: CZ, price: 1299 },
      { what: "'Poukaz v hodnotě 1 000 Kč'", h1: 'Dárkový poukaz', block: '<p>Poukaz v hodnotě <span class="pp">1 000 Kč</span></p>', shop: CZ, price: 1000 },
      {
        what: "'+ dárek v hodnotě 299 Kč' under the price (conflict before)",
        h1: 'Rychlovarná konvice',
        block: '<div class="pp">1 299 Kč</div><p>+ dárek v hodnotě 299 Kč</p>',
        shop: CZ,
        price: 1299,
      },
      {
        what: "'Instalace + 1 290,- Kč' under the price (conflict before)",
        h1: 'Pračka Bosch',
        block: '<div class="pp">12 990 Kč</div><p>Instalace <span>+ 1 290,- Kč</span></p>',
        shop: CZ,
        price: 12990,
      },
      { what: "'Замінник цукру' (sweetener) in the h1", h1: 'Замінник цукру Стевія 100 шт.', block: '<div class="pp">89,90 ₴</div>', shop: UA, price: 89.9 },
      {
        what: "a 'Новіша модель…' heading in the product's own block",
        h1: 'Пилосос Dyson V15',
        block: '<h2>Новіша модель з потужнішою батареєю</h2><div class="pp">24 999 ₴</div>',
        shop: UA,
        price: 24999,
      },
      {
        what: "a 'Następca Galaxy S23' heading in the product's own block",
        h1: 'Smartfon Samsung Galaxy S24',
        block: '<h2>Następca Galaxy S23 – co nowego?</h2><div class="pp">3 999,00 zł</div>',
        shop: PL,
        price: 3999,
      },
      {
        what: "'Mleko 1 l karton' (no count) with a '/ karton (12 szt.)' case price",
        h1: 'Mleko UHT 3,2% 1 l karton',
        block: '<div class="pp">3,49 zł</div><p>39,99 zł / karton (12 szt.)</p>',
        shop: PL,
        price: 3.49,
      },
      {
        what: "the carton product 'Pivo … 24 × 0,5 l, karton' at '549,- Kč / karton' (refused before)",
        h1: 'Pivo Plzeň 24 × 0,5 l, karton',
        block: '<div class="pp">549,- Kč / karton</div>',
        shop: CZ,
        price: 549,
      },
      {
        what: "'Objem 1,500 l' under the price",
        h1: 'Rychlovarná konvice',
        block: '<div class="pp">1 299 Kč</div><p>Objem 1,500 l</p>',
        shop: CZ,
        price: 1299,
      },
      {
        what: "a 12-digit code followed by 'Kč' (conflict before)",
        h1: 'Vrtačka',
        block: '<div class="pp">1 299 Kč</div><p>Kód 123456789012 Kč</p>',
        shop: CZ,
        price: 1299,
      },
      {
        what: "'Cena bez karty: 6,99 zł' above a 'Z kartą:' price",
        h1: 'Masło extra 200 g',
        block: '<p>Cena bez karty: 6,99 zł</p><p>Z kartą: <span class="pp">4,99 zł</span></p>',
        shop: PL,
        price: null,
        ld: 4.99,
      },
      {
        what: 'the price element\'s own title "Cena przed obniżką: 6,99 zł"',
        h1: 'Masło extra 200 g',
        block: '<div class="pp"><span title="Cena przed obniżką: 6,99 zł">4,99 zł</span></div>',
        shop: PL,
        price: 4.99,
        old: 6.99,
      },
    ] satisfies Case[]
  ).forEach(check);
  // The selector refuses the '-დან' from prices the rule names.
  it("'2 899 ₾-დან' and '2 899 ლარიდან' by selector: nothing", () => {
    expect(bySelector('ტელევიზორი Samsung', '<div class="price pp">2 899 ₾-დან</div>', GE).price).toBeNull();
    expect(bySelector('ტელევიზორი Samsung', '<div class="price pp">2 899 ლარიდან</div>', GE).price).toBeNull();
  });
});

/**
 * The lead's next rule, seen uncommitted on 2026-11-28 (scraping/companions.ts, priceAmongLabelled): an operator's
 * price element holding several amounts gives its first amount when every later one is named by its own words.
 * The words between two amounts may still be the FIRST amount's condition — a card, a promo code, buying two —
 * and 'instead of' after them then reads as a plain price with its old price. A human records no price of one
 * item here (or the regular one). All refused at 6bfc21a; with the uncommitted rule each gives the conditional
 * amount: a wrong price. Selector only (the operator's element is the subject).
 */
describe("several amounts in the operator's price element: the first one's own condition (guards)", () => {
  /** Rows the engine reads wrong at ca5223e (`it.failing`; take a row out when it is read right). */
  // Emptied by the lead's follow-up: only separators may stand between a price and its 'Cena regularna:'.
  const WRONG_NOW = new Set<string>([]);
  (
    [
      ['a card price in brackets, the regular one after', UA, 'Молоко 2,5% 900 г', '44,90 ₴ (з карткою «Власний рахунок») · 49,90 ₴', [49.9, null]],
      ["a card price 'з карткою замість' the regular one", UA, 'Молоко 2,5% 900 г', '44,90 ₴ з карткою замість 49,90 ₴', [null]],
      ["a two-piece price 'при купівлі 2 шт. замість'", UA, 'Кава мелена 250 г', '129 ₴ при купівлі 2 шт. замість 169 ₴', [169, null]],
      ["a two-piece price 'při nákupu 2 ks místo'", CZ, 'Káva mletá 250 g', '89,90 Kč při nákupu 2 ks místo 119,90 Kč', [119.9, null]],
      ['a promo-code price in brackets, the regular one after', PL, 'Telewizor LG 55"', '3 239,00 zł (z kodem LG10) · 3 599,00 zł', [3599, null]],
      // Conditions in words no label list knows, before a clause it does know (seen 03:45 on the lead's next draft).
      // The bundle one is wrong at ca5223e already: 0ad3faf's 'Cena regularna: …' reading gives 3 239 with old 3 599.
      [
        'a bundle price in brackets, then "Cena regularna:"',
        PL,
        'Telewizor LG 55"',
        '3 239,00 zł (w zestawie z soundbarem) · Cena regularna: 3 599,00 zł',
        [3599, null],
      ],
      ["a prepayment price 'při platbě předem místo'", CZ, 'Vrtačka Bosch', '1 299 Kč při platbě předem místo 1 399 Kč', [1399, null]],
      ["an online-payment price 'при оплаті онлайн замість'", UA, 'Дриль Bosch', '899 ₴ при оплаті онлайн замість 949 ₴', [949, null]],
      [
        "a pickup price 'przy odbiorze osobistym', then the 30-day lowest",
        PL,
        'Słuchawki Sony',
        '129,00 zł przy odbiorze osobistym · Najniższa cena z 30 dni: 139,00 zł',
        [null],
      ],
    ] as const
  ).forEach(([what, shop, h1, text, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      const got = bySelector(h1, `<p><span class="pp">${text}</span></p>`, shop);
      expect(allowed).toContain(got.price);
    }),
  );
});

/**
 * dd5044c (fifth batch): words before the amount in the operator's price element label it, and 'Celkem',
 * 'Razem', 'Разом' name sums. On a product page the same words open the item's own price with its VAT
 * ('Celkem s DPH: 1 299 Kč' is what one drill costs): read at ca5223e, refused at dd5044c by the selector
 * (structured data still reads it). A price lost, not a wrong one: `it.failing` until read again — read since the
 * lead's follow-up (a sum word followed by its VAT names the item's gross price).
 */
describe("'total with VAT' opening the operator's price element (refused since dd5044c)", () => {
  (
    [
      ["'Celkem s DPH:'", CZ, 'Vrtačka Bosch PSB 500', 'Celkem s DPH: 1 299 Kč', 1299],
      ["'Razem z VAT:'", PL, 'Wiertarka Bosch PSB 500', 'Razem z VAT: 399,00 zł', 399],
      ["'Разом з ПДВ:'", UA, 'Дриль Bosch PSB 500', 'Разом з ПДВ: 2 499 ₴', 2499],
    ] as const
  ).forEach(([what, shop, h1, text, price]) =>
    it(`${what} before the price: by selector ${price}`, () => {
      expect(bySelector(h1, `<div class="pp">${text}</div>`, shop).price).toBe(price);
    }),
  );
});

/**
 * ATK3 (stop 31), guards written before SCRFIX's rules for the still-refused classes land (two unlabelled amounts
 * where one is conditional, tier tables, add-ons). Each row: what a careful human records from the operator's price
 * element; `null` among the allowed answers means refusing is no loss worth a wrong price. Most rows are refused at
 * 839aed3 (pass); `WRONG_NOW` rows are read WRONG at 839aed3 already (`it.failing`; take a row out when it is right):
 * - a monthly instalment recorded as the price (a twelfth of it): '1 083 ₴/міс' alone, '108,30 zł/mies. 1 169,00 zł',
 *   '1 083 Kč/měs. s kódem 11 699 Kč', '1 083 ₴/міс з промокодом 11 699 ₴';
 * - guards only (refused at 839aed3, read 1083 by SCRFIX's working tree at 06:25): '1 083 ₴/міс 12 999 ₴',
 *   '1 083 ₴/місяць 11 699 ₴', '1 083 ₴/міс без переплат 11 699 ₴' — a first amount is no price when '/міс' follows it;
 * - an amount that includes a service or add-on ('3 198,00 zł z ubezpieczeniem', '15 498 ₴ з установкою',
 *   '12 490 Kč s instalací'): the item's own price is not stated, yet the sum is recorded as the price.
 */
describe('ATK3: conditional second amounts, tiers, instalments and add-ons in the price element', () => {
  // Emptied by SCRFIX: every row is read right (instalment rates, included services, code prices) since its sixth-batch commit.
  const WRONG_NOW = new Set<string>([]);
  (
    [
      // A promo code / card / app price beside the regular one: the price without the condition, or nothing.
      ['a code price after the regular one', UA, 'Смартфон Samsung A55', '12 999 ₴ з промокодом 11 699 ₴', [12999, null]],
      ['a code price first, "without it" the regular one', UA, 'Смартфон Samsung A55', '11 699 ₴ з промокодом SALE10, без нього 12 999 ₴', [12999, null]],
      ['the code label first, then two amounts', UA, 'Смартфон Samsung A55', 'з промокодом 11 699 ₴ 12 999 ₴', [12999, null]],
      ['a two-piece amount, then a code price', UA, 'Смартфон Samsung A55', '12 999 ₴ за 2 шт. з промокодом 11 699 ₴', [null]],
      ['an old, a regular and a code price, unlabelled', UA, 'Смартфон Samsung A55', '14 999 ₴ 12 999 ₴ з промокодом 11 699 ₴', [12999, null]],
      ['a regular and a code price, the label last', UA, 'Смартфон Samsung A55', '12 999 ₴ 11 699 ₴ з промокодом', [12999, null]],
      ['a regular and a card price', UA, 'Смартфон Samsung A55', '12 999 ₴ з карткою 11 699 ₴', [12999, null]],
      ['a price and the price with delivery', UA, 'Смартфон Samsung A55', '12 999 ₴ з доставкою 13 149 ₴', [12999, null]],
      ['a code price for two pieces', UA, 'Смартфон Samsung A55', '12 999 ₴ з промокодом для 2 шт. 11 699 ₴', [12999, null]],
      ['a CZ code price after the regular one', CZ, 'Vrtačka Bosch', '1 299 Kč s kódem 1 169 Kč', [1299, null]],
      ['a CZ code price first', CZ, 'Vrtačka Bosch', '1 169 Kč s kódem · 1 299 Kč', [1299, null]],
      ['a CZ two-piece amount, then a code price', CZ, 'Vrtačka Bosch', '1 299 Kč za 2 ks s kódem 1 169 Kč', [null]],
      ['a PL code price after the regular one', PL, 'Telewizor LG 55"', '3 599,00 zł z kodem 3 239,00 zł', [3599, null]],
      ['a PL code price first', PL, 'Telewizor LG 55"', '3 239,00 zł z kodem · 3 599,00 zł', [3599, null]],
      ['a PL app price after the regular one', PL, 'Telewizor LG 55"', '3 599,00 zł w aplikacji 3 239,00 zł', [3599, null]],
      ['a PL two-piece amount, then a code price', PL, 'Telewizor LG 55"', '3 599,00 zł za 2 szt. z kodem 3 239,00 zł', [null]],
      ['a PL netto amount, then the gross one', PL, 'Telewizor LG 55"', '3 599,00 zł netto 4 426,77 zł', [4426.77, null]],
      ['a GE code price after the regular one', GE, 'ტელევიზორი Samsung', '1 299 ₾ პრომოკოდით 1 169 ₾', [1299, null]],
      ['a GE code price first', GE, 'ტელევიზორი Samsung', '1 169 ₾ პრომოკოდით · 1 299 ₾', [1299, null]],
      // Tier tables: the one-piece price, or nothing when no row is for one piece.
      ['tiers with one piece first', CZ, 'Pivo Plzeň 0,5 l', '1 ks 29,90 Kč · od 6 ks 26,90 Kč · od 20 ks 24,90 Kč', [29.9, null]],
      ['tiers without one piece', CZ, 'Pivo Plzeň 0,5 l', 'od 6 ks 26,90 Kč · od 20 ks 24,90 Kč', [null]],
      ['tiers with one piece last', CZ, 'Pivo Plzeň 0,5 l', 'od 6 ks 26,90 Kč · 1 ks 29,90 Kč', [29.9, null]],
      ['UA tiers with one piece last', UA, 'Пиво Оболонь 0,5 л', 'від 2 шт. — 35,90 ₴ · 1 шт. — 39,90 ₴', [39.9, null]],
      ['a UA price, then a from-six tier', UA, 'Пиво Оболонь 0,5 л', '39,90 ₴ · від 6 шт. — 35,90 ₴', [39.9, null]],
      ['a UA from-six tier alone', UA, 'Пиво Оболонь 0,5 л', 'від 6 шт. — 35,90 ₴', [null]],
      ['PL one piece, then a four-pack sum', PL, 'Piwo Tyskie 0,5 l', '1 szt. 4,29 zł · 4 szt. 15,96 zł', [4.29, null]],
      ['PL a four-pack sum, then one piece', PL, 'Piwo Tyskie 0,5 l', '4 szt. 15,96 zł · 1 szt. 4,29 zł', [4.29, null]],
      ['PL a six-pack and a per-piece figure', PL, 'Piwo Tyskie 0,5 l', 'zgrzewka 6 szt. 23,94 zł · 4,29 zł/szt.', [null]],
      // Monthly instalments beside the price: never the price.
      ['an instalment, then the price', UA, 'Смартфон Samsung A55', '1 083 ₴/міс 12 999 ₴', [12999, null]],
      ['an instalment per month (spelt out), then the price', UA, 'Смартфон Samsung A55', '1 083 ₴/місяць 11 699 ₴', [11699, null]],
      ['an instalment with "x 12 payments", then the price', UA, 'Смартфон Samsung A55', '1 083 ₴/міс х 12 платежів 12 999 ₴', [12999, null]],
      ['an instalment "без переплат", then the price', UA, 'Смартфон Samsung A55', '1 083 ₴/міс без переплат 11 699 ₴', [11699, null]],
      ['an instalment with a promo code price after it', UA, 'Смартфон Samsung A55', '1 083 ₴/міс з промокодом 11 699 ₴', [null]],
      ['an instalment with a promo code price after it (spaced, "міс.")', UA, 'Смартфон Samsung A55', '1 083 ₴ / міс. з промокодом 11 699 ₴', [null]],
      ['a CZ instalment with a code price after it', CZ, 'Telefon Samsung', '1 083 Kč/měs. s kódem 11 699 Kč', [null]],
      ['a PL instalment with a code price after it', PL, 'Telefon Samsung', '108,30 zł/mies. z kodem 1 169,00 zł', [null]],
      ['a PL instalment, then the price', PL, 'Telefon Samsung', '108,30 zł/mies. 1 169,00 zł', [1169, null]],
      ['an instalment alone', UA, 'Смартфон Samsung A55', '1 083 ₴/міс', [null]],
      ['an instalment, a separator, the price', UA, 'Смартфон Samsung A55', '1 083 ₴/міс · 12 999 ₴', [12999, null]],
      // An amount that includes a service or an add-on: the item's own price is not stated.
      ['a price with insurance included', PL, 'Laptop Lenovo', '3 198,00 zł z ubezpieczeniem', [null]],
      ['a price with insurance included (bracketed, 2 years)', PL, 'Laptop Lenovo', '3 198,00 zł (z ubezpieczeniem 2 lata)', [null]],
      ['a price with assembly included', PL, 'Szafa Komandor', '3 198,00 zł z montażem', [null]],
      ['a price with installation included (UA)', UA, 'Пральна машина Bosch', '15 498 ₴ з установкою', [null]],
      ['a price with delivery included (UA)', UA, 'Пральна машина Bosch', '15 498 ₴ з доставкою', [null]],
      ['a price with installation included (CZ)', CZ, 'Pračka Bosch', '12 490 Kč s instalací', [null]],
      ['a price with delivery and installation included (CZ)', CZ, 'Pračka Bosch', '12 490 Kč vč. dopravy a instalace', [null]],
      ['a price with delivery and carrying in (PL)', PL, 'Pralka Bosch', '2 499,00 zł z dostawą i wniesieniem', [null]],
      ['a price with installation (GE)', GE, 'სარეცხი მანქანა Bosch', '1 299 ₾ მონტაჟით', [null]],
      ['a price with a 2-year warranty extension included (UA)', UA, 'Ноутбук Lenovo', '31 498 ₴ разом з гарантією +2 роки', [null]],
      ['a price with an extended warranty included (CZ)', CZ, 'Notebook Lenovo', '24 990 Kč včetně prodloužené záruky', [null]],
      ['a price with VAT included stays read (CZ)', CZ, 'Pračka Bosch', '12 490 Kč vč. DPH', [12490]],
    ] as const
  ).forEach(([what, shop, h1, text, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      const got = bySelector(h1, `<p><span class="pp">${text}</span></p>`, shop);
      expect(allowed).toContain(got.price);
    }),
  );
  // A checked add-on beside the operator's price element changes nothing: the element's price is the item's.
  it('a checked insurance add-on and a total beside the price element: by selector 2999', () => {
    const block =
      '<p><span class="pp">2 999,00 zł</span></p><label><input type="checkbox" checked> Ubezpieczenie 2 lata +199,00 zł</label><p>Razem: 3 198,00 zł</p>';
    expect(bySelector('Laptop Lenovo', block, PL).price).toBe(2999);
  });
});

/**
 * ATK3 on 7742d58 (SCRFIX, sixth batch): two amounts each named by its own words — netto/brutto labelled after,
 * another currency with the shop's in a bracket, a falling arrow, a deposit after '+', a set's price after a
 * separator, a lower code/card price after the price. Rows a careful human reads one way; `WRONG_NOW` rows are read
 * wrong at 7742d58 (`it.failing`; take a row out when it is right):
 * - an amount for two pieces ('/2 шт.', '/2 szt.', '/2 ks') is recorded as one item's price, alone too (wrong
 *   before 7742d58 already), and so through the new code-price and netto/brutto readings;
 * - new at 7742d58: the code-price reading takes a first amount that is itself conditional or not one item's
 *   ('2 × 1 299,00 zł z kodem …', '… za zestaw / за комплект / za sadu z kodem …', '… z Kartą Dużej Rodziny, z kodem …',
 *   '… з карткою «Власний рахунок», з промокодом …'), and the arrow reading records the amount BEFORE the arrow
 *   when it carries '/2 шт.' or 'з карткою' (refused before).
 */
describe('ATK3 on 7742d58: two amounts each named by its own words', () => {
  // Emptied by SCRFIX: every row is read right since its follow-up ('/2 шт.', '2 ×' and set/card words before a code price or an arrow).
  const WRONG_NOW = new Set<string>([]);
  (
    [
      // Read right at 7742d58 (the rules' own cases and near-misses): keep them so.
      ['netto then brutto, labels after', PL, 'Wiertarka Bosch', '100,00 zł netto 123,00 zł brutto', [123]],
      ['netto then brutto, labels before', PL, 'Wiertarka Bosch', 'netto 100,00 zł brutto 123,00 zł', [123, null]],
      ['brutto then netto, labels after', PL, 'Wiertarka Bosch', '123,00 zł brutto 100,00 zł netto', [123, null]],
      ['netto/brutto for two pieces', PL, 'Wiertarka Bosch', '100,00 zł netto 123,00 zł brutto za 2 szt.', [null]],
      ['netto/brutto per piece and per pack', PL, 'Wiertarka Bosch', '100,00 zł netto / szt. 1 230,00 zł brutto / opak.', [null]],
      ['netto/brutto with a code after', PL, 'Wiertarka Bosch', '100,00 zł netto 123,00 zł brutto z kodem', [null]],
      ['CZ bez DPH before s DPH, labels before', CZ, 'Vrtačka Bosch', 'bez DPH 1 000 Kč s DPH 1 210 Kč', [1210, null]],
      ['UA без ПДВ before з ПДВ, labels before', UA, 'Дриль Bosch', 'без ПДВ 1 000 ₴ з ПДВ 1 200 ₴', [1200, null]],
      ['monthly netto/brutto', PL, 'Wiertarka Bosch', '100,00 zł netto/mies. 123,00 zł brutto/mies.', [null]],
      ['the shop currency in a bracket per month', CZ, 'Mixér Bosch', '51,90 € (1 249 Kč/měs.)', [null]],
      ["the shop currency in a bracket with 'od'", CZ, 'Mixér Bosch', '51,90 € (od 1 249 Kč)', [null]],
      ['the shop currency in a bracket for two', CZ, 'Mixér Bosch', '51,90 € (1 249 Kč za 2 ks)', [null]],
      ['the shop currency in a bracket with a code', CZ, 'Mixér Bosch', '51,90 € (1 249 Kč s kódem)', [null]],
      ['a bracketed pair for two', CZ, 'Mixér Bosch', '51,90 € (1 249 Kč) za 2 ks', [null]],
      ["GE lari in a bracket with '-დან'", GE, 'ბლენდერი Bosch', '16 $ (45 ₾-დან)', [null]],
      ['a rising arrow', UA, 'Дриль Bosch', '1 299 ₴ → 1 599 ₴', [1599, null]],
      ['a falling arrow to a card price', UA, 'Дриль Bosch', '1 599 ₴ → 1 299 ₴ з карткою', [null]],
      ['a falling arrow to a two-piece price', UA, 'Дриль Bosch', '1 599 ₴ → 1 299 ₴ при купівлі 2 шт.', [null]],
      ['a falling arrow to a monthly amount', UA, 'Дриль Bosch', '1 599 ₴ → 1 299 ₴/міс', [null]],
      ["a falling arrow to a 'від' amount", UA, 'Дриль Bosch', '1 599 ₴ → від 1 299 ₴', [null]],
      ["'за 2 шт.' before a falling arrow", UA, 'Дриль Bosch', '1 599 ₴ за 2 шт. → 1 299 ₴', [null]],
      ['a delivery fee after +', PL, 'Woda 1,5 l', '2,99 zł + 9,99 zł dostawa', [2.99, null]],
      ['a deposit for two after +', PL, 'Woda 1,5 l', '5,98 zł za 2 szt. + 1,00 zł kaucja', [null]],
      ['a tyre per piece, the set after', PL, 'Opona zimowa Michelin 205/55 R16', '349 zł/szt. · 1 396 zł za komplet 4 szt.', [349]],
      [
        'a tyre per piece when buying the set',
        PL,
        'Opona zimowa Michelin 205/55 R16',
        '349 zł/szt. przy zakupie kompletu · 1 396 zł za komplet 4 szt.',
        [null],
      ],
      ['a tyre per piece with a code', PL, 'Opona zimowa Michelin 205/55 R16', '349 zł/szt. z kodem · 1 396 zł za komplet 4 szt.', [null]],
      ['a tyre per month', PL, 'Opona zimowa Michelin 205/55 R16', '349 zł/mies. · 1 396 zł za komplet 4 szt.', [null]],
      ['a tyre per piece with fitting', CZ, 'Pneumatika Michelin 205/55 R16', '2 490 Kč/ks s montáží (sada 4 ks 9 960 Kč)', [null]],
      ['a code price with something after it', UA, 'Смартфон Samsung A55', '12 999 ₴ з промокодом 11 699 ₴ для членів клубу', [12999, null]],
      ["a code price after a 'від' amount", UA, 'Смартфон Samsung A55', 'від 12 999 ₴ з промокодом 11 699 ₴', [null]],
      ['a monthly amount before a code price', UA, 'Смартфон Samsung A55', '12 999 ₴/міс з промокодом 11 699 ₴', [null]],
      ['a yearly amount before a code price', UA, 'Антивірус ESET', '1 299 ₴/рік з промокодом 1 169 ₴', [null]],
      ['free delivery stays read (PL)', PL, 'Pralka Bosch', '2 499,00 zł z darmową dostawą', [2499, null]],
      ["'vč. DPH a recyklačního poplatku' stays read", CZ, 'Pračka Bosch', '12 490 Kč vč. DPH a recyklačního poplatku', [12490, null]],
      ['a zero-width space inside the thousands', CZ, 'Vrtačka Bosch', '1\u200b299 Kč', [1299]],
      ['full-width digits', CZ, 'Vrtačka Bosch', '１ ２９９ Kč', [1299]],
      ['half a price for the second piece', DE, 'Wasserkocher', '12,99 € · 2. Stück ½ Preis', [12.99, null]],
      // Wrong at 7742d58.
      ["'/2 шт.' alone", UA, 'Смартфон Samsung A55', '12 999 ₴/2 шт.', [null]],
      ["'/2 szt.' alone", PL, 'Telefon Samsung', '25,98 zł/2 szt.', [null]],
      ["'/ 2 szt.' alone", PL, 'Telefon Samsung', '25,98 zł / 2 szt.', [null]],
      ["'/2 ks' alone", CZ, 'Telefon Samsung', '259 Kč/2 ks', [null]],
      ["'/2 шт.' before a code price", UA, 'Смартфон Samsung A55', '12 999 ₴/2 шт. з промокодом 11 699 ₴', [null]],
      ["'/2 szt.' before a code price", PL, 'Telefon Samsung', '25,98 zł/2 szt. z kodem 23,38 zł', [null]],
      ["'/2 ks' before a code price", CZ, 'Telefon Samsung', '259 Kč/2 ks s kódem 233 Kč', [null]],
      ["'/2 szt.' netto before brutto", PL, 'Wiertarka Bosch', '100,00 zł/2 szt. netto 123,00 zł brutto', [null]],
      ["'/2 шт.' before a falling arrow", UA, 'Дриль Bosch', '1 599 ₴/2 шт. → 1 299 ₴', [null]],
      ['a card price before a falling arrow', UA, 'Дриль Bosch', '1 599 ₴ з карткою → 1 299 ₴', [null]],
      ["'2 ×' before a code price (PL)", PL, 'Telefon Samsung', '2 × 1 299,00 zł z kodem 1 169,00 zł', [null]],
      ["'2 ×' before a code price (CZ)", CZ, 'Telefon Samsung', '2 × 1 299 Kč s kódem 1 169 Kč', [null]],
      ["'2 ×' before a code price (UA)", UA, 'Смартфон Samsung A55', '2 × 12 999 ₴ з промокодом 11 699 ₴', [null]],
      ["a set's price before a code price (PL)", PL, 'Telefon Samsung', '1 299,00 zł za zestaw z kodem 1 169,00 zł', [null]],
      ["a set's price before a code price (CZ)", CZ, 'Telefon Samsung', '1 299 Kč za sadu s kódem 1 169 Kč', [null]],
      ["a set's price before a code price (UA)", UA, 'Смартфон Samsung A55', '12 999 ₴ за комплект з промокодом 11 699 ₴', [null]],
      ['a family-card price before a code price (PL)', PL, 'Telefon Samsung', '1 299,00 zł z Kartą Dużej Rodziny, z kodem 1 169,00 zł', [null]],
      ['a card price before a code price (UA)', UA, 'Смартфон Samsung A55', '12 999 ₴ з карткою «Власний рахунок», з промокодом 11 699 ₴', [null]],
    ] as const
  ).forEach(([what, shop, h1, text, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      const got = bySelector(h1, `<p><span class="pp">${text}</span></p>`, shop);
      expect(allowed).toContain(got.price);
    }),
  );
});

/**
 * ATK3 on d8259ed (SCRFIX, sixth batch pages by class): a loading price read from the element's data-price, a
 * currency switcher's block, a badge's saving, sizes '160×200', per-unit lines, sets and seasons. `WRONG_NOW` rows
 * are read wrong at d8259ed (`it.failing`; take a row out when it is right):
 * - new at d8259ed: 'Cena się ładuje…' with a data-price in minor units ('129900' for 1 299,00 zł, '12990' for
 *   129,90 zł: a hundred times the price) or a net one (data-price-type="net") is recorded as the price — the page
 *   shows a careful human no price at all; the currency switcher's block gives the STRUCK old price
 *   ('51,90 €' beside '(<s>1 499 Kč</s>)' -> 1499);
 * - wrong before d8259ed too: '10x1 299 Kč' (ten instalments) -> 299, and a loading text naming two pieces
 *   ('Cena się ładuje… (cena za 2 szt.)') -> 2.
 */
describe('ATK3 on d8259ed: loading prices, switched currencies, badges, sizes', () => {
  // Emptied by SCRFIX: every row is read right since its follow-up (data-price with decimals and no qualifier, no struck block, 'N x' counts, pieces as quantities).
  const WRONG_NOW = new Set<string>([]);
  (
    [
      // Read right at d8259ed: keep them so.
      ["ten instalments '10x99,90 zł'", PL, 'Laptop Lenovo', '<p><span class="pp">10x99,90 zł</span></p>', [null]],
      ["ten instalments '10×99,90 zł'", PL, 'Laptop Lenovo', '<p><span class="pp">10×99,90 zł</span></p>', [null]],
      ["twelve instalments '12×1 083 ₴'", UA, 'Ноутбук Lenovo', '<p><span class="pp">12×1 083 ₴</span></p>', [null]],
      ["a size '160×200' before the price", PL, 'Materac 160x200', '<p><span class="pp">160×200 · 1 299,00 zł</span></p>', [1299]],
      ['a loading price with data-price 0', PL, 'Kawa 500 g', '<p><span class="pp" data-price="0">Cena się ładuje…</span></p>', [null]],
      ['a loading price with data-price -1', PL, 'Kawa 500 g', '<p><span class="pp" data-price="-1">Cena się ładuje…</span></p>', [null]],
      ['a loading price with data-price 1e3', PL, 'Kawa 500 g', '<p><span class="pp" data-price="1e3">Cena się ładuje…</span></p>', [null]],
      [
        'a loading price in another currency',
        PL,
        'Kawa 500 g',
        '<p><span class="pp" data-price="29.90" data-currency="eur">Cena się ładuje…</span></p>',
        [null],
      ],
      ['a loading instalment', PL, 'Kawa 500 g', '<p><span class="pp" data-price="29.90">Wczytywanie raty…</span></p>', [null]],
      ['a loading monthly price', PL, 'Kawa 500 g', '<p><span class="pp" data-price="29.90">Loading price per month…</span></p>', [null]],
      ['a loading card price', UA, 'Кава 500 г', '<p><span class="pp" data-price="299">Ціна завантажується… (з карткою)</span></p>', [null]],
      [
        'a switched currency, the shop amount per month',
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>(1 249 Kč/měs.)</div></div>',
        [null],
      ],
      [
        "a switched currency, the shop amount with 'od'",
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>(od 1 249 Kč)</div></div>',
        [null],
      ],
      [
        'a switched currency, the shop amount for two',
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>(2 498 Kč za 2 ks)</div></div>',
        [null],
      ],
      [
        'a switched currency, the shop amount without VAT',
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>(1 249 Kč bez DPH)</div></div>',
        [null],
      ],
      ['a switched currency beside a delivery fee', CZ, 'Mixér Bosch', '<div class="box"><div class="pp">51,90 €</div><div>Doprava 99 Kč</div></div>', [null]],
      ['a switched currency beside a saving', CZ, 'Mixér Bosch', '<div class="box"><div class="pp">51,90 €</div><div>Ušetříte 250 Kč</div></div>', [null]],
      [
        'a switched currency beside the old price',
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>Původní cena 1 499 Kč</div></div>',
        [null],
      ],
      ['a badge that is not the struck difference', UA, 'Дриль Bosch', '<div class="pp"><del>27 999 грн</del> 27 999 грн −2 000 грн</div>', [null]],
      ['a badge with a card after it', UA, 'Дриль Bosch', '<div class="pp"><del>27 999 грн</del> 25 999 грн −2 000 грн з карткою</div>', [null]],
      ['a per-m² line with struck and current', PL, 'Panele podłogowe', '<div class="pp">za m² <s>56,70 zł</s> 49,90 zł</div>', [null]],
      ['a set of four tyres alone', UA, 'Шина Michelin', '<div class="pp">Комплект 4 шт.: 9 800 ₴</div>', [null]],
      ['a seasonal rate', UA, 'Зберігання шин', '<div class="pp">600 ₴/сезон</div>', [null]],
      ['cents in sup with their own separator (PL)', PL, 'Kawa 500 g', '<p><span class="pp">2<sup>.29</sup> zł</span></p>', [2.29]],
      // Wrong at d8259ed.
      ['a loading price with data-price in grosze', PL, 'Laptop Lenovo', '<p><span class="pp" data-price="129900">Cena się ładuje…</span></p>', [null, 1299]],
      [
        'a loading price with data-price in grosze (129,90 zł)',
        PL,
        'Kawa 500 g',
        '<p><span class="pp" data-price="12990">Cena się ładuje…</span></p>',
        [null, 129.9],
      ],
      [
        'a loading price with a net data-price',
        PL,
        'Kawa 500 g',
        '<p><span class="pp" data-price="105.61" data-price-type="net">Cena się ładuje…</span></p>',
        [null, 129.9],
      ],
      [
        'a switched currency beside the struck old price only',
        CZ,
        'Mixér Bosch',
        '<div class="box"><div class="pp">51,90 €</div><div>(<s>1 499 Kč</s>)</div></div>',
        [null],
      ],
      ["ten instalments '10x1 299 Kč'", CZ, 'Notebook Lenovo', '<p><span class="pp">10x1 299 Kč</span></p>', [null]],
      ['a loading price for two pieces', PL, 'Kawa 500 g', '<p><span class="pp" data-price="29.90">Cena się ładuje… (cena za 2 szt.)</span></p>', [null]],
    ] as const
  ).forEach(([what, shop, h1, block, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      expect(allowed).toContain(bySelector(h1, block, shop).price);
    }),
  );
});

/**
 * ATK3 on c64eb81: '/2 шт.', '/2 szt.', '/2 ks' after an amount now make it a tier. The same amount for two said
 * with another unit or none is still recorded as one item's price at c64eb81 (and at a87897c): '/2 pary', '/2 op.',
 * '/2 bal.', '/2 уп.', 'за 2 уп.', 'za dwa', 'za 2', '/2x', '/ 2 ც.' (`WRONG_NOW`, `it.failing`; take a row out when
 * it is right). Rows read right at c64eb81 are guards.
 */
describe('ATK3 on c64eb81: an amount for two in other words', () => {
  // Emptied by SCRFIX: an amount for several said right after it, in any unit or none, is a tier since its follow-up.
  const WRONG_NOW = new Set<string>([]);
  (
    [
      ["'/3 шт.'", UA, 'Смартфон Samsung A55', '12 999 ₴/3 шт.', [null]],
      ["'/ 10 шт.'", UA, 'Смартфон Samsung A55', '12 999 ₴ / 10 шт.', [null]],
      ["'2 шт. за'", UA, 'Йогурт 150 г', '2 шт. за 59,90 ₴', [null]],
      ["'2 szt. za'", PL, 'Jogurt 150 g', '2 szt. za 5,98 zł', [null]],
      ["'2 ks za'", CZ, 'Jogurt 150 g', '2 ks za 39,90 Kč', [null]],
      ["'3 za' before a code price", PL, 'Telefon Samsung', '3 za 1 299,00 zł z kodem 1 169,00 zł', [null]],
      ["'x 2' before a code price", PL, 'Telefon Samsung', '1 299,00 zł x 2 z kodem 1 169,00 zł', [null]],
      ["'(2 szt.)' before a code price", PL, 'Telefon Samsung', '1 299,00 zł (2 szt.) z kodem 1 169,00 zł', [null]],
      ["'/2szt' before a code price", PL, 'Telefon Samsung', '1 299,00 zł/2szt z kodem 1 169,00 zł', [null]],
      ["'/2 pary'", PL, 'Rękawiczki robocze', '25,98 zł/2 pary', [null]],
      ["'/2 op.'", PL, 'Jogurt 150 g', '5,98 zł/2 op.', [null]],
      ["'/2 bal.'", CZ, 'Jogurt 150 g', '39,90 Kč/2 bal.', [null]],
      ["'/2 уп.'", UA, 'Йогурт 150 г', '59,90 ₴/2 уп.', [null]],
      ["'за 2 уп.'", UA, 'Йогурт 150 г', '59,90 ₴ за 2 уп.', [null]],
      ["'za dwa'", PL, 'Jogurt 150 g', '5,98 zł za dwa', [null]],
      ["'za 2'", PL, 'Jogurt 150 g', '5,98 zł za 2', [null]],
      ["'/2x'", CZ, 'Jogurt 150 g', '39,90 Kč/2x', [null]],
      ["'/ 2 ც.'", GE, 'იოგურტი 150 გ', '5,98 ₾ / 2 ც.', [null]],
    ] as const
  ).forEach(([what, shop, h1, text, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      expect(allowed).toContain(bySelector(h1, `<p><span class="pp">${text}</span></p>`, shop).price);
    }),
  );
});

/**
 * ATK4 on 7ecfee6: '/N …' and 'za|за N …' right after an amount now make it a tier whatever follows the number. No
 * wrong price found; LOSSES new at 7ecfee6 (read right at 309c904; `WRONG_NOW`, `it.failing`; take a row out when it is
 * right): the number is the item's own size ('/29"' bike, '/2 m' for a cable named '2 m', '/2 шини' for a set named
 * '(2 шт.)' — the pack-is-the-product check PACK_AFTER has is skipped), or no count at all ('/ 2 roky záruka',
 * 'za 2 dni dostawa'). Rows refused or read right at 7ecfee6 are guards.
 */
describe('ATK4 on 7ecfee6: a number after the amount that counts no pieces', () => {
  // Emptied by SCRFIX4: a number that counts no pieces (the product's own size or count as its name gives it, a
  // warranty's years, a delivery's days) leaves the amount the item's price (countsNoPieces in visible.ts).
  const WRONG_NOW = new Set<string>([]);
  (
    [
      ["'/29\"' wheel size", CZ, 'Kolo Author 29"', '12 990 Kč/29"', [12990]],
      ["'/2 m' the cable's own length", PL, 'Kabel HDMI 2 m', '29,99 zł/2 m', [29.99]],
      ["'/2 m' beside a per-metre price", PL, 'Kabel HDMI 2 m', '29,99 zł/2 m · 14,99 zł/m', [29.99]],
      ["'/2 шини' a set of two named so", UA, 'Шини 205/55 R16 (2 шт.)', '4 998 ₴/2 шини', [4998]],
      ["'/ 2 roky záruka'", CZ, 'Telefon Samsung A55', '12 999 Kč / 2 roky záruka', [12999]],
      ["'za 2 dni dostawa'", PL, 'Telefon Samsung A55', '1 299,00 zł za 2 dni dostawa', [1299]],
      ["'/2 шини' for one tyre", UA, 'Шини 205/55 R16', '2 499 ₴/2 шини', [null]],
      ["'/2 m' for a cable sold by length", PL, 'Kabel HDMI', '29,99 zł/2 m', [null]],
      ["'za dwie'", PL, 'Telefon Samsung A55', '1 299,00 zł za dwie', [null]],
      ["'за 2 уп.' for one pack", UA, 'Йогурт 150 г', '59,90 ₴ за 2 уп.', [null]],
      ["'/205/55 R16' tyre size", PL, 'Opona 205/55 R16', '349,00 zł/205/55 R16', [349, null]],
      ["'/ 2 roky záruka' before a second amount", CZ, 'Telefon Samsung A55', '12 999 Kč / 2 roky záruka 11 999 Kč', [12999, null]],
      ["'/29\"' before an instalment", CZ, 'Kolo Author 29"', '12 990 Kč/29" · 1 083 Kč/měs.', [12990, null]],
    ] as const
  ).forEach(([what, shop, h1, text, allowed]) =>
    (WRONG_NOW.has(what) ? it.failing : it)(`${what}: by selector ${allowed.map((p) => p ?? 'nothing').join(' or ')}`, () => {
      expect(allowed).toContain(bySelector(h1, `<p><span class="pp">${text}</span></p>`, shop).price);
    }),
  );
});
