// Realistic answers built from the contract's types (shared/src/contract/catalogue.ts).
import type {
  DiscountAnalysis,
  NetworkSummary,
  PriceHistory,
  PricesAnalytics,
  Product,
  ProductListItem,
  ProductPage,
  ProductPrices,
  ProductsAnalytics,
  ProductSummary,
  Shop,
  ShopPrice,
  SimilarProduct,
} from '@pricewatch/shared/contract';

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    _id: '42',
    ean: '8594001234567',
    article: '100042',
    name: 'Madeta Milk 1.5% 1 l',
    brandId: '7',
    brand: 'Madeta',
    sectionId: '1',
    section: 'Dairy',
    categoryId: '11',
    category: 'Milk',
    weight: 1,
    unit: 'l',
    image: null,
    country: 'cz',
    ...overrides,
  };
}

export function listItem(overrides: Partial<ProductListItem> = {}): ProductListItem {
  return { ...summary(), shops: 12, minPrice: 21.9, maxPrice: 27.9, currency: 'CZK', onPromo: 2, ...overrides };
}

export function page(items: ProductListItem[], total = items.length, limit = 30, skip = 0): ProductPage {
  return { items, total, limit, skip };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    ...summary(),
    description: 'Semi-skimmed milk, UHT.',
    createdAt: '2025-06-01T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    offers: [],
    ...overrides,
  };
}

export const NETWORKS: NetworkSummary[] = [
  { _id: '2', code: 'albert', name: 'Albert', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 4 },
  { _id: '3', code: 'billa', name: 'Billa', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 3 },
  { _id: '4', code: 'lidl', name: 'Lidl', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 3 },
  { _id: '9', code: 'atb', name: 'ATB', country: 'ua', currency: 'UAH', isProduct: false, leaflet: true, shops: 4 },
];

function shop(id: string, code: string, name: string, network: string, networkName: string): Shop {
  return {
    _id: id,
    code,
    name,
    networkId: network,
    network,
    networkName,
    city: 'PRG',
    cityName: 'Praha',
    address: null,
    country: 'cz',
    currency: 'CZK',
  };
}

export const SHOPS: Shop[] = [
  shop('11', 'albert-prg-andel', 'Albert Anděl', 'albert', 'Albert'),
  shop('12', 'albert-prg-flora', 'Albert Flora', 'albert', 'Albert'),
  shop('21', 'billa-prg-vinohrady', 'Billa Vinohrady', 'billa', 'Billa'),
  shop('31', 'lidl-prg-smichov', 'Lidl Smíchov', 'lidl', 'Lidl'),
];

export function shopPrice(overrides: Partial<ShopPrice> = {}): ShopPrice {
  return {
    shopId: '11',
    shopCode: 'albert-prg-andel',
    shopName: 'Albert Anděl',
    network: 'albert',
    networkName: 'Albert',
    city: 'PRG',
    cityName: 'Praha',
    country: 'cz',
    currency: 'CZK',
    regular: 27.9,
    promo: null,
    price: 27.9,
    isPromo: false,
    promoDepthPct: null,
    inStock: true,
    source: 'parser',
    since: '2026-01-02',
    observedAt: '2026-01-20',
    url: null,
    cheapest: false,
    ...overrides,
  };
}

export function productPrices(): ProductPrices {
  return {
    product: summary(),
    prices: [
      shopPrice({
        shopId: '31',
        shopName: 'Lidl Smíchov',
        network: 'lidl',
        networkName: 'Lidl',
        regular: 24.9,
        promo: 19.9,
        price: 19.9,
        isPromo: true,
        promoDepthPct: 20.1,
        cheapest: true,
      }),
      shopPrice({ shopId: '21', shopName: 'Billa Vinohrady', network: 'billa', networkName: 'Billa', regular: 25.9, price: 25.9, inStock: false }),
      shopPrice(),
    ],
    summary: [{ currency: 'CZK', min: 19.9, avg: 24.57, max: 27.9, shops: 3, promoShops: 1 }],
  };
}

export function priceHistory(start: string, end: string): PriceHistory {
  return {
    product: summary(),
    start,
    end,
    shops: [
      {
        shopId: '31',
        shopCode: 'lidl-prg-smichov',
        shopName: 'Lidl Smíchov',
        network: 'lidl',
        networkName: 'Lidl',
        country: 'cz',
        currency: 'CZK',
        spans: [
          { start, end: start, regular: 24.9, promo: null, price: 24.9, isPromo: false, inStock: true, source: 'parser' },
          { start: end, end, regular: 24.9, promo: 19.9, price: 19.9, isPromo: true, inStock: true, source: 'parser' },
        ],
        min: 19.9,
        max: 24.9,
        avg: 22.4,
        days: 2,
        promoDays: 1,
      },
      {
        shopId: '11',
        shopCode: 'albert-prg-andel',
        shopName: 'Albert Anděl',
        network: 'albert',
        networkName: 'Albert',
        country: 'cz',
        currency: 'CZK',
        spans: [{ start, end, regular: 27.9, promo: null, price: 27.9, isPromo: false, inStock: true, source: 'parser' }],
        min: 27.9,
        max: 27.9,
        avg: 27.9,
        days: 2,
        promoDays: 0,
      },
    ],
  };
}

export function similar(overrides: Partial<SimilarProduct> = {}): SimilarProduct {
  return {
    ...summary({ _id: '43', name: 'Madeta Milk 3.5% 1 l', ean: '8594001234574' }),
    score: 0.82,
    nameSimilarity: 0.8,
    sameBrand: true,
    sameSection: true,
    weightDiffPct: 0,
    price: 23.9,
    currency: 'CZK',
    priceDiffPct: null,
    ...overrides,
  };
}

export function pricesAnalytics(start = '2026-01-01', end = '2026-01-02'): PricesAnalytics {
  return {
    start,
    end,
    baseNetwork: 'albert',
    products: 40,
    networks: [
      {
        network: 'albert',
        networkName: 'Albert',
        currency: 'CZK',
        index: 100,
        points: [
          { day: start, min: 12, avg: 60, max: 200, products: 40, index: 100, compared: 40 },
          { day: end, min: 12, avg: 61, max: 200, products: 40, index: 100, compared: 40 },
        ],
      },
      {
        network: 'billa',
        networkName: 'Billa',
        currency: 'CZK',
        index: null,
        points: [{ day: end, min: 15, avg: 70, max: 180, products: 5, index: null, compared: 0 }],
      },
      {
        network: 'lidl',
        networkName: 'Lidl',
        currency: 'CZK',
        index: 94.2,
        points: [
          { day: start, min: 10, avg: 56, max: 190, products: 38, index: 93.8, compared: 36 },
          { day: end, min: 10, avg: 57, max: 190, products: 38, index: 94.6, compared: 37 },
        ],
      },
    ],
    shops: [],
  };
}

export function discountAnalysis(start = '2026-01-01', end = '2026-01-02'): DiscountAnalysis {
  return {
    start,
    end,
    truncated: false,
    networks: [
      {
        network: 'albert',
        networkName: 'Albert',
        currency: 'CZK',
        products: 180,
        productsOnPromo: 41,
        productDays: 32_400,
        promoDays: 4_860,
        promoShare: 15,
        avgDepthPct: 21.4,
        maxDepthPct: 35,
        promoStarts: 88,
        avgDurationDays: 6.8,
      },
      {
        network: 'lidl',
        networkName: 'Lidl',
        currency: 'CZK',
        products: 150,
        productsOnPromo: 20,
        productDays: 27_000,
        promoDays: 2_160,
        promoShare: 8,
        avgDepthPct: 18.2,
        maxDepthPct: 30,
        promoStarts: 41,
        avgDurationDays: 7,
      },
    ],
  };
}

/** A page of products/analytics: these two products, and `page`'s paging (the whole selection's size in `total`). */
export function productsAnalytics(start = '2026-01-01', end = '2026-01-02', page = { total: 2, limit: 50, skip: 0 }): ProductsAnalytics {
  const stats = (network: string, networkName: string, avg: number) => ({
    network,
    networkName,
    currency: 'CZK' as const,
    min: avg - 1,
    avg,
    max: avg + 1,
    promoShare: 10,
    shops: 2,
    index: null,
  });
  return {
    start,
    end,
    baseNetwork: 'albert',
    ...page,
    items: [
      { product: summary(), networks: [stats('albert', 'Albert', 25), stats('lidl', 'Lidl', 20)], cheapestNetwork: 'lidl' },
      {
        product: summary({ _id: '44', name: 'Olma Butter 250 g', brand: 'Olma' }),
        networks: [stats('albert', 'Albert', 60), stats('lidl', 'Lidl', 57)],
        cheapestNetwork: 'lidl',
      },
    ],
  };
}
