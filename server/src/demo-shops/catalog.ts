/**
 * The demo shops: real HTTP sites on loopback, one per entry, rendering the demo catalogue's products
 * for that shop with prices that change day by day (prices.ts). Together they cover the four countries,
 * the three extraction strategies and the price formats of docs/parsers.md; one shop (kaufland-prg-barrandov) has pages
 * that fail in every way a real shop fails, so the problems view shows something true.
 */
import type { ParserDefinitionInput, ParserPriceFormat } from '@pricewatch/shared/contract';

export type DemoTemplate = 'jsonld' | 'jsonld-strike' | 'microdata' | 'selectors-dot' | 'selectors-space' | 'selectors-broken' | 'script-rendered' | 'json-api';

export type DemoShopSpec = {
  /** Shop code of src/demo/data.ts; also the parser code (parser map). */
  code: string;
  country: 'cz' | 'ua' | 'pl' | 'ge';
  currency: string;
  template: DemoTemplate;
  /** Product URLs come from the listing page instead of the definition. */
  listing: boolean;
  /** How the visible price text is written. */
  format: ParserPriceFormat;
  /** Currency as printed after the amount. */
  symbol: string;
  /** This shop's pages include the failing ones. */
  failing?: boolean;
  /**
   * One rendered product (by index) whose page shows its price times `factor`: a shop's slip the sanity
   * guard holds as suspicious, so the demo's queue of suspicious prices is never empty (docs/parsers.md).
   */
  misprint?: { index: number; factor: number };
};

export const DEMO_SHOPS: DemoShopSpec[] = [
  // Its third product's feed gives the price in haléře: 100 times the price.
  {
    code: 'albert-prg-andel',
    country: 'cz',
    currency: 'CZK',
    template: 'jsonld',
    listing: true,
    format: { decimal: ',', thousands: ' ' },
    symbol: 'Kč',
    misprint: { index: 2, factor: 100 },
  },
  {
    code: 'lidl-prg-smichov',
    country: 'cz',
    currency: 'CZK',
    template: 'selectors-dot',
    listing: false,
    format: { decimal: ',', thousands: '.' },
    symbol: 'Kč',
  },
  { code: 'silpo-kyi-pechersk', country: 'ua', currency: 'UAH', template: 'microdata', listing: true, format: { decimal: '.', thousands: '' }, symbol: '₴' },
  {
    code: 'biedronka-waw-mokotow',
    country: 'pl',
    currency: 'PLN',
    template: 'jsonld-strike',
    listing: false,
    format: { decimal: ',', thousands: ' ' },
    symbol: 'zł',
  },
  {
    code: 'zabka-waw-srodmiescie',
    country: 'pl',
    currency: 'PLN',
    template: 'selectors-space',
    listing: false,
    format: { decimal: ',', thousands: ' ' },
    symbol: 'zł',
  },
  // Renders its price and its JSON-LD only by script (fetch browser): an HTTP fetch sees an empty page.
  {
    code: 'penny-plz-borska',
    country: 'cz',
    currency: 'CZK',
    template: 'script-rendered',
    listing: false,
    format: { decimal: ',', thousands: ' ' },
    symbol: 'Kč',
  },
  {
    code: 'carrefour-tbs-east-point',
    country: 'ge',
    currency: 'GEL',
    template: 'microdata',
    listing: false,
    format: { decimal: '.', thousands: '' },
    symbol: '₾',
  },
  // Its eighth product's page shows the price of 100 g instead of the pack's: a tenth.
  {
    code: 'kaufland-prg-barrandov',
    country: 'cz',
    currency: 'CZK',
    template: 'selectors-broken',
    listing: false,
    format: { decimal: ',', thousands: ' ' },
    symbol: 'Kč',
    failing: true,
    misprint: { index: 7, factor: 0.1 },
  },
  // A JSON API shop (strategy json): its whole catalogue, ten products a page, behind an API key header.
  { code: 'tesco-prg-eden', country: 'cz', currency: 'CZK', template: 'json-api', listing: false, format: { decimal: '.', thousands: '' }, symbol: 'Kč' },
];

/** The demo API's key (a header the definition sends: headers reach the API). */
export const DEMO_API_KEY = 'demo-key';
/** Items per page of the demo API. */
export const DEMO_API_PAGE_SIZE = 10;

/** Products rendered by a shop: a page shop the first DEMO_SHOP_PRODUCTS, an API shop its whole catalogue. */
export const productsShown = (spec: DemoShopSpec) => (spec.template === 'json-api' ? 5000 : DEMO_SHOP_PRODUCTS);

/** Pages of the failing shop that are not products: each must end as a recorded problem. */
export const FAILING_EXTRA_PATHS = ['/special/huge', '/special/redirect-loop', '/special/bad-utf8', '/private/secret'];

/** Products rendered per shop (the first offers of the shop in the catalogue). */
export const DEMO_SHOP_PRODUCTS = 12;

export function definitionFor(spec: DemoShopSpec, base: string, articles: string[]): ParserDefinitionInput {
  const productUrls =
    spec.listing || spec.template === 'json-api'
      ? []
      : [...articles.map((a) => `${base}/p/${a}`), ...(spec.failing ? FAILING_EXTRA_PATHS.map((p) => base + p) : [])];
  const common = {
    productUrls,
    ...(spec.listing ? { listing: { url: `${base}/catalog`, linkSelector: 'a.product-link' } } : {}),
    rateLimitPerSecond: 5,
    concurrency: 2,
    // The failing shop's slow page answers after 5 s (server.ts slowMs): 4 s makes it a timeout and leaves its good
    // pages room on a loaded machine (at 2 s, a run beside a 50 MB page in the same process once held nothing).
    timeoutSeconds: spec.failing ? 4 : 10,
    maxPageBytes: 2 * 1024 * 1024,
    respectRobotsTxt: true,
  };
  switch (spec.template) {
    case 'jsonld':
    case 'jsonld-strike':
    case 'microdata':
      // schema.org needs no per-shop configuration.
      return { ...common, strategy: 'auto' };
    case 'script-rendered':
      // Its script appends the JSON-LD last: once it is there, the page is complete.
      return { ...common, strategy: 'auto', fetch: 'browser', waitFor: 'script[type="application/ld+json"]' };
    case 'selectors-dot':
      return {
        ...common,
        strategy: 'selectors',
        selectors: { name: 'h1.title', price: '.price-box .current', oldPrice: '.price-box .was', outOfStock: '.sold-out' },
        priceFormat: spec.format,
      };
    case 'selectors-space':
      return {
        ...common,
        strategy: 'auto',
        selectors: { name: '.product h2', ean: '[data-ean]', price: '.product .price', outOfStock: '.stock.none' },
        priceFormat: spec.format,
      };
    case 'json-api':
      // Prices as the API gives them: the current one a number, the regular one a string ("15.90").
      return {
        ...common,
        strategy: 'json',
        api: {
          request: { url: `${base}/api/v1/products?page={page}&size=${DEMO_API_PAGE_SIZE}`, method: 'GET', headers: { 'x-api-key': DEMO_API_KEY } },
          paging: { first: 1, totalItems: '$.meta.total' },
          fields: {
            items: '$.data.products[*]',
            name: '$.title',
            ean: '$.gtin',
            article: '$.id',
            url: '$.link',
            price: '$.pricing.current',
            oldPrice: '$.pricing.regular',
            currency: '$.pricing.currency',
            inStock: '$.stock.available',
          },
        },
      };
    case 'selectors-broken':
      return {
        ...common,
        strategy: 'selectors',
        selectors: { name: 'h1', ean: 'meta[name="ean"]', price: '#price .value', outOfStock: '.out-of-stock' },
        priceFormat: spec.format,
      };
  }
}
