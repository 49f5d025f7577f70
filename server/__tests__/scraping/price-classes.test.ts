/**
 * The sixth batch's classes (docs/parsers.md "Sixth batch"): each rule read by the operator's price element ('.pp')
 * as a shop of its country, with the near-misses that must stay refused beside it. `price: null` means no price
 * may be recorded; `old` is checked when given.
 */
import { extract } from '../../src/scraping/extract';
import { bySelector, PL, UA, CZ, SK, GE, DE, HU, RO, type Shop } from '../helpers/price-element';

type Row = [text: string, shop: Shop, price: number | null, old?: number | null, h1?: string];
const check = (rows: Row[]) =>
  it.each(rows.map((r) => [`${JSON.stringify(r[0])} (${r[1].country}${r[4] ? `, ${JSON.stringify(r[4])}` : ''}) → ${r[2] ?? 'nothing'}`, r] as const))(
    '%s',
    (_, [text, shop, price, old, h1]) => {
      const got = bySelector(text, shop, h1);
      expect(got.price).toBe(price);
      if (old !== undefined) expect(got.oldPrice).toBe(old);
    },
  );

describe('netto beside brutto, each labelled: the brutto', () => {
  check([
    ['100,00 zł netto 123,00 zł brutto', PL, 123],
    ['123,00 zł brutto (100,00 zł netto)', PL, 123],
    ['Cena netto: 1 000,00 zł Cena brutto: 1 230,00 zł', PL, 1230],
    ['379,00 € bez DPH 454,80 € s DPH', SK, 454.8],
    ['1 082,50 ₴ без ПДВ 1 299,00 ₴ з ПДВ', UA, 1299],
    ['24 990 Kč vč. DPH / 20 653 Kč bez DPH', CZ, 24990],
    // Near-misses: the brutto unlabelled, below the netto, or another word beside them.
    ['1 000,00 zł netto 1 230,00 zł', PL, null],
    ['1 230,00 zł brutto / 1 300,00 zł netto', PL, null],
    ['1 000,00 zł netto 1 230,00 zł brutto z kartą', PL, null],
    ['Cena netto: 1 000,00 zł', PL, null],
    ['1 000,00 zł netto · 1 230,00 zł brutto · 1 199,00 zł', PL, null],
  ]);
});

describe('a deposit beside the price: the price', () => {
  check([
    ['4,99 zł (+0,50 zł kaucja)', PL, 4.99],
    ['19,90 Kč + 3 Kč záloha', CZ, 19.9],
    ['27,90 Kč vč. zálohy 3 Kč', CZ, 27.9],
    ['1,29 € zzgl. 0,25 € Pfand', DE, 1.29],
    // Near-misses: the first amount's own condition, a deposit named first, a deposit 'included' above the price.
    ['4,99 zł z kartą (+0,50 zł kaucja)', PL, null],
    ['0,50 zł kaucja 4,99 zł', PL, null],
    ['27,90 Kč vč. zálohy 30 Kč', CZ, null],
    ['19,90 Kč 3 Kč záloha', CZ, null],
  ]);
});

describe('a code or card price after the price, lower: the price without it', () => {
  check([
    ['12 999 ₴ з промокодом 11 699 ₴', UA, 12999],
    // Near-misses: the later amount higher (the words may be the first one's), words after it, a saying in brackets.
    ['44,90 ₴ з карткою 49,90 ₴', UA, null],
    ['12 999 ₴ з промокодом 11 699 ₴ до неділі', UA, null],
    ['11 699 ₴ з промокодом', UA, null],
    ['12 999 ₴ без промокоду 11 699 ₴', UA, null],
    // The first amount several pieces' or itself conditional (ATK3 on 7742d58).
    ['12 999 ₴/2 шт. з промокодом 11 699 ₴', UA, null],
    ['2 × 1 299,00 zł z kodem 1 169,00 zł', PL, null],
    ['1 299 Kč za sadu s kódem 1 169 Kč', CZ, null],
    ['12 999 ₴ з карткою «Власний рахунок», з промокодом 11 699 ₴', UA, null],
    ['1 599 ₴ з карткою → 1 299 ₴', UA, null],
    ['25,98 zł/2 szt.', PL, null],
    ['10x1 299 Kč', CZ, null],
    // For several in any unit or none (ATK3 on c64eb81); one piece stays read.
    ['5,98 zł/2 op.', PL, null],
    ['5,98 zł za dwa', PL, null],
    ['39,90 Kč/2x', CZ, null],
    ['5,98 zł/szt.', PL, 5.98],
    ['160×200 · 1 299,00 zł', PL, 1299],
  ]);
});

describe("a number after the amount that counts no pieces (ATK4 on 7ecfee6): the item's size, a warranty's or delivery's days", () => {
  check([
    // The number is the product's own size, as its name says it ('Kolo Author 29"', 'Kabel HDMI 2 m').
    ['12 990 Kč/29"', CZ, 12990, undefined, 'Kolo Author 29"'],
    ['29,99 zł/2 m', PL, 29.99, undefined, 'Kabel HDMI 2 m'],
    ['29,99 zł/2 m · 14,99 zł/m', PL, 29.99, undefined, 'Kabel HDMI 2 m'],
    // The things counted are the product's, and its name counts as many ('Шини … (2 шт.)').
    ['4 998 ₴/2 шини', UA, 4998, undefined, 'Шини 205/55 R16 (2 шт.)'],
    // Years of warranty, days of delivery.
    ['12 999 Kč / 2 roky záruka', CZ, 12999],
    ['12 999 ₴ / 2 роки гарантії', UA, 12999],
    ['1 299,00 zł za 2 dni dostawa', PL, 1299],
    // Near-misses: a size the name does not give (or another), the name counting other things or another number,
    // a span of time naming no warranty or delivery (a subscription, a rent).
    ['12 990 Kč/29"', CZ, null, undefined, 'Kolo Author 27,5"'],
    ['12 990 Kč/29"', CZ, null, undefined, 'Kolo Author'],
    ['29,99 zł/2 m', PL, null, undefined, 'Kabel HDMI 3 m'],
    ['29,99 zł/2 m', PL, null, undefined, 'Kabel HDMI 1,2 m'],
    ['29,99 zł/2 m', PL, null, undefined, 'Kabel HDMI 2 m (2 szt.)'],
    ['4 998 ₴/2 шини', UA, null, undefined, 'Шини 205/55 R16 (4 шт.)'],
    ['4 998 ₴/2 шини', UA, null, undefined, 'Шини 205/55 R16'],
    ['4 998 ₴/2 диски', UA, null, undefined, 'Шини 205/55 R16 (2 шт.)'],
    ['59,90 ₴ за 2 уп.', UA, null, undefined, 'Йогурт 150 г (2 шт.)'],
    ['12 999 Kč / 2 roky', CZ, null],
    ['12 999 Kč / 2 roky předplatné', CZ, null],
    ['1 299,00 zł za 2 dni', PL, null],
    ['1 299,00 zł za 2 dni wynajmu', PL, null],
    ['1 299,00 zł za 2 dni dostawa z kartą', PL, null],
    // ATK6 on 1e57adc/e472c12: the name counting the same things ('60 kaps.', '8 rolek'), availability from a date, a
    // price last updated; near-misses: another count or none in the name.
    ['29,99 zł / 60 kaps.', PL, 29.99, undefined, 'Witamina D3 2000 IU 60 kaps.'],
    ['19,99 zł/8 rolek', PL, 19.99, undefined, 'Papier toaletowy Velvet 8 rolek'],
    ['2 990 Kč Skladem od 2. 12.', CZ, 2990],
    ['2 990 Kč · cena naposledy aktualizována dnes', CZ, 2990],
    ['29,99 zł / 60 kaps.', PL, null, undefined, 'Witamina D3 2000 IU 30 kaps.'],
    ['29,99 zł / 60 kaps.', PL, null, undefined, 'Witamina D3'],
    ['2 990 Kč od 2. 12.', CZ, null],
  ]);
});

describe('seventh batch: a price from a date to come (not the current one)', () => {
  check([
    ['З 01.12 ціна 1 099 ₴', UA, null],
    ['1 დეკემბრიდან ფასი 79 ₾', GE, null],
    ['Aktionspreis ab 02.12.: 9,99 €', DE, null],
    ['Od 1 grudnia 49,99 zł', PL, null],
    // Near-misses: a date the price holds until, a count after 'od'.
    ['1 099 ₴ · ціна діє до 31.12', UA, 1099],
    ['Cena 49,99 zł ważna do 01.12', PL, 49.99],
  ]);
});

describe('seventh batch: a last price (history), an auction, a watchdog target', () => {
  check([
    ['Остання ціна: 2 799 ₴', UA, null],
    ['Последняя цена: 2 799 грн', UA, null],
    ['Naposledy za 3 490 Kč', CZ, null],
    ['Aktuální cena 1 250 Kč · 9 příhozů', CZ, null],
    ['Vyvolávací cena 500 Kč', CZ, null],
    ['aktualna oferta 120,00 zł', PL, null],
    ['Licytacja · 7 ofert · 120,00 zł', PL, null],
    ['Licit: 12 500 Ft', HU, null],
    ['Aktuelles Gebot: 120,00 €', DE, null],
    ['Upozornit, až cena klesne pod 3 000 Kč', CZ, null],
    ['Powiadom, gdy cena spadnie poniżej 100,00 zł', PL, null],
    // Near-misses: the last pieces, a current price, an offer ('Angebot'), buy now, a price that fell.
    ['Poslední kusy 3 490 Kč', CZ, 3490],
    ['Aktuální cena 1 250 Kč', CZ, 1250],
    ['Angebot 120,00 €', DE, 120],
    ['Kup teraz 189,00 zł', PL, 189],
    ['Cena klesla na 3 000 Kč', CZ, 3000],
  ]);
});

describe("seventh batch: an auction's page (cz-51, pl-48)", () => {
  const page = (line: string) =>
    `<!doctype html><html><body><main><div class="product"><h1>Gramofon Tesla</h1><div class="pp">1 250 Kč</div><div>${line}</div><button>Buy</button></div></main></body></html>`;
  const read = (line: string) => extract(page(line), { strategy: 'selectors', selectors: { name: 'h1', price: '.pp' } as never, ...CZ });
  it('refuses a page whose amounts are bids, though the price element has no auction word', () => {
    expect(read('Minimální příhoz: 50 Kč').price).toBeNull();
    expect(read('Vyvolávací cena: 500 Kč').price).toBeNull();
  });
  it('reads a page whose other amount is no bid', () => {
    expect(read('Poštovné od 119 Kč').price).toBe(1250);
  });
});

describe('seventh batch: forints, and display by the cascade (hu-04, pl-49)', () => {
  check([
    ['99.990 Ft', HU, 99990],
    ['3 db-tól 4 490 Ft/db', HU, null],
    ['4 990 Ft/db', HU, 4990],
  ]);
  const page = (css: string) =>
    `<!doctype html><html><head><style>${css}</style></head><body><main><div class="product"><h1>Ekspres</h1><div class="price price--on-sale"><div class="price__regular"><span class="v">1 599,00 zł</span></div><div class="price__sale"><s class="o">1 599,00 zł</s> <span class="v">1 299,00 zł</span></div></div><button>Buy</button></div></main></body></html>`;
  const read = (css: string) => {
    const x = extract(page(css), { strategy: 'selectors', selectors: { name: 'h1', price: '.v' } as never, ...PL });
    return [x.price, x.oldPrice];
  };
  it('shows what a more specific or later rule shows again, hides what the winning rule hides', () => {
    // Shopify Dawn: the sale block hidden by default, shown on sale; the regular block hidden on sale.
    expect(read('.price__sale{display:none}.price--on-sale .price__sale{display:initial}.price--on-sale .price__regular{display:none}')).toEqual([1299, 1599]);
    // A less specific later rule does not show again what a more specific one hides.
    expect(read('.price--on-sale .price__regular{display:none}.price__regular{display:block}')).toEqual([1299, 1599]);
    // The same specificity: the later rule wins (both prices shown compete).
    expect(read('.price__regular{display:none}.price__regular{display:block}')).toEqual([null, null]);
  });
});

describe("seventh batch: 'instead of' after the old price, a Slovak regular price", () => {
  check([
    ['1 499 ₾-ის ნაცვლად 1 299 ₾', GE, 1299, 1499],
    ['129.990 Ft helyett 99.990 Ft', HU, 99990, 129990],
    ['Akciová cena 1,99 € Bežná cena 2,49 €', SK, 1.99, 2.49],
    // Near-misses: a rising 'instead of', words after the new price, a 'regular' price below the promotion.
    ['1 299 ₾-ის ნაცვლად 1 499 ₾', GE, null],
    ['1 499 ₾-ის ნაცვლად 1 299 ₾ ბარათით', GE, null],
    ['Akciová cena 1,99 € Bežná cena 1,49 €', SK, null],
  ]);
});

describe('seventh batch: a price for one way of paying or with another product bought', () => {
  check([
    ['1 ₴* при купівлі смартфона', UA, null],
    ['Cena při platbě předem 1 249 Kč', CZ, null],
    ['Cena przy płatności BLIKIEM 179,00 zł', PL, null],
    ['Ціна при оплаті онлайн 1 249 ₴', UA, null],
    ['1 249 Kč při nákupu s telefonem', CZ, null],
    // Near-misses: a payment or a purchase named without a condition on the price.
    ['Platba předem i na dobírku · 1 249 Kč', CZ, 1249],
    ['1 299 ₴ при купівлі 2 шт.', UA, null],
  ]);
});

describe('seventh batch: a price including a service named before it', () => {
  check([
    ['Ціна з установкою 4 999 ₴', UA, null],
    ['Cena s instalací 14 480 Kč', CZ, null],
    ['Cena z ubezpieczeniem 1 449,00 zł', PL, null],
    ['Preis mit Montage 499,00 €', DE, null],
    // Near-misses: the service named apart from the price.
    ['Ціна 4 999 ₴ · установка окремо', UA, 4999],
  ]);
});

describe('seventh batch: sums, minimum orders, points, cashback, placeholders, per-dose prices', () => {
  check([
    ['Сума за 2 шт.: 2 598 ₴', UA, null],
    ['Сумма: 2 598 грн', UA, null],
    ['72 ₴/пара · мінімальне замовлення 10 пар', UA, null],
    ['129,00 zł · minimalne zamówienie 5 szt.', PL, null],
    ['1 500 ქულა', GE, null],
    ['Zbierz 130 punktów', PL, null],
    ['+150 bodů', CZ, null],
    ['ქეშბექი 50 ₾', GE, null],
    ['Zwrot 100 zł na kartę podarunkową', PL, null],
    ['ფასი: 0.01 ₾', GE, null],
    ['Cena: 0,01 zł', PL, null],
    ['0,28 zł / 1 kaps.', PL, null],
    ['1,20 ₴/1 таб.', UA, null],
    // Near-misses: a bag ('Сумка'), points beside the price, ten grosze, a pack's price.
    ['Сумка 1 299 ₴', UA, 1299],
    ['1 500 ₾ · 150 ქულა', GE, 1500],
    ['129,00 zł · zbierz 13 punktów', PL, 129],
    ['Cena: 0,10 zł', PL, 0.1],
    ['24,99 zł / opak.', PL, null],
  ]);
});

describe("another currency's amount first, the shop's after it: the shop's", () => {
  check([
    ['51,90 € (1 249 Kč)', CZ, 1249],
    ['≈ 16 $ (45 ₾)', GE, 45],
    // Near-misses: a word beside them, no separator, two of the shop's.
    ['51,90 € (1 249 Kč s kartou)', CZ, null],
    ['51,90 € 1 249 Kč', CZ, null],
    ['51,90 € (1 249 Kč) 1 199 Kč', CZ, null],
  ]);
});

describe('a piece and a set of several: the piece', () => {
  check([
    ['389,00 zł/szt. · 1 556,00 zł za komplet 4 szt.', PL, 389],
    ['2 450 ₴/шт. · 9 800 ₴ за комплект', UA, 2450],
    ['1 999 Kč/ks (sada 4 ks 7 996 Kč)', CZ, 1999],
    ['89,99 € pro Stück · 359,96 € im 4er-Satz', DE, 89.99],
    ['449 Kč (komplet 3 ks 1 197 Kč)', CZ, 449],
    // Near-misses: the set first, other words beside the set, no separator.
    ['7 996 Kč za sadu (1 999 Kč/ks)', CZ, null],
    ['389,00 zł/szt. · 1 556,00 zł za komplet 4 szt. z kartą', PL, null],
    ['389,00 zł 1 556,00 zł za komplet', PL, null],
    ['1 999 Kč / ks při odběru 4 ks', CZ, null],
  ]);
});

describe("a tier after a dash ('· від 2 шт. — 95 ₴') and an arrow from the old price", () => {
  check([
    ['109 ₴ · від 2 шт. — 95 ₴', UA, 109],
    ['1 599 ₴ → 1 299 ₴', UA, 1299, 1599],
    // Near-misses: a rising arrow, words beside it, the tier before the price.
    ['1 299 ₴ → 1 599 ₴', UA, null],
    ['1 599 ₴ → 1 299 ₴ з карткою', UA, null],
    ['від 2 шт. — 95 ₴ · 109 ₴', UA, null],
  ]);
});

describe('from prices, monthly fees, per-kWh rates and net prices in more words', () => {
  check([
    ['Cena od: 49,90 zł', PL, null],
    ['de la 1.299,99 Lei', RO, null],
    ['1 299 Ft-tól', HU, null],
    ['10 228 Ft + ÁFA', HU, null],
    ['Тариф: 250 ₴/міс.', UA, null],
    ['თვიური გადასახადი 25 ₾', GE, null],
    ['Cena za 1 kWh: 0,62 zł', PL, null],
    // Near-misses: the same words that are no such thing.
    ['Cena: 49,90 zł', PL, 49.9],
    ['Місце в кошику: 250 ₴', UA, 250],
    ['1 299 Ft', HU, 1299],
  ]);
});

describe('characters a shopper does not see or reads as digits', () => {
  check([
    ['1\u200b299 Kč', CZ, 1299],
    ['\ufeff1 299 Kč', CZ, 1299],
    ['１２９９ ₴', UA, 1299],
    ['４９,９９ zł', PL, 49.99],
    ['12½ €', DE, 12.5],
    ['12¼ €', DE, 12.25],
  ]);
});

describe('a price comparison page: no price', () => {
  const page = (link: string) =>
    `<!doctype html><html><body><main><h1>Ekspres DeLonghi</h1><div class="pp">1 299,00 zł</div><section class="offers"><div class="offer"><span>elektro-mix.pl</span> <span>1 299,00 zł</span> <a href="/Click/Offer/?e=1">${link}</a></div></section></main></body></html>`;
  const read = (link: string) => extract(page(link), { strategy: 'selectors', selectors: { name: 'h1', price: '.pp' } as never, ...PL });
  it("refuses a page with a link out to a shop's offer ('Idź do sklepu')", () => {
    expect(read('Idź do sklepu').price).toBeNull();
    expect(read('Przejdź do sklepu ›').problem?.kind).toBe('price_conflict');
  });
  it('reads a shop page whose links only mention a shop', () => {
    expect(read('Sklep stacjonarny w Warszawie').price).toBe(1299);
    expect(read('O sklepie').price).toBe(1299);
  });
});

describe('price blocks of the sixth batch: the rule by a page of its own', () => {
  type Page = { block: string; price: string; old?: string; shop: Shop; h1?: string };
  const read = ({ block, price, old, shop, h1 = 'Product' }: Page) =>
    extract(`<!doctype html><html><body><main><div class="product"><h1>${h1}</h1>${block}<button>Buy</button></div></main></body></html>`, {
      strategy: 'selectors',
      selectors: { name: 'h1', price, ...(old ? { oldPrice: old } : {}) } as never,
      priceFormat: { decimal: ',', thousands: shop.country === 'de' || shop.country === 'ro' ? '.' : ' ' },
      ...shop,
    });
  it("reads cents in a <sup> printed with their own separator ('2<sup>.29</sup> €' on a ',' shop)", () => {
    expect(read({ block: '<div class="p"><span class="v">2<sup>.29</sup> €</span></div>', price: '.v', shop: DE }).price).toBe(2.29);
    expect(read({ block: '<div class="p"><span class="v">2<sup>,29</sup> €</span></div>', price: '.v', shop: DE }).price).toBe(2.29);
  });
  it("takes a set's line ('Комплект 4 шт.: 9 800 ₴') and a per-season service rate for what they are", () => {
    const block =
      '<div class="p"><span class="v">2 450 ₴</span>/шт.</div><div>Комплект 4 шт.: <b>9 800 ₴</b></div><ul><li>Зберігання шин — 600 ₴/сезон</li></ul>';
    expect(read({ block, price: '.v', shop: UA }).price).toBe(2450);
    // A set line with no count: nothing says it is several pieces.
    expect(read({ block: '<div class="p"><span class="v">2 450 ₴</span></div><div>Комплект: <b>9 800 ₴</b></div>', price: '.v', shop: UA }).price).toBeNull();
  });
  it("takes a line opened by a unit ('za m² <s>56,70 zł</s> 49,90 zł') as per that unit", () => {
    const block =
      '<div>za m² <s>56,70 zł</s> <span>49,90 zł</span></div><div class="pack">za opak. <s class="was">124,74 zł</s> <span class="v">109,78 zł</span></div>';
    const got = read({ block, price: '.pack .v', old: '.pack .was', shop: PL });
    expect([got.price, got.oldPrice]).toEqual([109.78, 124.74]);
    // The same line without its unit is a second price.
    expect(read({ block: block.replace('za m² ', ''), price: '.pack .v', old: '.pack .was', shop: PL }).price).toBeNull();
  });
  it("reads sizes ('160×200 — 21 400 ₴') as no money beside the chosen option's price", () => {
    const block =
      '<form><fieldset><label class="opt"><input type="radio" name="s" value="140"> 140×200 — 18 900 ₴</label><label class="opt opt--active"><input type="radio" name="s" value="160" checked> 160×200 — 21 400 ₴</label></fieldset></form><div class="cfg"><span class="v">21 400 ₴</span></div>';
    expect(read({ block, price: '.v', shop: UA }).price).toBe(21400);
    // No option chosen: the options compete.
    expect(read({ block: block.replace(' checked', '').replace(' opt--active', ''), price: '.v', shop: UA }).price).toBeNull();
  });
  it("reads the element's own data-price while its text says it is loading", () => {
    const el = (attrs: string, text = 'Cena się ładuje…') => `<div class="v" ${attrs}><span>${text}</span></div>`;
    expect(read({ block: el('data-price="349.00" data-currency="PLN"'), price: '.v', shop: PL }).price).toBe(349);
    // Another currency, words that are no loading, a shop-formatted value: nothing.
    expect(read({ block: el('data-price="349.00" data-currency="EUR"'), price: '.v', shop: PL }).price).toBeNull();
    expect(read({ block: el('data-price="349.00"', 'Cena na telefon'), price: '.v', shop: PL }).price).toBeNull();
    expect(read({ block: el('data-price="349,00 zł"'), price: '.v', shop: PL }).price).toBeNull();
    // No decimals (minor units?), a net one, a count in the loading text (ATK3 on d8259ed).
    expect(read({ block: el('data-price="34900"'), price: '.v', shop: PL }).price).toBeNull();
    expect(read({ block: el('data-price="349.00" data-price-type="net"'), price: '.v', shop: PL }).price).toBeNull();
    expect(read({ block: el('data-price="349.00"', 'Cena się ładuje… (cena za 2 szt.)'), price: '.v', shop: PL }).price).toBeNull();
  });
  it("reads the shop's currency beside an element a currency switcher turned ('51,90 €' over '(1 249 Kč)')", () => {
    const block = (czk: string) => `<div class="ps"><div class="v">51,90 €</div><div class="czk">${czk}</div></div>`;
    const got = read({ block: block('(1 249 Kč)'), price: '.v', shop: CZ });
    expect([got.price, got.currency]).toEqual([1249, 'CZK']);
    expect(read({ block: block('(1 249 Kč s kartou)'), price: '.v', shop: CZ }).price).toBeNull();
    expect(read({ block: block(''), price: '.v', shop: CZ }).price).toBeNull();
    expect(read({ block: block('(<s>1 499 Kč</s>)'), price: '.v', shop: CZ }).price).toBeNull();
  });
  it("takes an amount in a checkbox's label as an add-on's price ('☑ Garanție extinsă +2 ani — 149,99 Lei')", () => {
    const block = (input: string) =>
      `<p class="v">1.299<sup>99</sup> <span>Lei</span></p><div class="addon"><label>${input} Garanție extinsă +2 ani — <b>149,99 Lei</b></label></div><div><span>Total: 1.449,98 Lei</span></div>`;
    expect(read({ block: block('<input type="checkbox" checked>'), price: '.v', shop: RO }).price).toBe(1299.99);
    // A label with no checkbox (or a radio: a variant, none chosen) is a second price.
    expect(read({ block: block(''), price: '.v', shop: RO }).price).toBeNull();
    expect(read({ block: block('<input type="radio">'), price: '.v', shop: RO }).price).toBeNull();
  });
  it("takes a '−2 000 грн' badge in the price element as the struck price's saving, only when it is that", () => {
    const el = (badge: string) => `<div class="v"><del class="o">27 999 грн</del> <span>25 999 грн</span> <span>${badge}</span></div>`;
    const got = read({ block: el('−2 000 грн'), price: '.v', old: '.o', shop: UA });
    expect([got.price, got.oldPrice]).toEqual([25999, 27999]);
    expect(read({ block: el('−1 000 грн'), price: '.v', old: '.o', shop: UA }).price).toBeNull();
    expect(bySelector('1 299 ₴ −300 ₴', UA).price).toBeNull();
  });
});
