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
  /** The language of names, labels, header and footer; default `en` (also picks the default items). */
  language?: LeafletLanguage;
  /** `decimal` "41,90" (default) or `superscript`: big "41", small raised "90", the currency under the cents. */
  priceStyle?: PriceStyle;
  /** What the price is printed on: `box` (default), a coloured star `burst`, or a `rotated` badge (6–14°). */
  priceShape?: PriceShape;
  /**
   * Traps beside the price: the pack size printed large ("1,5 л", "0.95 l"), a validity range
   * ("20.11–26.11") and a quantity ("x2") in the tile — none of them is a price.
   */
  traps?: boolean;
};

export type LeafletLanguage = 'en' | 'uk' | 'ru' | 'ka';
export type PriceStyle = 'decimal' | 'superscript';
export type PriceShape = 'box' | 'burst' | 'rotated';

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

/** Ukrainian, Russian and Georgian names as their leaflets print them (sizes in л, мл, г, кг, шт; ლ, გ, კგ). */
const PRODUCTS_BY_LANGUAGE: Record<Exclude<LeafletLanguage, 'en'>, Product[]> = {
  uk: [
    { name: 'Молоко 2{d}5% 0{d}9 л', min: 32, max: 49 },
    { name: 'Пиво світле 0{d}5 л', min: 29, max: 59 },
    { name: 'Сир твердий Гауда 200 г', min: 69, max: 139 },
    { name: 'Масло вершкове 82% 180 г', min: 69, max: 109 },
    { name: 'Йогурт питний 400 г', min: 25, max: 49 },
    { name: 'Філе куряче охолоджене 1 кг', min: 159, max: 239 },
    { name: 'Ковбаса варена 500 г', min: 99, max: 189 },
    { name: 'Банани 1 кг', min: 49, max: 79 },
    { name: 'Яблука Голден 1 кг', min: 29, max: 59 },
    { name: 'Хліб житній 350 г', min: 22, max: 39 },
    { name: 'Макарони спагеті 500 г', min: 35, max: 69 },
    { name: 'Олія соняшникова 0{d}85 л', min: 59, max: 99 },
    { name: 'Кава мелена 250 г', min: 119, max: 249 },
    { name: 'Чай чорний 25 пак', min: 39, max: 79 },
    { name: 'Шоколад молочний 90 г', min: 39, max: 69 },
    { name: 'Сік апельсиновий 0{d}95 л', min: 45, max: 79 },
    { name: 'Вода мінеральна 1{d}5 л', min: 19, max: 35 },
    { name: 'Квас хлібний 2 л', min: 39, max: 65 },
    { name: 'Вино червоне сухе 0{d}75 л', min: 149, max: 329 },
    { name: 'Пральний порошок 3 кг', min: 199, max: 389 },
    { name: 'Папір туалетний 8 шт', min: 89, max: 159 },
    { name: 'Шампунь 400 мл', min: 89, max: 179 },
    { name: 'Яйця курячі 10 шт', min: 49, max: 79 },
    { name: 'Вареники з картоплею 800 г', min: 59, max: 99 },
    { name: 'Гречка ядриця 1 кг', min: 49, max: 89 },
  ],
  ru: [
    { name: 'Молоко 3{d}2% 1 л', min: 32, max: 49 },
    { name: 'Пиво светлое 0{d}5 л', min: 29, max: 59 },
    { name: 'Сыр Российский 200 г', min: 69, max: 139 },
    { name: 'Масло сливочное 180 г', min: 69, max: 109 },
    { name: 'Кефир 1% 0{d}9 л', min: 25, max: 49 },
    { name: 'Филе куриное 1 кг', min: 159, max: 239 },
    { name: 'Колбаса вареная 500 г', min: 99, max: 189 },
    { name: 'Бананы 1 кг', min: 49, max: 79 },
    { name: 'Хлеб ржаной 350 г', min: 22, max: 39 },
    { name: 'Макароны 500 г', min: 35, max: 69 },
    { name: 'Масло подсолнечное 0{d}85 л', min: 59, max: 99 },
    { name: 'Кофе молотый 250 г', min: 119, max: 249 },
    { name: 'Чай чёрный 25 пак', min: 39, max: 79 },
    { name: 'Шоколад молочный 90 г', min: 39, max: 69 },
    { name: 'Сок яблочный 0{d}95 л', min: 45, max: 79 },
    { name: 'Вода минеральная 1{d}5 л', min: 19, max: 35 },
    { name: 'Вино красное 0{d}75 л', min: 149, max: 329 },
    { name: 'Стиральный порошок 3 кг', min: 199, max: 389 },
    { name: 'Шампунь 400 мл', min: 89, max: 179 },
    { name: 'Яйца куриные 10 шт', min: 49, max: 79 },
  ],
  ka: [
    { name: 'რძე 2{d}5% 1 ლ', min: 3, max: 6 },
    { name: 'ლუდი 0{d}5 ლ', min: 2, max: 5 },
    { name: 'ყველი იმერული 1 კგ', min: 14, max: 25 },
    { name: 'კარაქი 82% 200 გ', min: 6, max: 12 },
    { name: 'მაწონი 500 გ', min: 2, max: 5 },
    { name: 'ქათმის ფილე 1 კგ', min: 12, max: 19 },
    { name: 'პური თონის 400 გ', min: 1, max: 3 },
    { name: 'ბანანი 1 კგ', min: 4, max: 7 },
    { name: 'ვაშლი 1 კგ', min: 2, max: 5 },
    { name: 'მაკარონი 500 გ', min: 3, max: 6 },
    { name: 'მზესუმზირის ზეთი 1 ლ', min: 5, max: 9 },
    { name: 'ყავა 250 გ', min: 12, max: 29 },
    { name: 'ჩაი შავი 25 ც', min: 4, max: 9 },
    { name: 'შოკოლადი 90 გ', min: 3, max: 7 },
    { name: 'წვენი ფორთოხლის 1 ლ', min: 4, max: 8 },
    { name: 'მინერალური წყალი 0{d}5 ლ', min: 1, max: 3 },
    { name: 'ღვინო საფერავი 0{d}75 ლ', min: 15, max: 39 },
    { name: 'კვერცხი 10 ც', min: 5, max: 9 },
    { name: 'ხინკალი 1 კგ', min: 12, max: 22 },
    { name: 'ლიმონათი 0{d}5 ლ', min: 1, max: 3 },
  ],
};

/** What a language's leaflets print: labels, header, footer, currency and decimal separator. */
const LANGUAGE_TEXT: Record<
  LeafletLanguage,
  {
    was: string;
    old: string;
    title: string;
    valid: (a: string, b: string) => string;
    footer: string;
    money: { currency: string | null; decimal: '.' | ',' } | null;
    card: string;
    threeForTwo: string;
  }
> = {
  en: {
    was: 'was',
    old: 'Old price',
    title: 'Weekly offers',
    valid: (a, b) => `Valid ${a} – ${b}`,
    footer: 'Prices incl. VAT. While stocks last. Offers valid in all stores of the chain.',
    money: null,
    card: 'Card price',
    threeForTwo: '3 for 2',
  },
  uk: {
    was: 'було',
    old: 'Стара ціна',
    title: 'Вигідні пропозиції',
    valid: (a, b) => `Акція діє ${a} – ${b}`,
    footer: 'Ціни вказані з ПДВ. Кількість товару обмежена.',
    money: { currency: 'грн', decimal: ',' },
    card: 'З карткою',
    threeForTwo: '3 за 2',
  },
  ru: {
    was: 'было',
    old: 'Старая цена',
    title: 'Выгодные предложения',
    valid: (a, b) => `Акция с ${a} по ${b}`,
    footer: 'Цены указаны с НДС. Количество товара ограничено.',
    money: { currency: 'грн', decimal: ',' },
    card: 'С картой',
    threeForTwo: '3 за 2',
  },
  ka: {
    was: 'ძველი ფასი',
    old: 'ძველი ფასი',
    title: 'კვირის შეთავაზება',
    valid: (a, b) => `${a} – ${b}`,
    footer: 'ფასები მოიცავს დღგ-ს. შეთავაზება მოქმედებს მარაგის ამოწურვამდე.',
    money: { currency: '₾', decimal: '.' },
    card: 'ბარათით',
    threeForTwo: '2+1',
  },
};

const CENT_ENDINGS = [0.9, 0.9, 0.9, 0.99, 0.99, 0.49, 0.5, 0.0, 0.79, 0.29];

function money(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The card-price badges of every language (a candidate with one is `card`). */
export const LEAFLET_CARD_TEXTS: readonly string[] = Object.values(LANGUAGE_TEXT).map((t) => t.card);

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
export function leafletPageItems(seed: number, n: number, language: LeafletLanguage = 'en'): LeafletPageItem[] {
  const rnd = seededRandom(seed);
  const decimal = LANGUAGE_TEXT[language].money?.decimal ?? leafletPageStyle(seed).decimal;
  const products = language === 'en' ? PRODUCTS : PRODUCTS_BY_LANGUAGE[language];
  const pool = [...products];
  const items: LeafletPageItem[] = [];
  for (let i = 0; i < n; i++) {
    if (pool.length === 0) pool.push(...products);
    const p = pool.splice(Math.floor(rnd() * pool.length), 1)[0];
    const price = leafletPrice(rnd, p.min, p.max);
    const r = rnd();
    let mechanicsText: string | null = null;
    if (r < 0.12) mechanicsText = '2+1';
    else if (r < 0.18) mechanicsText = LANGUAGE_TEXT[language].threeForTwo;
    else if (r < 0.3) mechanicsText = LANGUAGE_TEXT[language].card;
    let oldPrice: number | null = null;
    if (mechanicsText === LANGUAGE_TEXT[language].card || rnd() < 0.7) {
      const up = price * (1.1 + rnd() * 0.35);
      oldPrice = money(Math.floor(up) + (price % 1 > 0.5 ? 0.9 : 0.99));
      if (oldPrice <= price) oldPrice = money(Math.floor(price) + 10.9);
    }
    if (mechanicsText === '2+1' || mechanicsText === LANGUAGE_TEXT[language].threeForTwo) oldPrice = rnd() < 0.5 ? oldPrice : null;
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

/** Pack sizes printed beside prices on `traps` pages (in the page's language's unit). */
const PACK_SIZES = ['0.5 l', '1.5 l', '0.95 l', '0.33 l', '1.75 l', '0.9 l', '2.5 l', '1.2 kg', '0.75 l', '4.5 kg'];

const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

/** Renders one leaflet page; each item's `box` is its tile in picture pixels. */
export async function renderLeafletPage(opts: LeafletPageOptions): Promise<RenderedLeafletPage> {
  const seed = opts.seed;
  const columns = Math.max(1, Math.min(6, Math.floor(opts.columns ?? 3)));
  const rowsWanted = opts.rows ?? (opts.items ? Math.ceil(opts.items.length / columns) : 3);
  const rows = Math.max(1, Math.min(8, Math.floor(rowsWanted)));
  const language = opts.language ?? 'en';
  const words = LANGUAGE_TEXT[language];
  const items = (opts.items ?? leafletPageItems(seed, columns * rows, language)).slice(0, columns * rows);
  const style = {
    ...leafletPageStyle(seed),
    ...(words.money ?? {}),
    ...(opts.oldPriceStyle ? { oldStyle: opts.oldPriceStyle } : {}),
    ...(opts.money ?? {}),
  };
  const priceStyle = opts.priceStyle ?? 'decimal';
  // DejaVu Sans Bold has no lari sign (₾): it is drawn in the regular face
  const curWeight = style.currency === '₾' ? 'normal' : 'bold';
  const shape = opts.priceShape ?? 'box';
  // The new styles draw from their own sequence: pages without them stay exactly as they were.
  const rnd2 = seededRandom(seed * 131 + 17);
  const theme = THEMES[Math.abs(seed) % THEMES.length];
  const rnd = seededRandom(seed * 31 + 7);
  const burstFill = rnd2() < 0.5 ? theme.accent : theme.band;
  const burstInk = burstFill === theme.band ? '#ffffff' : '#1d1d1b';
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
  const title = opts.title ?? `${chain} — ${words.title}`;
  const valid = opts.subtitle ?? words.valid(`${dd(day)}.${dd(month)}.`, `${dd(day + 6)}.${dd(month)}.2026`);

  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<rect width="${width}" height="${headerH}" fill="${theme.band}"/>`);
  parts.push(
    `<text x="${margin}" y="${headerH * 0.52}" font-family="${FONT}" font-weight="bold" font-size="${Math.round(headerH * 0.36)}" fill="#ffffff">${esc(title)}</text>`,
  );
  parts.push(`<text x="${margin}" y="${headerH * 0.82}" font-family="${FONT}" font-size="${Math.round(headerH * 0.17)}" fill="#ffffff">${esc(valid)}</text>`);

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
    parts.push(
      `<rect x="${x}" y="${y}" width="${tileW}" height="${tileH}" rx="${Math.round(10 * unit)}" fill="${theme.tile}" stroke="${theme.band}" stroke-width="2"/>`,
    );

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
    const [intText, centsText] = priceText.split(style.decimal) as [string, string];
    const centsSize = Math.round(priceSize * 0.5);
    const priceW =
      priceStyle === 'superscript'
        ? intText.length * priceSize * 0.64 + centsText.length * centsSize * 0.66 + priceSize * 0.14
        : priceText.length * priceSize * 0.64 + (style.currency ? curSize * 1.8 : 0);
    const boxH = Math.round(priceSize * 1.3);
    const boxW = Math.min(tileW - 2 * pad, Math.round(priceW + pad * 2));
    const boxX = x + tileW - pad - boxW;
    const boxY = y + tileH - pad - boxH;
    const boxFill = style.priceBox === 'yellow' ? theme.accent : style.priceBox === 'red' ? theme.band : '#ffffff';
    const priceInk = style.priceBox === 'red' ? '#ffffff' : style.priceBox === 'white' ? theme.band : '#1d1d1b';
    const priceParts: string[] = [];
    if (shape === 'burst') {
      // a many-pointed star behind the price, wider than the box; dark digits on yellow or white on red
      const cx = boxX + boxW / 2;
      const cy = boxY + boxH / 2;
      const spikes = 14 + Math.floor(rnd2() * 8);
      // the price fits inside the inner points; the star stays inside its tile
      const rx = Math.min(boxW * 0.66, cx - x - 3, x + tileW - cx - 3);
      const ry = Math.min(boxH * 0.78, y + tileH - cy - 3);
      const pts: string[] = [];
      for (let k = 0; k < spikes * 2; k++) {
        const a = (Math.PI * k) / spikes;
        const f = k % 2 ? 0.86 : 1;
        pts.push(`${(cx + Math.cos(a) * rx * f).toFixed(1)},${(cy + Math.sin(a) * ry * f).toFixed(1)}`);
      }
      priceParts.push(`<polygon points="${pts.join(' ')}" fill="${burstFill}"/>`);
    } else {
      priceParts.push(
        `<rect x="${boxX}" y="${boxY}" width="${boxW}" height="${boxH}" rx="${Math.round(8 * unit)}" fill="${boxFill}"${style.priceBox === 'white' ? ` stroke="${theme.band}" stroke-width="3"` : ''}/>`,
      );
    }
    const ink = shape === 'burst' ? burstInk : priceInk;
    const baseline = boxY + boxH * 0.5 + priceSize * 0.36;
    if (priceStyle === 'superscript') {
      // "41" big, "90" half size with its top at the top of the big digits, the currency under the cents
      const intW = intText.length * priceSize * 0.64;
      const cx = boxX + pad + intW + priceSize * 0.12;
      priceParts.push(
        `<text x="${boxX + pad}" y="${baseline}" font-family="${FONT}" font-weight="bold" font-size="${priceSize}" fill="${ink}">${esc(intText)}</text>`,
        `<text x="${cx}" y="${baseline - priceSize * 0.73 + centsSize * 0.73}" font-family="${FONT}" font-weight="bold" font-size="${centsSize}" fill="${ink}">${esc(centsText)}</text>`,
      );
      if (style.currency) {
        priceParts.push(
          `<text x="${cx}" y="${baseline}" font-family="${FONT}" font-weight="${curWeight}" font-size="${Math.round(curSize * 0.8)}" fill="${ink}">${esc(style.currency)}</text>`,
        );
      }
    } else if (shape === 'burst') {
      // centred in the star, smaller when it would not fit inside its inner points
      const rx = Math.min(boxW * 0.66, boxX + boxW / 2 - x - 3, x + tileW - boxX - boxW / 2 - 3);
      const cur = style.currency ? ` ${style.currency}` : '';
      const fit = Math.min(priceSize, (1.45 * rx) / (priceText.length * 0.7 + cur.length * 0.3));
      priceParts.push(
        `<text x="${boxX + boxW / 2}" y="${boxY + boxH * 0.5 + fit * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fit.toFixed(1)}" fill="${ink}">${esc(priceText)}${
          cur ? `<tspan font-size="${Math.round(fit * 0.42)}" font-weight="${curWeight}">${esc(cur)}</tspan>` : ''
        }</text>`,
      );
    } else {
      priceParts.push(
        `<text x="${boxX + pad}" y="${baseline}" font-family="${FONT}" font-weight="bold" font-size="${priceSize}" fill="${ink}">${esc(priceText)}</text>`,
      );
      if (style.currency) {
        priceParts.push(
          `<text x="${boxX + boxW - pad}" y="${baseline}" text-anchor="end" font-family="${FONT}" font-weight="${curWeight}" font-size="${curSize}" fill="${ink}">${esc(style.currency)}</text>`,
        );
      }
    }
    if (shape === 'rotated') {
      const angle = (6 + rnd2() * 8) * (rnd2() < 0.5 ? -1 : 1);
      parts.push(`<g transform="rotate(${angle.toFixed(1)} ${boxX + boxW / 2} ${boxY + boxH / 2})">${priceParts.join('')}</g>`);
    } else parts.push(...priceParts);

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

    if (opts.traps) {
      // under the name, left: the pack size printed large, the validity range and a quantity
      const size = PACK_SIZES[Math.floor(rnd2() * PACK_SIZES.length)]!.replace('.', rnd2() < 0.5 ? '.' : ',');
      const unitWord =
        language === 'uk' || language === 'ru'
          ? size.replace(/ l$/, ' л').replace(/ kg$/, ' кг')
          : language === 'ka'
            ? size.replace(/ l$/, ' ლ').replace(/ kg$/, ' კგ')
            : size;
      const d0 = 1 + Math.floor(rnd2() * 20);
      const m0 = 1 + Math.floor(rnd2() * 12);
      const range = `${dd(d0)}.${dd(m0)}${rnd2() < 0.5 ? '.' : ''}–${dd(d0 + 6)}.${dd(m0)}${rnd2() < 0.5 ? '.' : ''}`;
      const ty = nameBottom + nameSize * 1.3;
      parts.push(
        `<text x="${x + pad}" y="${ty}" font-family="${FONT}" font-weight="bold" font-size="${Math.round(nameSize * 1.5)}" fill="${theme.ink}">${esc(unitWord)}</text>`,
      );
      parts.push(`<text x="${x + pad}" y="${ty + nameSize * 1.4}" font-family="${FONT}" font-size="${nameSize}" fill="${theme.ink}">${esc(range)}</text>`);
      if (rnd2() < 0.5)
        parts.push(
          `<text x="${x + pad}" y="${ty + nameSize * 2.7}" font-family="${FONT}" font-weight="bold" font-size="${nameSize}" fill="${theme.band}">x2</text>`,
        );
    }

    // old price above the price box (a burst reaches above its box: higher there)
    if (item.oldPrice !== null) {
      const oldText = formatLeafletMoney(item.oldPrice, style.decimal);
      const oy = boxY - oldSize * (shape === 'burst' ? 1.1 : 0.6);
      const ox = boxX;
      if (style.oldStyle === 'strike') {
        const text = style.currency ? `${oldText} ${style.currency}` : oldText;
        const w = text.length * oldSize * 0.62;
        const tilt = (rnd2() - 0.5) * oldSize * 0.5;
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(text)}</text>`);
        parts.push(
          `<line x1="${ox - 2}" y1="${oy - oldSize * 0.33 + tilt}" x2="${ox + w}" y2="${oy - oldSize * 0.33 - tilt}" stroke="${theme.band}" stroke-width="${(1.5 + rnd2()).toFixed(1)}"/>`,
        );
      } else if (style.oldStyle === 'plain') {
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(oldText)}</text>`);
      } else {
        const label = style.oldStyle === 'was' ? words.was : words.old;
        parts.push(`<text x="${ox}" y="${oy}" font-family="${FONT}" font-size="${oldSize}" fill="#555555">${esc(`${label} ${oldText}`)}</text>`);
      }
    }
  });

  parts.push(
    `<text x="${margin}" y="${height - footerH * 0.4}" font-family="${FONT}" font-size="${Math.round(footerH * 0.32)}" fill="#666666">${esc(words.footer)}</text>`,
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('\n')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  return { png, width, height, items: placed };
}

/**
 * The kinds of page the benchmark and the tests print, each one trap of real leaflets at a time
 * (`mixed`: several at once, as a Ukrainian chain prints them).
 */
export const LEAFLET_PAGE_KINDS = ['plain', 'strike', 'superscript', 'rotated', 'burst', 'cyrillic', 'georgian', 'traps', 'mixed'] as const;
export type LeafletPageKind = (typeof LEAFLET_PAGE_KINDS)[number];

/** The options that make a page of `kind` (the seed picks the rest). */
export function leafletKindOptions(kind: LeafletPageKind, seed: number): Partial<LeafletPageOptions> {
  switch (kind) {
    case 'plain':
      return {};
    case 'strike':
      return { oldPriceStyle: 'strike' };
    case 'superscript':
      return { priceStyle: 'superscript' };
    case 'rotated':
      return { priceShape: 'rotated' };
    case 'burst':
      return { priceShape: 'burst' };
    case 'cyrillic':
      return { language: seed % 2 ? 'uk' : 'ru' };
    case 'georgian':
      return { language: 'ka' };
    case 'traps':
      return { traps: true };
    case 'mixed':
      return { language: 'uk', priceStyle: 'superscript', oldPriceStyle: seed % 2 ? 'strike' : 'was', traps: true, priceShape: seed % 3 ? 'box' : 'burst' };
  }
}
