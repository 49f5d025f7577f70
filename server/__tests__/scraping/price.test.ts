import { extract } from '../../src/scraping/extract';
import { parseMachinePrice, parsePrice } from '../../src/scraping/price';

const ok = (text: string, format?: Parameters<typeof parsePrice>[1], ctx?: Parameters<typeof parsePrice>[2]) => {
  const r = parsePrice(text, format, ctx);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return r;
};

describe('parsePrice: the four countries', () => {
  it.each([
    ['39,90 Kč', 39.9, 'CZK'],
    ['1 299,00 zł', 1299, 'PLN'],
    ['39.90 ₴', 39.9, 'UAH'],
    ['5.49 ₾', 5.49, 'GEL'],
    ['12,50 грн', 12.5, 'UAH'],
    ['129 Kč', 129, 'CZK'],
  ])('%s → %d %s', (text, amount, currency) => {
    const r = ok(text);
    expect(r.amount).toBe(amount);
    expect(r.currency).toBe(currency);
  });

  it('reads thin, narrow and non-breaking spaces as thousands separators', () => {
    expect(ok('1\u00a0299,00\u00a0zł').minor).toBe(129900);
    expect(ok('1\u202f299,00 zł').minor).toBe(129900);
    expect(ok('12\u2009500 Kč').minor).toBe(1250000);
  });

  it("takes 'від 12,50 грн' as 12.50 marked as a from-price", () => {
    const r = ok('від 12,50 грн');
    expect(r.amount).toBe(12.5);
    expect(r.from).toBe(true);
  });

  it("refuses '1.600' without the shop's format, and reads it as 1600 with dot thousands", () => {
    expect(parsePrice('1.600 Kč')).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(ok('1.600 Kč', { decimal: ',', thousands: '.' }).amount).toBe(1600);
    expect(ok('1.600,50 Kč', { decimal: ',', thousands: '.' }).amount).toBe(1600.5);
  });

  it('refuses a number that does not follow the given format', () => {
    expect(parsePrice('1,600.00', { decimal: ',', thousands: '.' })).toMatchObject({ ok: false });
    expect(parsePrice('16,00,0', { decimal: ',', thousands: ' ' })).toMatchObject({ ok: false });
  });

  it('skips a per-kg price beside the price, and refuses a per-kg price alone', () => {
    expect(ok('24,90 zł (99,60 zł/kg)').amount).toBe(24.9);
    expect(ok('39,90 Kč 79,80 Kč/kg').amount).toBe(39.9);
    expect(parsePrice('99,60 zł/kg')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    expect(parsePrice('79,80 грн за кг')).toMatchObject({ ok: false, reason: 'per_unit_only' });
  });

  it('refuses two item prices in one text (old and promo side by side) instead of picking one', () => {
    expect(parsePrice('49,90 Kč 39,90 Kč')).toMatchObject({ ok: false, reason: 'ambiguous' });
  });

  it.each(['call us', 'Price on request', 'Ціна за запитом', 'Cena na zapytanie', 'Cena na dotaz', ''])("'%s' is no price", (text) => {
    const r = parsePrice(text);
    expect(r.ok).toBe(false);
  });

  it('refuses zero and absurd amounts', () => {
    expect(parsePrice('0,00 Kč')).toMatchObject({ ok: false, reason: 'out_of_range' });
    expect(parsePrice('99999999 Kč')).toMatchObject({ ok: false, reason: 'out_of_range' });
  });
});

describe('parseMachinePrice (schema.org values)', () => {
  it('reads numbers and dot-decimal strings', () => {
    expect(parseMachinePrice('39.90')).toMatchObject({ ok: true, minor: 3990 });
    expect(parseMachinePrice(5.49)).toMatchObject({ ok: true, minor: 549 });
  });
  it('refuses shop-formatted text in a machine field', () => {
    expect(parseMachinePrice('1.299,00')).toMatchObject({ ok: false });
    expect(parseMachinePrice('call us')).toMatchObject({ ok: false, reason: 'on_request' });
  });
});

describe('parsePrice: separators, split and spelled-out cents, percentages (issue 14)', () => {
  it("reads '.75 €' as 0.75, with or without the shop's format", () => {
    expect(ok('.75 €').amount).toBe(0.75);
    expect(ok('.75€*', { decimal: '.', thousands: ',' }).amount).toBe(0.75);
    expect(parsePrice('.75 €', { decimal: ',', thousands: '.' }).ok).toBe(false);
  });

  it('never reads a percentage as a price', () => {
    expect(parsePrice('40% OFF').ok).toBe(false);
    expect(ok('-15 % 42,90 Kč').amount).toBe(42.9);
    expect(ok('236,81 € inkl. 19 % MwSt.', { decimal: ',', thousands: '.' }).amount).toBe(236.81);
  });

  it("reads whole units written with a dash: '1.899,-', '24 990,-', 'Fr. 49.–'", () => {
    expect(ok('1.899,-').amount).toBe(1899);
    expect(ok('1.899,-', { decimal: ',', thousands: '.' }).amount).toBe(1899);
    expect(ok('24 990,-').amount).toBe(24990);
    expect(ok('Fr. 49.–', { decimal: '.', thousands: "'" })).toMatchObject({ amount: 49, currency: 'CHF' });
  });

  it("takes the separators the text leaves open from the shop's currency: '1.600 Kč', '$16,500'", () => {
    expect(parsePrice('$16,500')).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(ok('1.600 Kč', undefined, { currency: 'CZK', country: 'cz' }).amount).toBe(1600);
    expect(ok('$16,500', undefined, { currency: 'USD', country: 'us' }).amount).toBe(16500);
    // Two decimals stay decimals whatever the currency.
    expect(ok('5.49 ₾', undefined, { currency: 'GEL', country: 'ge' }).amount).toBe(5.49);
  });

  it('reads Swiss apostrophes: "CHF 1\'049,95", "CHF 1’049.95"', () => {
    expect(ok("CHF 1'049,95", { decimal: ',', thousands: "'" })).toMatchObject({ amount: 1049.95, currency: 'CHF' });
    expect(ok('CHF 1’049.95').amount).toBe(1049.95);
  });

  it("keeps to the shop's format when the page's spaces differ from it only in width", () => {
    expect(ok('24\u202f999 ₴', { decimal: ',', thousands: ' ' }).amount).toBe(24999);
    // A reading that turns the format's decimal separator into a thousands one is refused.
    expect(parsePrice('1,600 Kč', { decimal: ',', thousands: ' ' }, { currency: 'CZK' }).ok).toBe(false);
  });

  it("reads cents printed superscript or spelled out: '67⁹⁰ грн', '41 грн 90 коп.'", () => {
    expect(ok('67⁹⁰ грн', { decimal: ',', thousands: ' ' }).amount).toBe(67.9);
    expect(ok('41 грн 90 коп.').amount).toBe(41.9);
    expect(ok('12 zł 5 gr').amount).toBe(12.05);
  });

  it('refuses two numbers that only sit side by side (a split price nothing marks)', () => {
    expect(parsePrice('49 30 грн')).toMatchObject({ ok: false, reason: 'ambiguous' });
  });

  it('takes brutto beside netto, and refuses a netto price alone', () => {
    expect(ok('199,00 € netto 236,81 € brutto').amount).toBe(236.81);
    expect(ok('4 990 Kč bez DPH 6 037,90 Kč s DPH').amount).toBe(6037.9);
    expect(parsePrice('Cena netto: 162,59 zł')).toMatchObject({ ok: false, reason: 'net_only' });
    expect(parsePrice('1 041,58 грн без ПДВ')).toMatchObject({ ok: false, reason: 'net_only' });
  });

  it('knows per-unit prices in every form: per 100 g, per litre, Georgian units, base-price lines', () => {
    expect(parsePrice('3.20 ₾ / 100 გ')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    expect(parsePrice('16.17 ₾/კგ')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    expect(parsePrice('1 l = 0,50 €')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    expect(parsePrice('cena za 1 kg: 46,60 zł')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    // A price per piece is the price of the piece.
    expect(ok('41,90 грн/шт').amount).toBe(41.9);
  });

  it('refuses a price shown only in the cart or after login', () => {
    expect(parsePrice('See price in cart')).toMatchObject({ ok: false, reason: 'on_request' });
    expect(parsePrice('Cena po přihlášení')).toMatchObject({ ok: false, reason: 'on_request' });
    expect(parsePrice('Preis auf Anfrage')).toMatchObject({ ok: false, reason: 'on_request' });
  });
});

describe('extract: what the page shows decides (issue 14)', () => {
  const page = (head: string, body: string, chrome = '') =>
    `<!doctype html><html><head>${head}</head><body><header><a class="cart" href="/cart">Cart: 2 items · 1 248 ₴</a></header>${chrome}<main>${body}</main><footer>Free delivery from 500 ₴</footer></body></html>`;
  const ld = (offers: unknown, extra: Record<string, unknown> = {}) =>
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kettle', gtin13: '4006381333931', offers, ...extra })}</script>`;
  const ua = { strategy: 'auto' as const, country: 'ua', currency: 'UAH' };
  const offer = (price: unknown, more: Record<string, unknown> = {}) => ({
    '@type': 'Offer',
    price,
    priceCurrency: 'UAH',
    availability: 'https://schema.org/InStock',
    ...more,
  });

  describe('AggregateOffer and variants', () => {
    it('refuses a price range with no variant selected: never lowPrice', () => {
      const html = page(
        ld({ '@type': 'AggregateOffer', lowPrice: '1299', highPrice: '1599', priceCurrency: 'UAH' }),
        '<h1>Kettle</h1><p class="price">1 299 ₴ – 1 599 ₴</p>',
      );
      expect(extract(html, ua)).toMatchObject({ price: null, problem: { kind: 'price_variants' } });
    });

    it("takes the selected variant's offer (the page's canonical URL) with its EAN", () => {
      const html = page(
        `<link rel="canonical" href="https://shop.test/kettle?size=l">` +
          ld({
            '@type': 'AggregateOffer',
            lowPrice: 100,
            highPrice: 200,
            offers: [
              offer(100, { url: 'https://shop.test/kettle?size=s', gtin13: '5901234123457' }),
              offer(150, { url: 'https://shop.test/kettle?size=l', gtin13: '4006381333931' }),
            ],
          }),
        '<h1>Kettle L</h1>',
      );
      expect(extract(html, ua)).toMatchObject({ price: 150, ean: '4006381333931', problem: null });
    });

    it("takes a ProductGroup's variant whose price is the page's one price, with that variant's EAN", () => {
      const group = {
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: 'Phone',
        hasVariant: [
          { '@type': 'Product', name: 'Phone 128', gtin13: '5901234123457', offers: offer(379) },
          { '@type': 'Product', name: 'Phone 256', gtin13: '4006381333931', offers: offer(429) },
        ],
      };
      const html = page(
        `<script type="application/ld+json">${JSON.stringify(group)}</script>`,
        '<h1>Phone 256</h1><div class="price">429 ₴</div><p>From 18 ₴/month</p>',
      );
      expect(extract(html, ua)).toMatchObject({ price: 429, ean: '4006381333931', problem: null });
    });

    it("falls back to the definition's selectors for the selected variant, within the offers' range", () => {
      const head = ld({ '@type': 'AggregateOffer', lowPrice: '699.00', highPrice: '1299.00', priceCurrency: 'UAH' });
      const body = (shown: string) => `<h1>Mattress</h1><div id="variant-price">${shown}</div>`;
      const opts = { ...ua, selectors: { price: '#variant-price' }, priceFormat: { decimal: ',' as const, thousands: ' ' as const } };
      expect(extract(page(head, body('999,00 ₴')), opts)).toMatchObject({ strategy: 'selectors', price: 999, problem: null });
      expect(extract(page(head, body('1 999,00 ₴')), opts)).toMatchObject({ price: null, problem: { kind: 'price_conflict' } });
    });
  });

  describe('JSON-LD against the visible price', () => {
    it('takes the structured price when the page shows it, with the struck-through old price beside it', () => {
      const html = page(ld(offer(2999)), '<h1>Kettle</h1><div class="prices"><span class="price">2 999 ₴</span> <s>3 399 ₴</s></div>');
      expect(extract(html, ua)).toMatchObject({ strategy: 'jsonld', price: 2999, oldPrice: 3399, promo: true, problem: null });
    });

    it("takes the page's one unambiguous price over stale markup", () => {
      expect(extract(page(ld(offer(2999)), '<h1>Kettle</h1><span class="product-price">3 499 ₴</span>'), ua)).toMatchObject({ price: 3499, problem: null });
      // A promotion the markup has not caught up with: its price is the struck-through one.
      expect(extract(page(ld(offer(199.99)), '<h1>Kettle</h1><del>199,99 ₴</del> <b>179,99 ₴</b>'), ua)).toMatchObject({
        price: 179.99,
        oldPrice: 199.99,
        problem: null,
      });
    });

    it('refuses when the page shows the product at two prices (a sticky bar, a buy button)', () => {
      const sticky = page(ld(offer(139)), '<h1>Headphones</h1><span class="price">149 ₴</span>', '');
      expect(extract(sticky.replace('</main>', '</main><div class="buy-sticky"><span class="price">139 ₴</span></div>'), ua)).toMatchObject({
        price: null,
        problem: { kind: 'price_conflict' },
      });
      const button = page(ld(offer(159)), '<h1>Earbuds</h1><span class="price">179 ₴</span><button>Add to cart · 159 ₴</button>');
      expect(extract(button, ua)).toMatchObject({ price: null, problem: { kind: 'price_conflict' } });
    });

    it('refuses a disagreement when the visible amount is not marked as a price', () => {
      expect(extract(page(ld(offer(2999)), '<h1>Kettle</h1><p>3 499 ₴</p>'), ua)).toMatchObject({ price: null, problem: { kind: 'price_conflict' } });
    });

    it('refuses a structured price on a page that says price on request, or a placeholder no page shows', () => {
      expect(extract(page(ld(offer(150)), '<h1>Kitchen</h1><div class="price">Price on request</div>'), ua)).toMatchObject({
        price: null,
        problem: { kind: 'price_unparseable' },
      });
      expect(extract(page(ld(offer('1.00')), '<h1>Sprayer</h1><p>Call us</p>'), ua)).toMatchObject({ price: null });
    });
  });

  describe('offers as an array', () => {
    it('takes the new-condition offer, with the old price of that same offer', () => {
      const html = page(
        ld([
          offer(129, { itemCondition: 'https://schema.org/UsedCondition' }),
          offer(169.99, {
            itemCondition: 'https://schema.org/NewCondition',
            priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: 199.99 },
          }),
          offer(149, { itemCondition: 'https://schema.org/RefurbishedCondition' }),
        ]),
        '<h1>Air fryer</h1>',
      );
      expect(extract(html, ua)).toMatchObject({ price: 169.99, oldPrice: 199.99, problem: null });
    });

    it("takes the shop's own offer among several sellers, and refuses when none is the shop's", () => {
      const offers = [
        offer(174.5, { seller: { '@type': 'Organization', name: 'Outlet Deals' } }),
        offer(169.99, { seller: { '@type': 'Organization', name: 'MegaMart.com' } }),
      ];
      const head = (o: unknown[]) => `<link rel="canonical" href="https://www.megamart.com/p/1">${ld(o)}`;
      expect(extract(page(head(offers), '<h1>Air fryer</h1>'), ua)).toMatchObject({ price: 169.99, problem: null });
      const strangers = [offers[0], offer(171, { seller: { '@type': 'Organization', name: 'Someone' } })];
      expect(extract(page(head(strangers), '<h1>Air fryer</h1>'), ua)).toMatchObject({ price: null, problem: { kind: 'price_variants' } });
    });
  });

  describe('prices split over elements', () => {
    const sel = (html: string) =>
      extract(page('', `<h1>Coffee</h1><div class="p">${html}</div>`), { strategy: 'selectors', selectors: { price: '.p' }, country: 'ua', currency: 'UAH' });
    it('reads <sup> and cents-marked elements as decimals, never as more digits', () => {
      expect(sel('<span>39</span><sup>90</sup> ₴')).toMatchObject({ price: 39.9, problem: null });
      expect(sel('39<small>,90</small> ₴')).toMatchObject({ price: 39.9, problem: null });
      expect(sel('<span>41</span><span class="price__coins">90</span>грн')).toMatchObject({ price: 41.9, problem: null });
    });
    it('refuses digits split with nothing saying they are cents', () => {
      expect(sel('<span>39</span><span>90</span> ₴')).toMatchObject({ price: null, problem: { kind: 'price_unparseable' } });
    });
  });

  describe('prices beside the price are never the price', () => {
    const beside = `
      <p>99,60 ₴ за 1 кг</p>
      <p>З карткою лояльності: 21,90 ₴</p>
      <p>In the app: 22,40 ₴</p>
      <p>Оплата частинами від 5 ₴/міс</p>
      <p>Безкоштовна доставка від 500 ₴</p>
      <p>Ціна без ПДВ: 20,75 ₴</p>
      <p>Найнижча ціна за 30 днів: 23,90 ₴</p>`;
    const related = '<section class="related"><h2>You may also like</h2><span class="price">19,90 ₴</span></section>';

    it('confirms the structured price among per-unit, card, app, instalment, delivery, netto prices, the cart and related products', () => {
      const html = page(ld(offer('24.90')), `<h1>Coffee</h1><div class="price">24,90 ₴</div>${beside}${related}`);
      expect(extract(html, ua)).toMatchObject({ price: 24.9, oldPrice: null, problem: null });
    });

    it("reads the selectors' price among them, preferring the element in the product area", () => {
      const html = page('', `<h1>Coffee</h1><div class="price">24,90 ₴</div>${beside}${related}`);
      expect(extract(html, { strategy: 'selectors', selectors: { price: '.price' }, country: 'ua', currency: 'UAH' })).toMatchObject({
        price: 24.9,
        problem: null,
      });
    });

    it('refuses a price selector matching two different prices in the product area', () => {
      const html = page('', '<h1>Coffee</h1><div class="price">24,90 ₴</div><div class="price">22,90 ₴</div>');
      expect(extract(html, { strategy: 'selectors', selectors: { price: '.price' }, country: 'ua', currency: 'UAH' })).toMatchObject({
        price: null,
        problem: { kind: 'price_conflict' },
      });
    });
  });

  describe('currency', () => {
    it("trusts the page's currency over wrong markup when the page shows the same amount", () => {
      const html = page(ld({ ...offer('249.00'), priceCurrency: 'USD' }), '<h1>Jug</h1><p class="price">249,00 ₴</p>');
      expect(extract(html, ua)).toMatchObject({ price: 249, currency: 'UAH', problem: null });
    });
    it("refuses a price in another currency than the shop's", () => {
      const html = page(ld({ ...offer(1199), priceCurrency: 'USD' }), '<h1>Drone</h1><p class="price">$1,199</p><p>≈ 46 000 ₴</p>');
      expect(extract(html, ua)).toMatchObject({ price: null, problem: { kind: 'currency_mismatch' } });
    });
  });
});
