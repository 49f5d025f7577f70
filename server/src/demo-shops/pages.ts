/** The HTML of the demo shops' pages, one template per way real shops publish prices. */
import type { DemoShopSpec } from './catalog';
import { formatMinor, type DemoPrice } from './prices';

export type DemoProduct = {
  id: number;
  ean: string | null;
  name: string;
  article: string;
  /** Its regular price in the catalogue, minor units (prices.ts `DemoPriced`): the demo price's anchor. */
  base?: number;
  /** The page shows the price times this (catalog.ts `misprint`); the true price stays demoPrice's. */
  misprint?: number;
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const major = (minor: number) => (minor / 100).toFixed(2);

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${head}</head><body>${body}</body></html>`;

export function listingPage(spec: DemoShopSpec, products: DemoProduct[]): string {
  const links = products.map((p) => `<li><a class="product-link" href="/p/${encodeURIComponent(p.article)}">${esc(p.name)}</a></li>`).join('');
  return page(`${spec.code} catalogue`, '', `<h1>Catalogue</h1><ul>${links}</ul><a href="/about">About</a>`);
}

/** The jsonld template's JSON-LD and product block; the script-rendered shop's script renders the same. */
export function jsonldParts(spec: DemoShopSpec, p: DemoProduct, price: DemoPrice): { ld: object; body: string } {
  const shown = price.promo ?? price.regular;
  const availability = price.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const text = (minor: number) => `${formatMinor(minor, spec.format, '\u202f')}\u00a0${spec.symbol}`;
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.ean ? { gtin13: p.ean } : {}),
    offers: {
      '@type': 'Offer',
      price: major(shown),
      priceCurrency: spec.currency,
      availability,
      ...(price.promo ? { priceSpecification: { '@type': 'PriceSpecification', priceType: 'ListPrice', price: major(price.regular) } } : {}),
    },
  };
  const old = price.promo ? `<s class="old">${text(price.regular)}</s>` : '';
  return { ld, body: `<h1>${esc(p.name)}</h1><div class="price">${old} ${text(shown)}</div>` };
}

/**
 * A browser-only shop's script: fetches the product's data (a sub-request of the page) and renders the
 * product block, then appends the JSON-LD.
 */
const RENDER_SCRIPT = `fetch(location.pathname + '/data.json').then((r) => r.json()).then((d) => {
  document.getElementById('app').innerHTML = d.body;
  const s = document.createElement('script');
  s.type = 'application/ld+json';
  s.textContent = JSON.stringify(d.ld);
  document.head.appendChild(s);
});`;

/** The product page as the shop's template renders it. */
export function productPage(spec: DemoShopSpec, p: DemoProduct, price: DemoPrice, variant: 'normal' | 'layout_changed' | 'call_us' = 'normal'): string {
  const f = spec.format;
  const shown = price.promo ?? price.regular;
  const availability = price.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  // Thin and non-breaking spaces, as shops really print them.
  const text = (minor: number, sepChar?: string) => `${formatMinor(minor, f, sepChar)}\u00a0${spec.symbol}`;
  switch (spec.template) {
    case 'script-rendered':
      // No name, price or JSON-LD in the HTML: only the script renders them (jsonldParts, served as data.json).
      return page(spec.code, '', `<main id="app"></main><script>${RENDER_SCRIPT}</script>`);
    case 'json-api':
    case 'jsonld': {
      const { ld, body } = jsonldParts(spec, p, price);
      return page(p.name, `<script type="application/ld+json">${JSON.stringify(ld)}</script>`, body);
    }
    case 'jsonld-strike': {
      const ld = {
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'BreadcrumbList', itemListElement: [] },
          {
            '@type': 'Product',
            name: p.name,
            ...(p.ean ? { gtin: p.ean } : {}),
            offers: [
              {
                '@type': 'Offer',
                price: major(shown),
                priceCurrency: spec.currency,
                availability,
                ...(price.promo
                  ? {
                      priceSpecification: [
                        {
                          '@type': 'UnitPriceSpecification',
                          priceType: 'https://schema.org/StrikethroughPrice',
                          price: major(price.regular),
                          priceCurrency: spec.currency,
                        },
                      ],
                    }
                  : {}),
              },
            ],
          },
        ],
      };
      return page(
        p.name,
        `<script type="application/ld+json">${JSON.stringify(ld)}</script>`,
        `<main><h1>${esc(p.name)}</h1><p>${text(shown, '\u2009')}</p></main>`,
      );
    }
    case 'microdata': {
      const old = price.promo ? `<del>${text(price.regular)}</del>` : '';
      return page(
        p.name,
        '',
        `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">${esc(p.name)}</h1>` +
          (p.ean ? `<meta itemprop="gtin13" content="${p.ean}">` : '') +
          `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">${old}<span itemprop="price" content="${major(shown)}">${text(shown)}</span>` +
          `<meta itemprop="priceCurrency" content="${spec.currency}"><link itemprop="availability" href="${availability}"></div></div>`,
      );
    }
    case 'selectors-dot': {
      // No EAN on the page: matched by the offer's URL.
      const was = price.promo ? `<span class="was">${text(price.regular)}</span>` : '';
      const sold = price.inStock ? '' : '<p class="sold-out">Vyprodáno</p>';
      return page(p.name, '', `<h1 class="title">${esc(p.name)}</h1><div class="price-box">${was}<span class="current">${text(shown)}</span></div>${sold}`);
    }
    case 'selectors-space': {
      const unit = `<small class="unit">(${text(Math.round(shown * 4))}/kg)</small>`;
      const old = price.promo ? `<del>${text(price.regular, '\u00a0')}</del> ` : '';
      const stock = price.inStock ? '<span class="stock">Dostępny</span>' : '<span class="stock none">Niedostępny</span>';
      return page(
        p.name,
        '',
        `<div class="product"${p.ean ? ` data-ean="${p.ean}"` : ''}><h2>${esc(p.name)}</h2><div class="price">${old}${text(shown, '\u00a0')} ${unit}</div>${stock}</div>`,
      );
    }
    case 'selectors-broken': {
      const meta = p.ean ? `<meta name="ean" content="${p.ean}">` : '';
      const sold = price.inStock ? '' : '<p class="out-of-stock">Není skladem</p>';
      if (variant === 'layout_changed') return page(p.name, meta, `<h1>${esc(p.name)}</h1><div class="price-new"><b>${text(shown)}</b></div>`);
      if (variant === 'call_us') return page(p.name, meta, `<h1>${esc(p.name)}</h1><div id="price"><span class="value">Call us for the price</span></div>`);
      return page(p.name, meta, `<h1>${esc(p.name)}</h1><div id="price"><span class="value">${text(shown)}</span></div>${sold}`);
    }
  }
}

export const blockPage = () => page('Access denied', '', '<h1>Access denied</h1><p>Please complete the captcha to prove you are not a robot.</p>');

/**
 * One page of the JSON API shop's catalogue (strategy json): products with the shop's id, title, GTIN (or
 * null), a relative link to the product page, prices as an API gives them — the current price a number, the
 * regular one a string or null — and stock. `total` counts the whole catalogue.
 */
export function apiPage(spec: DemoShopSpec, products: { p: DemoProduct; price: DemoPrice }[], page: number, size: number, total: number): string {
  return JSON.stringify({
    data: {
      products: products.map(({ p, price }) => ({
        id: p.article,
        title: p.name,
        gtin: p.ean,
        link: `/p/${encodeURIComponent(p.article)}`,
        pricing: { current: (price.promo ?? price.regular) / 100, regular: price.promo ? major(price.regular) : null, currency: spec.currency },
        stock: { available: price.inStock },
      })),
    },
    meta: { page, size, total },
  });
}
