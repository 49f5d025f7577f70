/**
 * Generated leaflet pages with known prices: the test data of recognition (tests, the benchmark
 * server/bench/leaflets.ts, demo leaflets and e2e). A page looks like a retail leaflet: a coloured
 * header band with the chain and the validity dates, a grid of product tiles — name (1–2 lines), a
 * product "photo" (drawn shapes), an optional mechanics badge ("2+1", "Card price"), the old price
 * ("was 49.90", "Old price 49.90" or struck through by a thin line, by seed) and the promo price big and
 * bold in a price box — and a footer line. Drawn as SVG and rendered to PNG with sharp (librsvg), in
 * DejaVu Sans (Debian fonts-dejavu-core; .ci/run installs it).
 *
 * Everything is deterministic in the seed: the items, the decimal separator and currency (per seed:
 * "39.90 Kč", "39,90 zł", "39,90 €", "39.90"), the colours and the old-price style. Traps a recogniser
 * must not take for prices are printed on purpose: dates in the header, sizes in names ("0.5 l",
 * "2,5%", "100 g"), percentages in badges ("-25%").
 */
import sharp from 'sharp';

export type LeafletPageItem = { name: string; price: number; oldPrice: number | null; mechanicsText: string | null };
export type LeafletPageBox = { x: number; y: number; w: number; h: number };
export type RenderedLeafletItem = LeafletPageItem & { box: LeafletPageBox };
export type RenderedLeafletPage = { png: Buffer; width: number; height: number; items: RenderedLeafletItem[] };

export type LeafletPageOptions = {
  seed: number;
  /** Default: leafletPageItems(seed, columns × rows). */
  items?: LeafletPageItem[];
  /** Default 3. */
  columns?: number;
  /** Default 3, or as many as the given items need. */
  rows?: number;
  /** Header text; default the seed's chain and "Weekly offers". */
  title?: string;
  /** The line under the title; default "Valid dd.mm. – dd.mm.2026" from the seed. */
  subtitle?: string;
  /** Currency sign and decimal separator; default by seed (leafletPageStyle). */
  money?: { currency: string | null; decimal: '.' | ',' };
  /** Page width in pixels; default 1240 (A4 at 150 dpi). */
  width?: number;
  /** How old prices are printed; default by seed (never `strike`, see leafletPageStyle). */
  oldPriceStyle?: OldPriceStyle;
};

/** Mulberry32: a small deterministic PRNG. */
export function seededRandom(seed: number): () => number {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Product = { name: string; min: number; max: number };

/** Names as leaflets print them; `{d}` is the seed's decimal separator (sizes like "2{d}5%"). */
const PRODUCTS: Product[] = [
  { name: 'Milk 2{d}5% 1 l', min: 15, max: 35 },
  { name: 'Pilsner beer 0{d}5 l', min: 12, max: 30 },
  { name: 'Gouda cheese 100 g', min: 15, max: 35 },
  { name: 'Butter 82% 250 g', min: 39, max: 69 },
  { name: 'White yoghurt 150 g', min: 8, max: 19 },
  { name: 'Chicken breast fillets 1 kg', min: 119, max: 219 },
  { name: 'Pork neck sliced 1 kg', min: 99, max: 189 },
  { name: 'Bananas 1 kg', min: 24, max: 39 },
  { name: 'Apples Gala 1 kg', min: 19, max: 45 },
  { name: 'Tomatoes cherry 250 g', min: 19, max: 39 },
  { name: 'Wholegrain bread 500 g', min: 25, max: 49 },
  { name: 'Croissant butter 60 g', min: 7, max: 16 },
  { name: 'Spaghetti durum 500 g', min: 19, max: 39 },
  { name: 'Basmati rice 1 kg', min: 39, max: 79 },
  { name: 'Olive oil extra virgin 0{d}75 l', min: 129, max: 259 },
  { name: 'Ground coffee 250 g', min: 69, max: 149 },
  { name: 'Black tea 20 bags', min: 29, max: 59 },
  { name: 'Milk chocolate 100 g', min: 19, max: 45 },
  { name: 'Butter biscuits 200 g', min: 25, max: 49 },
  { name: 'Potato chips salted 150 g', min: 29, max: 55 },
  { name: 'Orange juice 100% 1 l', min: 29, max: 59 },
  { name: 'Sparkling water 1{d}5 l', min: 9, max: 22 },
  { name: 'Cola 2 l', min: 29, max: 49 },
  { name: 'Red wine Merlot 0{d}75 l', min: 99, max: 199 },
  { name: 'Laundry gel 40 washes', min: 199, max: 349 },
  { name: 'Dishwasher tablets 60 pcs', min: 249, max: 399 },
  { name: 'Toilet paper 8 rolls', min: 69, max: 129 },
  { name: 'Shampoo for dry hair 400 ml', min: 59, max: 119 },
  { name: 'Toothpaste whitening 75 ml', min: 39, max: 79 },
  { name: 'Frozen pizza Margherita 350 g', min: 49, max: 99 },
  { name: 'Ice cream vanilla 1 l', min: 59, max: 119 },
  { name: 'Smoked salmon 100 g', min: 69, max: 129 },
  { name: 'Eggs free range 10 pcs', min: 49, max: 89 },
  { name: 'Mozzarella 125 g', min: 19, max: 39 },
  { name: 'Cornflakes 375 g', min: 39, max: 79 },
  { name: 'Honey flower 500 g', min: 89, max: 169 },
  { name: 'Tuna in oil 160 g', min: 35, max: 69 },
  { name: 'Cat food with chicken 85 g', min: 9, max: 19 },
  { name: 'Dog food beef 1{d}2 kg', min: 69, max: 139 },
  { name: 'Electric kettle 1{d}7 l', min: 399, max: 899 },
  { name: 'Vacuum cleaner 700 W', min: 1299, max: 3499 },
  { name: 'Frying pan 28 cm', min: 299, max: 799 },
  { name: 'Bath towel 70 x 140 cm', min: 149, max: 399 },
];

const CENT_ENDINGS = [0.9, 0.9, 0.9, 0.99, 0.99, 0.49, 0.5, 0.0, 0.79, 0.29];

function money(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A leaflet-looking price: whole units from the range plus a typical ending (.90, .99, .49, …). */
function leafletPrice(rnd: () => number, min: number, max: number): number {
  const whole = Math.floor(min + rnd() * (max - min));
  return money(whole + CENT_ENDINGS[Math.floor(rnd() * CENT_ENDINGS.length)]);
}

/** Seed styles: decimal separator and currency as the page prints them. */
/**
 * Old price styles: "was 49.90", "Old price 49.90", a plain smaller "49.90" above the price, or the
 * number struck through by a thin line. `strike` is only drawn when asked for: measured with tesseract
 * (docs/leaflets-recognition.md), a 1.5 px line through the digits makes them unreadable ("479;96-7—"),
 * also after upscaling, median filtering or thresholding.
 */
export type OldPriceStyle = 'was' | 'old' | 'plain' | 'strike';
export type LeafletPageStyle = { decimal: '.' | ','; currency: string | null; oldStyle: OldPriceStyle; priceBox: 'yellow' | 'red' | 'white' };

export function leafletPageStyle(seed: number): LeafletPageStyle {
  const rnd = seededRandom(seed * 7919 + 13);
  const money = (
    [
      { decimal: '.', currency: 'Kč' },
      { decimal: ',', currency: 'zł' },
      { decimal: ',', currency: '€' },
      { decimal: '.', currency: null },
    ] as const
  )[Math.abs(seed) % 4];
  const oldStyle = (['was', 'old', 'plain'] as const)[Math.floor(rnd() * 3)];
  const priceBox = (['yellow', 'red', 'white'] as const)[Math.floor(rnd() * 3)];
  return { decimal: money.decimal, currency: money.currency, oldStyle, priceBox };
}

/**
 * `n` products for a page: distinct names, prices with 2 decimals, about two thirds with an old price
 * 10–45 % higher, some "2+1" / "3 for 2" / "Card price" mechanics. Deterministic in the seed.
 */
export function leafletPageItems(seed: number, n: number): LeafletPageItem[] {
  const rnd = seededRandom(seed);
  const { decimal } = leafletPageStyle(seed);
  const pool = [...PRODUCTS];
  const items: LeafletPageItem[] = [];
  for (let i = 0; i < n; i++) {
    if (pool.length === 0) pool.push(...PRODUCTS);
    const p = pool.splice(Math.floor(rnd() * pool.length), 1)[0];
    const price = leafletPrice(rnd, p.min, p.max);
    const r = rnd();
    let mechanicsText: string | null = null;
    if (r < 0.12) mechanicsText = '2+1';
    else if (r < 0.18) mechanicsText = '3 for 2';
    else if (r < 0.3) mechanicsText = 'Card price';
    let oldPrice: number | null = null;
    if (mechanicsText === 'Card price' || rnd() < 0.7) {
      const up = price * (1.1 + rnd() * 0.35);
      oldPrice = money(Math.floor(up) + (price % 1 > 0.5 ? 0.9 : 0.99));
      if (oldPrice <= price) oldPrice = money(Math.floor(price) + 10.9);
    }
    if (mechanicsText === '2+1' || mechanicsText === '3 for 2') oldPrice = rnd() < 0.5 ? oldPrice : null;
    items.push({ name: p.name.replaceAll('{d}', decimal), price, oldPrice, mechanicsText });
  }
  return items;
}

/** "1299.9" → "1 299,90" in the page's style (thousands by a space, as Czech/Polish leaflets print). */
export function formatLeafletMoney(value: number, decimal: '.' | ','): string {
  const [whole, cents] = value.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${grouped}${decimal}${cents}`;
}

const THEMES = [
  { band: '#d6001c', accent: '#ffde00', tile: '#fff6f6', ink: '#1d1d1b' },
  { band: '#005ca9', accent: '#ffd200', tile: '#f2f7fc', ink: '#14213d' },
  { band: '#00843d', accent: '#ffe14d', tile: '#f3faf5', ink: '#1b2a1f' },
  { band: '#e2660b', accent: '#fff0a8', tile: '#fff8f1', ink: '#2b1a0c' },
  { band: '#5b2a86', accent: '#ffd23f', tile: '#f8f4fc', ink: '#1f1030' },
];
const CHAINS = ['Albert', 'Billa', 'Auchan', 'Penny', 'Kaufland', 'Lidl', 'Tesco', 'Globus'];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits a name into at most two lines of about `max` characters. */
function wrap(name: string, max: number): string[] {
  if (name.length <= max) return [name];
  const words = name.split(' ');
  let first = '';
  while (words.length && (first + ' ' + words[0]).trim().length <= max) first = (first + ' ' + words.shift()).trim();
  if (!first) first = words.shift() ?? '';
  return words.length ? [first, words.join(' ')] : [first];
}

/** A simple product "photo": a few coloured shapes, different per item, so tiles are not plain text. */
function productShape(rnd: () => number, x: number, y: number, w: number, h: number): string {
  const hue = Math.floor(rnd() * 360);
  const c1 = `hsl(${hue},55%,62%)`;
  const c2 = `hsl(${(hue + 40) % 360},45%,45%)`;
  const kind = Math.floor(rnd() * 3);
  const cx = x + w / 2;
  if (kind === 0) {
    // bottle
    const bw = w * 0.28;
    return `<rect x="${cx - bw / 2}" y="${y + h * 0.22}" width="${bw}" height="${h * 0.74}" rx="${bw * 0.3}" fill="${c1}"/>
      <rect x="${cx - bw * 0.18}" y="${y + h * 0.04}" width="${bw * 0.36}" height="${h * 0.22}" fill="${c2}"/>
      <rect x="${cx - bw / 2}" y="${y + h * 0.5}" width="${bw}" height="${h * 0.18}" fill="#ffffff" opacity="0.75"/>`;
  }
  if (kind === 1) {
    // box
    return `<rect x="${x + w * 0.2}" y="${y + h * 0.12}" width="${w * 0.6}" height="${h * 0.82}" rx="6" fill="${c1}"/>
      <circle cx="${cx}" cy="${y + h * 0.5}" r="${Math.min(w, h) * 0.2}" fill="${c2}"/>`;
  }
  // round goods
  const r = Math.min(w, h) * 0.22;
  return `<circle cx="${cx - r * 0.8}" cy="${y + h * 0.62}" r="${r}" fill="${c1}"/>
    <circle cx="${cx + r * 0.8}" cy="${y + h * 0.58}" r="${r * 0.9}" fill="${c2}"/>
    <ellipse cx="${cx}" cy="${y + h * 0.32}" rx="${r * 0.7}" ry="${r * 0.35}" fill="#6aa84f"/>`;
}

const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

/** Renders one leaflet page; each item's `box` is its tile in picture pixels. */
export async function renderLeafletPage(opts: LeafletPageOptions): Promise<RenderedLeafletPage> {
  const seed = opts.seed;
  const columns = Math.max(1, Math.min(6, Math.floor(opts.columns ?? 3)));
  const rowsWanted = opts.rows ?? (opts.items ? Math.ceil(opts.items.length / columns) : 3);
  const rows = Math.max(1, Math.min(8, Math.floor(rowsWanted)));
  const items = (opts.items ?? leafletPageItems(seed, columns * rows)).slice(0, columns * rows);
  const style = { ...leafletPageStyle(seed), ...(opts.oldPriceStyle ? { oldStyle: opts.oldPriceStyle } : {}), ...(opts.money ?? {}) };
  const theme = THEMES[Math.abs(seed) % THEMES.length];
  const rnd = seededRandom(seed * 31 + 7);
  const chain = CHAINS[Math.abs(seed) % CHAINS.length];

  const width = Math.max(400, Math.floor(opts.width ?? 1240));
  const margin = Math.round(width * 0.03);
  const gap = Math.round(width * 0.02);
  const headerH = Math.round(width * 0.13);
  const footerH = Math.round(width * 0.05);
  const tileW = Math.floor((width - 2 * margin - (columns - 1) * gap) / columns);
  const tileH = Math.round(tileW * 1.02);
  const height = headerH + margin + rows * tileH + (rows - 1) * gap + margin + footerH;

  const day = 1 + Math.floor(rnd() * 20);
  const month = 1 + Math.floor(rnd() * 12);
  const dd = (d: number) => String(d).padStart(2, '0');
  const title = opts.title ?? `${chain} — Weekly offers`;
  const valid = opts.subtitle ?? `Valid ${dd(day)}.${dd(month)}. – ${dd(day + 6)}.${dd(month)}.2026`;

  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<rect width="${width}" height="${headerH}" fill="${theme.band}"/>`);
  parts.push(
    `<text x="${margin}" y="${headerH * 0.52}" font-family="${FONT}" font-weight="bold" font-size="${Math.round(headerH * 0.36)}" fill="#ffffff">${esc(title)}</text>`,
  );
  parts.push(
    `<text x="${margin}" y="${headerH * 0.82}" font-family="${FONT}" font-size="${Math.round(headerH * 0.17)}" fill="#ffffff">${esc(valid)}</text>`,
  );

  const unit = Math.max(0.55, tileW / 380);
  const nameSize = Math.round(25 * unit);
  const oldSize = Math.round(22 * unit);
  const priceSize = Math.round(70 * unit);
  const curSize = Math.round(30 * unit);
  const badgeSize = Math.round(24 * unit);
  const pad = Math.round(14 * unit);
  const charsPerLine = Math.floor((tileW - 2 * pad) / (nameSize * 0.6));

  const placed: RenderedLeafletItem[] = [];
  items.forEach((item, i) => {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const x = margin + col * (tileW + gap);
    const y = headerH + margin + row * (tileH + gap);
    placed.push({ ...item, box: { x, y, w: tileW, h: tileH } });
    parts.push(`<rect x="${x}" y="${y}" width="${tileW}" height="${tileH}" rx="${Math.round(10 * unit)}" fill="${theme.tile}" stroke="${theme.band}" stroke-width="2"/>`);

    // name, 1–2 lines
    const lines = wrap(item.name, charsPerLine);
    lines.forEach((line, li) => {
      parts.push(
        `<text x="${x + pad}" y="${y + pad + nameSize * (li + 1) * 1.15}" font-family="${FONT}" font-weight="bold" font-size="${nameSize}" fill="${theme.ink}">${esc(line)}</text>`,
      );
    });
    const nameBottom = y + pad + nameSize * 2 * 1.15 + pad * 0.6;

    // price area at the bottom
    const priceText = formatLeafletMoney(item.price, style.decimal);
    const priceW = priceText.length * priceSize * 0.64 + (style.currency ? curSize * 1.8 : 0);
    const boxH = Math.round(priceSize * 1.3);
    const boxW = Math.min(tileW - 2 * pad, Math.round(priceW + pad * 2));
    const boxX = x + tileW - pad - boxW;
    const boxY = y + tileH - pad - boxH;
    const boxFill = style.priceBox === 'yellow' ? theme.accent : style.priceBox === 'red' ? theme.band : '#ffffff';
    const priceInk = style.priceBox === 'red' ? '#ffffff' : style.priceBox === 'white' ? theme.band : '#1d1d1b';
    parts.push(
      `<rect x="${boxX}" y="${boxY}" width="${boxW}" height="${boxH}" rx="${Math.round(8 * unit)}" fill="${boxFill}"${style.priceBox === 'white' ? ` stroke="${theme.band}" stroke-width="3"` : ''}/>`,
    );
    const baseline = boxY + boxH * 0.5 + priceSize * 0.36;
    parts.push(
      `<text x="${boxX + pad}" y="${baseline}" font-family="${FONT}" font-weight="bold" font-size="${priceSize}" fill="${priceInk}">${esc(priceText)}</text>`,
    );
    if (style.currency) {
      parts.push(
        `<text x="${boxX + boxW - pad}" y="${baseline}" text-anchor="end" font-family="${FONT}" font-weight="bold" font-size="${curSize}" fill="${priceInk}">${esc(style.currency)}</text>`,
      );
    }

    // picture between the name and the price box
    const picTop = nameBottom;
    const picBottom = boxY - (item.oldPrice !== null ? oldSize * 1.9 : pad);
    if (picBottom - picTop > 20) parts.push(productShape(rnd, x + pad, picTop, tileW * 0.55, picBottom - picTop));

    // mechanics badge, top right of the picture area
    if (item.mechanicsText) {
      const label = item.mechanicsText;
      const bw = Math.round(label.length * badgeSize * 0.66 + pad * 2);
      const bh = Math.round(badgeSize * 1.6);
      const bx = x + tileW - pad - bw;
      const by = nameBottom;
      parts.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="${theme.band}"/>`);
      parts.push(
        `<text x="${bx + bw / 2}" y="${by + bh * 0.5 + badgeSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${badgeSize}" fill="#ffffff">${esc(label)}</text>`,
      );
    } else if (item.oldPrice !== null && rnd() < 0.4) {
      // a discount sticker: a percentage, which is not a price
      const pct = Math.round((1 - item.price / item.oldPrice) * 100);
      const r = Math.round(badgeSize * 1.5);
      const cx = x + tileW - pad - r;
      const cy = nameBottom + r;
      parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${theme.band}"/>`);
      parts.push(
        `<text x="${cx}" y="${cy + badgeSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${badgeSize}" fill="#ffffff">-${pct}%</text>`,
      );
    }

    // old price above the price box
    if (item.oldPrice !== null) {
      const oldText = formatLeafletMoney(item.oldPrice, style.decimal);
      const oy = boxY - oldSize * 0.6;
      const ox = boxX;
      if (style.oldStyle === 'strike') {
        const text = style.currency ? `${oldText} ${style.currency}` : oldText;
        const w = text.length * oldSize * 0.62;
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(text)}</text>`);
        parts.push(`<line x1="${ox - 2}" y1="${oy - oldSize * 0.3}" x2="${ox + w}" y2="${oy - oldSize * 0.36}" stroke="${theme.band}" stroke-width="1.5"/>`);
      } else if (style.oldStyle === 'plain') {
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(oldText)}</text>`);
      } else {
        const label = style.oldStyle === 'was' ? 'was' : 'Old price';
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(`${label} ${oldText}`)}</text>`);
      }
    }
  });

  parts.push(
    `<text x="${margin}" y="${height - footerH * 0.4}" font-family="${FONT}" font-size="${Math.round(footerH * 0.32)}" fill="#666666">${esc(
      'Prices incl. VAT. While stocks last. Offers valid in all stores of the chain.',
    )}</text>`,
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('\n')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  return { png, width, height, items: placed };
}
