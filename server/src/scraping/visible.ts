/**
 * What a shopper sees as the product's price: the amounts written as money in the main product area (the
 * block around the product's h1) and in sticky buy bars, each with what the page says about it — struck
 * through (an old price), or labelled as something else than the price: a loyalty-card or app price, an
 * instalment, a delivery threshold, a saving, a per-unit, netto, lowest-in-30-days, deposit or fee, a volume
 * tier, a 'from' price of another offer, an approximation, another currency. Related products, carts,
 * headers, menus and hidden elements are never read. The extraction strategies check their price against
 * this view (docs/parsers.md "Cross-checks").
 */
import type { CheerioAPI } from 'cheerio';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';
import type { ParserPriceFormat } from '@pricewatch/shared/contract';
import { amountsIn, countryDecimal, normalizePriceText, type Amount, type PriceContext } from './price';

export type LabelKind =
  | 'loyalty'
  | 'instalment'
  | 'delivery'
  | 'saving'
  | 'net'
  | 'per_unit'
  | 'lowest'
  | 'fee'
  | 'tier'
  | 'alternative'
  | 'from'
  | 'approx'
  | 'other_currency'
  | 'total'
  | 'bundle'
  | 'auction'
  | 'history'
  | 'dated'
  | 'watch';

export type Mention = {
  /** The amount; null when it cannot be read for sure (a split price without markup saying so). */
  value: number | null;
  currency: string | null;
  struck: boolean;
  label: LabelKind | null;
  /** In a sticky buy bar rather than the product area. */
  sticky: boolean;
  /** Its element or the line it sits in is marked as a price (class, id, itemprop: price, cena, preis…). */
  priceElement: boolean;
  el: Element;
  /** The text around it, for messages. */
  text: string;
  /** The text right after the amount on its line (a footnote mark, a label). */
  after: string;
};

export type PageView = {
  /** The main product area: the closest block around the product's h1 that shows a price. */
  main: Element | null;
  mentions: Mention[];
  /** Without a product area: the labelled amounts of the closest block around the h1 that shows any. */
  labelledNearH1: Mention[];
  /** The product area says the price is on request, after login or in the cart. */
  onRequest: boolean;
  /** The page has a product area (an h1 or a microdata Product), whether or not it shows a price. */
  productArea: boolean;
  /** Elements of the main area and the sticky bars, for "is this element inside?" questions. */
  contains: (el: Element) => boolean;
  /** Whether an element is the other one or inside it. */
  within: (el: Element, ancestor: Element) => boolean;
  /** The text of an element as rendered for reading prices (split prices joined, struck parts kept). */
  textOf: (el: Element) => string;
  /**
   * The label of an amount an element shows itself ('3 за 99 ₴': a multi-buy; '389,00 zł netto'; 'cca 189,90 Kč';
   * '4,99 zł*' with '* z aplikacją'), read as the product area reads it; null when it is plainly a price.
   */
  labelOf: (el: Element, amount: number) => { label: LabelKind; text: string } | null;
  /** The same without its struck-through parts, and those parts (an old price inside the price element). */
  splitStruck: (el: Element) => { text: string; struck: string };
  struck: (el: Element) => boolean;
  hidden: (el: Element) => boolean;
  excluded: (el: Element) => boolean;
};

const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'iframe',
  'object',
  'select',
  'option',
  'textarea',
  'input',
  'button-hidden',
]);
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'button',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'label',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'body',
  'html',
]);

/** Blocks that are not this product: other products, carts, site chrome. */
const EXCLUDED_ZONE =
  /(related|recommend|similar|upsell|up-sell|cross-?sell|accessor|recently|viewed|last-?seen|carousel|slider|product-?tile|product-?grid|products-?list|teaser|mini-?cart|header-?cart|site-header-cart|cart-?(summary|contents|widget|preview|drawer|total|icon|count|bubble|popover|popup|dropdown|flyout|sum)|(^|[-_\s])(modal|quick-?view|quickview|lightbox)($|[-_\s])|basket-?(summary|total|preview)|cookie|newsletter|breadcrumb|navbar|(^|[-_\s])menu($|[-_\s])|sidebar|banner|promo-?strip|topbar|announcement|other-?(offers|sellers)|more-?sellers|successor|nachfolg|replacement-?(product|model))/i;
const EXCLUDED_ROLES = /^(navigation|banner|contentinfo|complementary|dialog|alertdialog|menu)$/i;
/** Headings of blocks of other products, when their markup does not say so. */
const RELATED_HEADING =
  /(you may also like|also bought|also viewed|related|similar|recommended|recently viewed|frequently bought|bought together|ერთად ყიდულობენ|разом купують|вместе покупают|kupowane razem|często kupowane|často kupované|zákazníci také|complete the look|з цим товаром|схожі|рекоменд|переглянуті|вам може|с этим товаром|похожие|вы смотрели|podobn|polecane|inni kupili|ostatnio oglądane|související|naposledy|mohlo by|könnte ihnen|ähnliche|zuletzt angesehen|kunden kauften|მსგავსი|ასევე|რეკომენდ|other offers|other sellers|successor|nachfolgemodell|nástupce|następca|nowszy model|nowy model|neues modell|nový model|нова модель|новая модель|наступник|новіша модель|новая модель|замінник|alte (\d+ )?oferte|další nabídky|inne oferty|weitere angebote|інші пропозиції|другие предложения)/i;
const STICKY = /(sticky|buy-?bar|buybar|fixed-?(buy|cart|bottom|price)|floating-?(buy|cart|bar|price)|bottom-?bar|add-?to-?cart-?bar)/i;
const HIDDEN_CLASS = /(^|\s)(hidden|d-none|is-hidden|visually-hidden|sr-only|screen-reader-text|invisible|u-hidden|hide)(\s|$)/;
const RESPONSIVE_SHOW = /(^|\s)(sm|md|lg|xl|2xl):(block|flex|inline|inline-block|grid|table)(\s|$)/;
const STRUCK_CLASS =
  /(^|[\s_-])(old|was|strike|striked|strikethrough|line-through|crossed|crossout|crossed-out|before|statt|uvp|rrp|msrp|compare|compare-at|list-?price|listprice|original|puvodni|stara|stary|streich|streichpreis)($|[\s_-])/i;
/** Words saying the amount after them was the price ('Було', 'statt', 'Cena regularna:', 'PRP:'), at the end of a text. */
const WAS_WORDS =
  /(^|[^\p{L}])(було|было|була|стара ціна|старая цена|statt|was|zamiast|było|cena regularna|cena poprzednia|poprzednio|original price|běžná cena|bežná cena|původní cena|pôvodná cena|dříve|prp|pret vechi|preț vechi|ძველი ფასი|uvp)\s*:?\s*$/iu;
/** A currency written right after an amount, and one written right before the next. */
const CURRENCY_LEAD = /^\s*(kč|zł|₴|грн\.?|₾|ლ|€|lei|ft|chf)/i;
const CURRENCY_TAIL = /\s*(€|\$|£|kč|zł|₴|₾|chf|lei|ft)\s*$/i;
/** A tooltip naming an old price ('Cena przed obniżką: 1 199,00 zł', 'Původní cena 1 599 Kč', 'Was £12'). */
const WAS_TITLE =
  /^\s*(cena przed obniżką|przed obniżką|cena regularna|poprzednia cena|cena katalogowa|původní cena|běžná cena|pôvodná cena|стара ціна|старая цена|ціна без знижки|цена без скидки|регулярна ціна|was|regular price|original price|statt|vorher|ursprünglicher preis|ძველი ფასი)(?![\p{L}])\s*:?\s*/iu;
const STRUCK_TEXT =
  /^\s*(statt|was|war|uvp|rrp|msrp|prp|list price|compare at|regular price was|original price|cena regularna|cena poprzednia|preț vechi|pret vechi|běžná cena|bežná cena|pôvodná cena|původní cena|doporučená( cena)?|стара ціна|старая цена|була|було|было|zamiast|wcześniej|poprzednio|dříve|predtým|vorher|bisher|ძველი ფასი)(?![\p{L}])/iu;
const PRICE_TOKEN = /(price|cena|ceny|cina|preis|prix|prezzo|precio|ціна|цiна|цена|ფასი|amount|money)/i;
const CENTS_CLASS = /(cent|coin|kop|dec|fraction|frac|minor|penny|pennies|sup|small|grosz|haler|tetri|after-?(comma|point|dot)|rest)/i;

/**
 * A service or add-on the amount includes, named right after it ('3 198,00 zł z ubezpieczeniem', '15 498 ₴ з
 * установкою', '12 490 Kč vč. dopravy a instalace', '1 299 ₾ მონტაჟით'): the sum, not the item's own price.
 */
const WITH_SERVICE_AFTER =
  /^[^\d\p{L}]{0,8}(\p{L}{1,4}\.?\s*)?[([]?\s*((?<![\p{L}])(z|ze|s|se|з|із|с|with|mit|inkl\.?|incl\.?|vč\.?|včetně|w\s+tym|разом\s+з|включно\s+з)\s+(\p{L}+\s+){0,2}(ubezpiecz|установк|встановл|монтаж|montaż|montáž|montaz|instalac|instalací|installation|doprav|dostaw|доставк|wniesien|gwarancj|гаранті|záruk|servis|сервіс|страхуван|pojištěn)|\p{L}*(მონტაჟით|მიტანით|მიწოდებით))/iu;
/**
 * An amount for several, said right after it in any unit or none ('/2 pary', '/2 op.', '/2x', 'за 2 уп.', 'za dwa', '/ 2
 * ც.'): not one item's price.
 */
const FOR_SEVERAL_AFTER =
  /^\s*[^\d\s/]{0,4}\.?\s*(\/\s*([2-9]|[1-9]\d)\s*([x×]|\p{L}{1,6}\.?)?|(za|за|for|für)\s+([2-9]|[1-9]\d|dwa|dwie|trzy|dva|dvě|tři|два|дві|три|zwei|drei|two|three)(\s*\p{L}{1,6}\.?)?)(?![\p{L}\d])/iu;
/** The number and the word FOR_SEVERAL_AFTER found after the amount: what it counts, if anything. */
const SEVERAL_WHAT = /^\s*[^\d\s/]{0,4}\.?\s*(\/|za|за|for|für)\s*(\d+)\s*(["″”]|''|\p{L}+\.?)?\s*(.*)$/iu;
/** A span of time ('2 roky', '2 dni', '2 роки'): after the amount, the length of something, no count of items. */
const DURATION =
  /^(rok[uy]?|roků|let|lat[a]?|rok|years?|jahre?n?|рок(и|ів)?|рік|год[а]?|лет|dn[iyůí]|dní|days?|tage?n?|дн(і|ів|я|ей)|tygodni\p{L}*|týdn\p{L}*|weeks?|wochen?|тижн\p{L}*|недел\p{L}*|měsíc\p{L}*|miesi[ąę]c\p{L}*|months?|monate?n?|місяц\p{L}*|месяц\p{L}*|h|hod\p{L}*|godzin\p{L}*|hours?|stunden?|годин\p{L}*|час\p{L}*)$/iu;
/** What a span of time after the amount may be of without touching the price: a warranty, a delivery. */
const WARRANTY_OR_DELIVERY =
  /^(záruk\p{L}*|zárukou|gwarancj\p{L}*|garanc\p{L}*|гаранті\p{L}*|гаранти\p{L}*|garantie|warrant\p{L}*|dostaw\p{L}*|wysyłk\p{L}*|doruč\p{L}*|dodání|dodac\p{L}*|доставк\p{L}*|delivery|shipping|lieferung|lieferzeit|expedic\p{L}*)\.?$/iu;
/** Sizes a product's name gives ('29"', '2 m', '65 cm'), which the same number after its amount may repeat. */
const SIZE_UNIT = /^(["″”]|''|in|inch|cm|mm|m|м|см|мм|l|л|ml|мл|kg|кг|g|г|gb|tb|w|v|mah)\.?$/iu;
/** A name counting several pieces ('(2 шт.)', '2 szt', 'sada 4 ks', 'komplet 2'): the number counted. */
const NAME_COUNT =
  /(?<![\d.,/×x])(\d+)\s*(шт|szt|sztuk\p{L}*|ks|kus\p{L}*|pcs|pieces|stück|stk|штук\p{L}*)(?![\p{L}])|(?<![\p{L}])(комплект|komplet|sada|zestaw|set|набір)\s*(з|із|z|ze|of|po)?\s*(\d+)(?![\d.,])/giu;
const nameCounts = (name: string): number[] => [...name.matchAll(NAME_COUNT)].map((m) => Number(m[1] ?? m[5]));
/**
 * The number FOR_SEVERAL_AFTER found counts no pieces the amount is for (ATK4 on 7ecfee6): years of warranty or days
 * of delivery ('/ 2 roky záruka', 'za 2 dni dostawa'); the product's own size, as its name gives it and counting no
 * pieces ('Kolo Author 29"' at '12 990 Kč/29"', 'Kabel HDMI 2 m' at '29,99 zł/2 m'); things the name itself counts as
 * many ('Шини … (2 шт.)' at '4 998 ₴/2 шини'). Anything else after the number ('/ 2 roky' alone, a rent's days, a
 * size or count the name does not give) leaves it a tier: refused.
 */
function countsNoPieces(after: string, name: string): boolean {
  const m = SEVERAL_WHAT.exec(after);
  if (!m || !m[3]) return false;
  const n = Number(m[2]);
  const unit = m[3].replace(/\.$/, '');
  const rest = m[4]!.trim();
  if (DURATION.test(unit)) {
    // One word naming the span's warranty or delivery, and nothing after it.
    return /^\p{L}+\.?$/u.test(rest) && WARRANTY_OR_DELIVERY.test(rest);
  }
  // Nothing after the number, or another amount's own clause after a separator ('· 14,99 zł/m').
  if (!name || (rest && !/^[·•|;]\s*\d[\d\s.,]*\s*(zł|kč|₴|грн|₾|ლ|€|lei|ft|chf|\$)/iu.test(rest))) return false;
  const counts = nameCounts(name);
  if (SIZE_UNIT.test(unit)) {
    if (counts.some((c) => c > 1)) return false;
    const u = unit.replace(/[″”]|''/g, '"').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const sizes = new RegExp(`(?<![\\d.,])${n}\\s*(${u === '"' ? "\"|″|”|''" : u})(?![\\p{L}\\d])`, 'iu');
    return sizes.test(name);
  }
  // The name counts as many of the same things ('Witamina D3 60 kaps.' at '/ 60 kaps.', '… 8 rolek' at '/8 rolek').
  if (unit.length >= 3 && new RegExp(`(?<![\\d.,])${n}\\s*${unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(name)) return true;
  // A word the name uses (a short one whole, a longer one but its last two letters) and a count the name gives.
  if (unit.length < 3) return false;
  const stem = (unit.length <= 4 ? unit : unit.slice(0, -2)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`(^|[^\\p{L}])${stem}${unit.length <= 4 ? '(?![\\p{L}])' : ''}`, 'iu').test(name)) return false;
  return counts.length === 1 && counts[0] === n;
}
/** Labels saying an amount is not the item's price, by the words beside it. Order: the first match names it. */
const TEXT_LABELS: [LabelKind, RegExp][] = [
  [
    'lowest',
    /(najniższa|lowest price|nejnižší|najnižšia|найнижч|наименьш|niedrigste|cel mai mic|legalacsonyabb|30\s*(dni|днів|дней|days|dn[ií]|tag|de\s*zile|zile|nap)|letzter preis|last price|ostatnia cena|poslední cena|posledná cena|ბოლო ფასი)/i,
  ],
  // The last price an item sold at, not a current one ('Остання ціна: 2 799 ₴' of an item out of stock, 'Naposledy za').
  ['history', /(остання ціна|последняя цена|(?<![\p{L}])naposledy(?!\s+(aktualiz|změn|upraven|updat)))/iu],
  // An auction's bid or starting price ('9 příhozů', 'Vyvolávací cena', 'aktualna oferta', 'Licytacja', 'Licit').
  [
    'auction',
    /(příhoz|přihoz|vyvolávací|aukc|auction|licyt|aktualna oferta|(?<![\p{L}])licit|(?<![\p{L}])gebot|(?<![\p{L}])bid(?![\p{L}])|аукціон|аукцион|აუქციონ)/iu,
  ],
  [
    'instalment',
    /(\/\s*(сезон|season|sezon|saison|rok|рік|год|year|jahr)|міс(?![а-яіїєґ'’])|мес(?![а-яё])|місяц|щомісяч|месяц|ежемесяч|თვიურ|розстроч|рассроч|\/\s*mo\b|\bmo\.|per month|month|mies|měs|\bmtl|monat|\braty?\b|\brate\b|\/\s*lun[ăa]|részlet|splátk|платеж|частин|кредит|credit|afterpay|klarna|affirm|payments? of|interest-free|განვადებ|თვეში|\/\s*თვე|finanzier|leasing|\braten\b|installment|instalment|à\s*[\d,.]+\s*€|×\s*\d+\s*(платеж|plat|rat))/i,
  ],
  [
    'loyalty',
    /(карт(к|о|а|і|и|у|ою|кою|ой|ы)|\bcard\b|clubcard|payback|клуб|власник|kart(ą|ou|a|y|e)(?!\w)|\bclub\b|\bklub(u|em|ie|owicz\w*)?\b|\bapp\b|додат(ок|ку|ком)|приложени|aplikac|აპლიკაც|ბარათ|kortel|kártyá|kaardi|člensk|členov|членськ|членск|klubow|clubow|predplat|předplat|subscri|abonament|abonnement|\babo\b|підписк|подписк|prenumerat|გამოწერ|\bplus\b|member|věrnost|lojal|loyal|program|промокод|promo-?k[oó]d|(^|[^\p{L}])(s|z|with|mit|с|з)\s*k[oó]d(em|om)?(?![\p{L}])|(^|[^\p{L}])(with|mit)\s*code|(?<![\p{L}])zalogowan|logged[-\s]?in|(?<![\p{L}])přihlášen|(?<![\p{L}])prihlásen|(?<![\p{L}])registrovan|(?<![\p{L}])зареєстрован|(?<![\p{L}])зарегистрирован|(?<![\p{L}])авторизован|(?<![\p{L}])eingeloggt|(?<![\p{L}])angemeldet|(?<![\p{L}])(při|przy|при|bei|when)\s+(platbě|płatności|оплаті|оплате|zahlung|paying)|(?<![\p{L}])(při|przy|при|with)\s+(nákupu|koupi|zakupie|купівлі|покупке|purchase)\s+(?![\d\s]|od\s*\d|від\s*\d|от\s*\d)\p{L})/iu,
  ],
  [
    'saving',
    /(економ|эконом|ušetř|oszczęd|sparen|you save|\bsave\b|savings|вигод|выгод|скидк|დაზოგ|бонус|bonus|cashback|кешбек|trade-?in|zvýhodn|\brabat|sleva\b|знижк|v hodnotě|w wartości|o wartości|вартістю|стоимостью|im wert von|\bworth\b|dárek|\bgift\b|prezent|подарун|подарок|geschenk|ქეშბექ|(?<![\p{L}])zwrot(?![\p{L}])|(?<![\p{L}])повернення\s+\d)/iu,
  ],
  // A minimum order of several pieces ('мінімальне замовлення 10 пар'), before delivery's minimum order value.
  [
    'tier',
    /(мінімальн\p{L}*|минимальн\p{L}*|minimáln\p{L}*|minimaln\p{L}*|minimum|mindest\p{L}*)\s+(\p{L}+\s+)?(від|от|od|from|ab)?\s*([2-9]|[1-9]\d+)\s*(шт|szt|ks|kus|pcs|пар|par|уп|op|bal|stück|stk)/iu,
  ],
  // Before delivery: 'zzgl. MwSt. zzgl. Versand' is a net amount.
  [
    'net',
    /(netto|\bnet\b|без\s*пдв|без\s*ндс|bez\s*dph|bez\s*vat|excl\.?\s*(vat|tax|btw)|without\s*vat|ohne\s*mwst|zzgl\.?\s*(\d+\s*%\s*)?mwst|\+\s*(vat|დღგ|пдв|ндс|dph|mwst|btw|áfa)|áfa\s*nélkül|nettó|before\s*tax|დღგ-ს\s*გარეშე)/i,
  ],
  [
    'delivery',
    /(доставк|достав|delivery|livrare|szállítás|shipping|\bship|versand|lieferung|liefer|doprav|doruč|dodání|přeprav|dostaw|wysyłk|przesyłk|odbiór|porto\b|მიწოდებ|zdarma od|darmowa|gratis|\bfree\b|безкоштовн|бесплатн|spedition|postage|kurier|кур'єр|пошта|minim|мінімал|mindest)/i,
  ],
  // A prepayment ('Передоплата 2 000 ₴, решта — при отриманні') is part of the price, not the price.
  [
    'fee',
    /(pfand|záloh|kaucj|depozit|deposit|застав|передоплат|предоплат|pre-?pay|przedpłat|zaliczk|anzahlung|vorauszahlung|аванс|\bavans|advance\s*payment|recykl|recycl|\bvrg\b|poplat|gebühr|\bfee\b|ekolog)/i,
  ],
  // Volume tiers and multi-buys: 'від 10 уп.', 'ab 5 Stück', '2 шт за', '2 for', '1+1', 'druhý kus za'.
  [
    'tier',
    /((від|вiд|от|od|ab|from|при)\s*\d+\s*(уп|шт|szt|ks|kus|par|stück|stk|pcs|pieces|items|units|бал|bal|бут)|przy zakupie\s*\d|při\s*(koupi|nákupu|odběru)\s*(od\s*)?\d|pri\s*(kúpe|nákupe|odbere)\s*(od\s*)?\d|при купівлі\s*\d|при покупке\s*\d|beim kauf von\s*\d|(ціна|цена|cena)\s*(за|za)\s*[2-9]\d*\s*(шт|szt|ks)|when you buy\s*\d|\b\d\s*\+\s*(\d\b|szt|шт|ks|pcs)|\d+\s*(db|darab)\s*[-\u2010-\u2015]?\s*(tól|től)(?![\p{L}])|druh(ý|á|é)\s*(kus\s*)?za|(?<![\p{L}])(комплект|komplet|sada|zestaw|súprava|souprava|set|satz)\s*(з|із|z|ze|of|aus|po)?\s*([2-9]|1\d)\s*(шт|szt|ks|kus|pcs|stück|stk)|(?<![\d])[2-9]er-?satz|\/\s*([2-9]|[1-9]\d)\s*(шт|szt|ks|kus|pcs|stück|stk)|друг(ий|а|е)\s*(товар\s*)?за|second\s*(one|item)?\s*for)/iu,
  ],
  [
    'alternative',
    /(разом дешевше|вместе дешевле|bundle|razem taniej|w zestawie z|spolu levněji|v sadě s|zusammen günstiger|rozbal|refurb|\bused\b|б\/у|уцін|уценен|outlet|second.?hand|pozostałe|other sizes|інші розміри|другие размеры|more seller|other seller|seller options|inne oferty|další nabídk|weitere angebote|ostatní varianty|renewed)/i,
  ],
  // A price including a service, the service named before it ('Ціна з установкою', 'Cena s instalací').
  [
    'bundle',
    /(?<![\p{L}])(z|ze|s|se|з|із|с|with|mit|inkl\.?|incl\.?|vč\.?|včetně)\s+(ubezpiecz|установк|встановл|монтаж|montaż|montáž|montage|instalac|instalací|installation|wniesien|pojištěn|страхуван)/iu,
  ],
  // A price from a date to come ('З 01.12 ціна', 'ab 02.12.', 'Od 1 grudnia', '1 დეკემბრიდან').
  [
    'dated',
    /((?<!(skladem|na skladě|naskladnění|dostępn\p{L}*|w magazynie|в наявності|в наличии|available|in stock|lieferbar|auf lager|raktáron|na sklade)\s*)(?<![\p{L}])(з|із|від|с|со|od|ode|ab|from|von|dès)\s+\d{1,2}\s*[./]\s*\d{1,2}(?![\d,])|(?<![\p{L}])(з|із|від|с|od|ode|ab|from)\s+\d{1,2}\.?\s*(січ|лют|берез|квіт|трав|черв|лип|серп|верес|жовт|листоп|груд|янв|фев|мар|апр|ма[йя]|июн|июл|авг|сен|окт|ноя|дек|ledn|únor|břez|dub|květ|červ|srp|září|říj|listop|prosin|stycz|lut|mar|kwie|maj|czerw|lip|sierp|wrze|paźdz|listop|grud|jan|feb|mär|apr|mai|jun|jul|aug|sep|okt|nov|dez)\p{L}*|\d{1,2}\s*(იანვ|თებერვ|მარტ|აპრილ|მაის|ივნის|ივლის|აგვისტ|სექტემბ|ოქტომბ|ნოემბ|დეკემბ)\p{L}*დან)/iu,
  ],
  // A target a visitor sets for an alert ('Upozornit, až cena klesne pod', 'Powiadom, gdy cena spadnie').
  [
    'watch',
    /(upozornit|upozorni|hlídat|hlídací|powiadom|notify|alert|повідом|уведом|сообщ|benachrichtig)\p{L}*[^.\d]{0,40}(klesne|spadnie|drops?|falls?|знизит|снизит|впаде|упад|sinkt|fällt)/iu,
  ],
];
/** The same by class, id and test ids of the amount's element and its line. */
const CLASS_LABELS: [LabelKind, RegExp][] = [
  ['lowest', /(omnibus|lowest|najnizsza|price-history)/i],
  ['instalment', /(credit|install?ment|financ|leasing|afterpay|klarna|affirm|(^|[-_\s])raty?($|[-_\s])|splatk|monthly|(^|[-_\s])rate($|[-_\s]))/i],
  // 'card' alone is a layout block (Bootstrap's .card and .card-price, BEM 'item-card__price'): only a card price's own
  // names count ('price--card', 'price-area__card', 'with-card').
  ['loyalty', /(loyal|with-?card|--card($|[-_\s])|__card($|[-_\s])|club|(^|[-_\s])app($|[-_\s])|member|(^|[-_\s])plus($|[-_\s])|karta|(^|[-_\s])bonus)/i],
  ['saving', /((^|[-_\s])save($|[-_\s])|saving|you-?save|(^|[-_\s])econ|usetr|sparen|discount-amount|trade-?in|cashback|buyback)/i],
  ['delivery', /(deliver|shipping|versand|doprav|dostaw|freeship)/i],
  ['net', /((^|[-_\s])(net|netto|novat|nett)($|[-_\s])|without-?vat|no-?vat|excl-?vat|bez-?dph|ohne-?mwst)/i],
  ['per_unit', /((^|[-_\s])unit|base-?price|baseprice|per-?item|per-?unit|per-?kg|grundpreis|measure)/i],
  ['fee', /(deposit|pfand|recycl|(^|[-_\s])fee($|[-_\s])|(^|[-_\s])vrg($|[-_\s]))/i],
  ['tier', /((^|[-_\s])tier|(^|[-_\s])scale($|[-_\s])|volume|staffel|bulk)/i],
  ['alternative', /((^|[-_\s])alt($|[-_\s])|(^|[-_\s])bundle|more-?sellers|other-?offers|(^|[-_\s])sellers|refurb|(^|[-_\s])used($|[-_\s])|outlet)/i],
];
const FROM_BEFORE = /(^|[^\p{L}])(від|вiд|от|from|od|ab|starting (at|from)|already from|dès|a partir de|de\s+la)\s*:?\s*$/iu;
// '2 899 ₾-დან', '2 899 ლ.-დან' (the sign's dot may be left after the amount's own currency), '2 899 ლარიდან'; Hungarian
// '1 299 Ft-tól'.
const FROM_AFTER = /^\s*((₾|ლ\.?|ლარი|gel)?\.?\s*[-\u2010-\u2015]?\s*დან|(ft|huf|€|eur|lei)?\.?\s*[-\u2010-\u2015]?\s*(tól|től)(?![\p{L}]))/iu;
/** 'Raty 0%: 10 × 99,90 zł': one of several payments. */
export const INSTALMENT_BEFORE = /(^|[^\d.,])([2-9]|[1-9]\d)\s*[×x]\s*$/i;
export const MULTIBUY_BEFORE = /(^|[^\d])\d+\s*(шт\.?|szt\.?|ks|pcs|stück|stk|x|×)?\s*(за|za|for|für)\s*(€|\$|£|chf|fr\.)?\s*$/i;
// 'cca 189,90 Kč' (cs/sk), 'ok. 12,99 zł', 'близько 40 ₴', 'etwa 5 €', 'დაახლ. 4 ₾': an estimate (goods sold by weight).
const APPROX_BEFORE =
  /(≈|~|\bca\.|(^|[^\p{L}])cca\.?|circa|approx\.?|přibližně|približne|orientačn|приблизно|примерно|около|близько|(^|[^\p{L}])ok\.|około|etwa|ungefähr|დაახლ\S*)\s*$/iu;
// '≈ 0,5 кг · 32,45 ₴', 'cca 0,5 kg / 89,95 Kč': the amount is for an estimated weight (goods charged by weight).
const APPROX_QUANTITY_BEFORE =
  /(≈|~|\bca\.|(^|[^\p{L}])cca\.?|circa|approx\.?|přibližně|približne|приблизно|примерно|около|близько|(^|[^\p{L}])ok\.|około|etwa|ungefähr|დაახლ\S*)\s*\d+([.,]\d+)?\s*(кг|kg|г|гр|g|л|l|мл|ml|шт|szt|ks|pcs|კგ|გრ?)\.?\s*[·•|/:=,–—-]?\s*$/iu;
/** The amount comes after a line's 'N for X' offer ('45,90 ₴ · 2 за 79 ₴': 79 does, 45,90 does not). */
function multibuyAfter(lineText: string, raw: string): boolean {
  const m = MULTIBUY_LINE.exec(lineText);
  if (!m) return false;
  // The amount's first standalone occurrence on the line ('2' in '52,90' is not one).
  const esc = raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const first = new RegExp(`(?<![\\d.,])${esc}(?![\\d])`).exec(lineText);
  return !!first && first.index >= m.index;
}
/** A price line's words before its first amount naming a unit it is for ('za m²', 'per kg', 'за 1 кг:'). */
const PER_UNIT_LINE_LEAD = /(^|[^\p{L}])(za|per|pro|je|за)\s*(1\s*|100\s*|10\s*)?(кг|kg|г|гр|g|л|l|мл|ml|m²|м²|m2|м2|m³|м³|m|м|კგ|lb|oz|kwh)\.?\s*:?\s*$/iu;
/** A line offering N items for an amount. */
const MULTIBUY_LINE = /(^|[^\d\p{L}])\d+\s*(шт\.?|szt\.?|ks|pcs|stück|stk|x|×)?\s*(за|za|for|für)\s*\d/iu;
/** A price per pack of several ('209,- Kč / karton', '/ zgrzewka', '/ уп.') on a page about one item. */
const PACK_AFTER =
  /^\s*(,-|\.-)?\s*[^\d\s/]{0,4}\s*\/\s*(karton|kartón|carton|krabic\p{L}*|balení|bal\.|box|opak\p{L}*|zgrzewk\p{L}*|упаковк\p{L}*|уп\.|ящик|pack\p{L}*|kiste|palet\p{L}*)(?![\p{L}])/iu;
/**
 * The pack a per-pack amount names ('karton', 'zgrzewka', 'ящик') is the product itself when its name says so
 * ('Pivo 24 × 0,5 l, karton' at '549,- Kč / karton'): then it is one item's price. Compared by the
 * word (a short one whole, a longer one without its last letter).
 */
function packIsTheProduct(after: string, name: string): boolean {
  const word = PACK_AFTER.exec(after)?.[2];
  if (!word || !name) return false;
  const bare = word.replace(/\.$/, '').toLowerCase();
  // Short words whole ('box' is no 'Boxerky', 'bal.' no 'Balzám'), longer ones but their ending ('zgrzewk-a').
  const stem = bare.length <= 4 ? `${bare}(?![\\p{L}])` : bare.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`(^|[^\\p{L}])${stem}`, 'iu').test(name);
  // And the name counts what is in it ('24 × 0,5 l', '6 szt.', '10 кг'): 'Mleko 1 l karton' is one carton of milk,
  // whose '/ karton' price may be a case of twelve.
  return named && PACK_CONTENTS.test(name);
}
const PACK_CONTENTS = /\d+\s*[×x]\s*\d|\d+\s*(szt|ks|kus|шт|pcs|stk|stück|бут|пляш|plech|lahv|butel|puszk|банок|бан)|\d+\s*(кг|kg)(?![\p{L}])/iu;
const SUPERSCRIPT_DIGIT: Record<string, string> = { '¹': '1', '²': '2', '³': '3' };
/** A footnote mark right after an amount ('4,99 zł*', '19,90 €¹'). */
const FOOTNOTE_AFTER = /^[^\d\n*¹²³†‡]{0,8}?(\*{1,3}|[¹²³†‡])/;
/**
 * What a footnote may say about its amount that makes it not the item's price ('* cena z aplikacją przy zakupie 2
 * opakowań'). Delivery, savings and the like are left out: '* incl. VAT, plus shipping' is said of real prices.
 */
const FOOTNOTE_KINDS = new Set<LabelKind>(['loyalty', 'tier', 'net', 'instalment', 'fee']);
/** Labels saying an amount is another price than one item's alone: structured data or a selector giving it is not believed. */
export const QUALIFYING_LABELS = new Set<LabelKind>([...FOOTNOTE_KINDS, 'approx', 'per_unit', 'auction', 'dated', 'history']);
/** A footnote or label that frees the price of a condition ('z kartą lub bez', 'bez karty', 'без картки'). */
const NEGATED = /(^|[^\p{L}])(bez|без|without|ohne|nie|не)\s/iu;
const NEGATION_WORDS = /(?<![\p{L}])(bez|без|without|ohne|nie|не|not|nicht|ne|neplatí|nelze)(?![\p{L}])/giu;
const EITHER_WAY = /(lub|or|або|или|nebo|alebo|oder)\s+(bez|без|without|ohne)(?![\p{L}])/iu;
/** A footnote saying another channel's price may differ: the price it marks is the plain one. */
const MAY_DIFFER =
  /(mo(że|gą)\s*się\s*różni|may\s*(differ|vary)|can\s*(differ|vary)|мо(же|жуть)\s*відрізн|мо(жет|гут)\s*отлича|m(ůže|ohou|ôže|ôžu)\s*(se|sa)?\s*(od\s*\S+\s*)?li[šs]it|kann\s*abweichen|können\s*abweichen)/iu;
/**
 * The first label the words around an amount give. A card word negated where it stands ('Ціна без картки', 'bez
 * karty') gives none, unless the same words also name a card plainly. Only cards: 'nie zawiera kaucji 0,50 zł'
 * still names the deposit's own amount.
 */
export function labelOfWords(words: string): LabelKind | null {
  for (const [kind, re] of TEXT_LABELS) {
    if (!re.test(words)) continue;
    if (kind === 'loyalty' && everyMatchNegated(words, re)) continue;
    return kind;
  }
  return null;
}
const QUANTITY_NEXT = /^\s*(мл|ml|л|l|г|гр|g|кг|kg|шт|szt|ks|pcs|уп|op|opak|balení|таб|tab|caps|капс|м|m|см|cm|мм|mm|მლ|ლ|გრ?|კგ|ც)\.?(?![\p{L}])/iu;
/** An option marked as the one chosen: by ARIA, a checked input inside, or an active/selected class. */
const CHOSEN_CLASS = /(^|[\s_-])(is-active|active|selected|is-selected|checked|is-checked|current|chosen|on)($|\s)|--(active|selected|checked|current)($|\s)/i;
function isChosen(el: Element): boolean {
  if (/^true$/i.test(attr(el, 'aria-checked')) || /^true$/i.test(attr(el, 'aria-selected')) || /^(true|page|step)$/i.test(attr(el, 'aria-current')))
    return true;
  if (CHOSEN_CLASS.test(attr(el, 'class'))) return true;
  const input = el.children.find((c): c is Element => isTag(c) && c.name === 'input');
  return !!input && 'checked' in input.attribs;
}
/** Words saying an amount is a sum of several things (a cart, an order), not one item's price. */
const TOTAL_WORDS = /(?<![\p{L}])(разом|всього|итого|всего|сума|сумма|celkem|celkov[áa]|razem|łącznie|suma|total|gesamt|summe|სულ|ჯამი)(?![\p{L}])/iu;
const TOTAL_BEFORE = new RegExp(`${TOTAL_WORDS.source}\\s*:?\\s*$`, 'iu');
/** 'Celkem s DPH:', 'Razem z VAT', 'Разом з ПДВ': on a product page the item's own price with its VAT, no sum. */
const TOTAL_WITH_VAT = new RegExp(
  `${TOTAL_WORDS.source}\\s*(cena\\s*)?(s|z|з|с|incl\\.?|inkl\\.?|including|with|mit|vč\\.?|včetně|включно\\s*з|включая)\\s*(dph|vat|пдв|ндс|mwst|ust|tax|დღგ)`,
  'iu',
);
/** Words saying an amount is a rate for a time (hire, rent), not a price to buy. */
const RENT_WORDS =
  /(оренд|аренд|прокат|pronáj|půjčovn|wynaj|wypożycz|(?<![\p{L}])miete|(?<![\p{L}])rent(al)?(?![\p{L}])|ქირა|за\s*(добу|день|сутки)|za\s*(den|dzień|dobu)|per\s*day)/iu;
/**
 * What the words before the amount inside the operator's own price element say it is ('Oszczędzasz 600 zł',
 * 'Стара ціна: 1 599 ₴', 'Celkem 7 387 Kč', 'დღიური ქირა 35 ₾'): words there are the amount's own label, even the
 * kinds (a saving, delivery) that words near the element do not settle.
 */
export function leadLabel(lead: string): string | null {
  if (!/\p{L}/u.test(lead)) return null;
  if (STRUCK_TEXT.test(lead) || WAS_WORDS.test(lead)) return 'old price';
  if (TOTAL_WORDS.test(lead) && !TOTAL_WITH_VAT.test(lead)) return 'total';
  if (RENT_WORDS.test(lead)) return 'rent';
  return labelOfWords(lead);
}
function everyMatchNegated(text: string, re: RegExp): boolean {
  // 'cena nie obowiązuje bez karty', 'Ціна не діє без картки': two negations make the card a condition again.
  if ((text.match(NEGATION_WORDS) ?? []).length > 1) return false;
  if (EITHER_WAY.test(text)) return true;
  for (const m of text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
    const lead = m.index + (m[0].length - m[0].trimStart().length);
    if (!NEGATED.test(text.slice(Math.max(0, lead - 12), lead))) return false;
  }
  return true;
}
/** A footnote naming the price gross ('cena brutto (netto 40,64 zł)'). */
const GROSS_WORDS = /(brutto|z\s*vat|s\s*dph|vč\.?\s*dph|včetně\s*dph|з\s*пдв|с\s*ндс|incl\.?\s*(vat|tax)|inkl)/iu;
/** A footnote saying what the price includes or allows ('vč. DPH a poplatků', 'możliwość zakupu na raty'). */
const INCLUDES_OR_ALLOWS = /(zawiera|včetně|vč\.|incl|inkl|включ|з урахуванням|możliw|можлив|possib|available|dostępn|lze|můžete)/iu;
/**
 * What a footnote line or a label line above the price says of it: a card/app, tier, netto, instalment or fee
 * condition, by a word starting there ('Směs' is no 'měs', 'Картопля' no 'карт'), not negated, not 'includes'.
 */
function conditionOf(text: string): LabelKind | null {
  for (const [kind, re] of TEXT_LABELS) {
    const m = re.exec(text);
    if (!m) continue;
    if (!FOOTNOTE_KINDS.has(kind)) return null;
    // Word start: the match begins a word (its first letter follows no letter).
    const lead = m.index + (m[0].length - m[0].trimStart().length);
    if (lead > 0 && /\p{L}/u.test(text[lead - 1]!)) continue;
    // 'bez karty', 'без картки' right before the word, or 'z kartą lub bez' anywhere.
    if (kind !== 'net' && (NEGATED.test(text.slice(Math.max(0, lead - 12), lead)) || EITHER_WAY.test(text))) return null;
    // 'cena w sklepie internetowym, w aplikacji może się różnić': the app's price is another one, not this.
    if (kind === 'loyalty' && MAY_DIFFER.test(text)) return null;
    if ((kind === 'fee' || kind === 'instalment') && INCLUDES_OR_ALLOWS.test(text)) return null;
    if (kind === 'net' && GROSS_WORDS.test(text)) return null;
    return kind;
  }
  return null;
}
const PRICE_LEAD = /^\s*(ціна|цена|price|cena|preis|ფასი)(?![\p{L}])/iu;
export const PRICE_ON_REQUEST =
  /(on\s*request|(ціна|цена|price|cena|preis)(?![^.\n]{0,40}(доставк|достав|dopravy|doprav|dostaw|montaż|montáž|монтаж|установк|instalac|installation|delivery|shipping|versand|služb|servis|usług))[^.\n]{0,40}(уточнюєт|уточнюют|уточняет|уточняют|to be (confirmed|announced)|bude upřesn|zostanie (podana|ustalona)|wird noch bekannt)|(see|view)\s*(the\s*)?price\s*in\s*(the\s*)?cart|price\s*in\s*cart|add\s*to\s*cart\s*to\s*see|log\s*in\s*to\s*see|after\s*log\s*in|na\s*zapytanie|na\s*dotaz|cena\s*dohodou|po\s*přihlášení|po\s*prihlásení|po\s*zalogowaniu|auf\s*anfrage|на\s*запит|по\s*запросу|уточнюйте|уточняйте|მოთხოვნით)/i;

const attr = (el: Element, name: string) => el.attribs?.[name] ?? '';
const tokensOf = (el: Element) =>
  `${attr(el, 'class')} ${attr(el, 'id')} ${attr(el, 'data-testid')} ${attr(el, 'data-test')} ${attr(el, 'data-name')} ${attr(el, 'itemprop')}`;

/** Top-level rules of a style sheet: `@media`, `@supports`… blocks are left out (not the page as a desktop shows it). */
function cssRules(css: string): { selectors: string; decl: string }[] {
  const out: { selectors: string; decl: string }[] = [];
  let depth = 0;
  let start = 0;
  let selectors = '';
  let skip = false;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') {
      if (depth === 0) {
        selectors = css.slice(start, i).trim();
        skip = selectors.startsWith('@');
      }
      depth++;
      start = i + 1;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        if (!skip) out.push({ selectors, decl: css.slice(start, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

/** A selector's specificity as one number: ids, then classes, attributes and pseudo-classes, then element names. */
function specificity(selector: string): number {
  const bare = selector.replace(/\[[^\]]*\]/g, () => '.a');
  const ids = (bare.match(/#[\w-]+/g) ?? []).length;
  const classes = (bare.match(/\.[\w-]+|:[\w-]+/g) ?? []).length;
  const types = (bare.replace(/[#.:][\w-]+/g, ' ').match(/(^|[\s>+~(])[a-z][\w-]*/gi) ?? []).length;
  return ids * 10000 + classes * 100 + types;
}

/** What a page's own <style> blocks say about elements: struck through, hidden, superscript. */
function styleSets($: CheerioAPI) {
  const struck = new Set<Element>();
  const hidden = new Set<Element>();
  const sup = new Set<Element>();
  let evaluated = 0;
  const styles = $('style').toArray();
  if (!styles.length) return { struck, hidden, sup };
  // Class names and ids the page uses: a rule about others matches nothing and is not evaluated (on a
  // shop's page most of its inline CSS is about elements elsewhere; evaluating it all costs seconds).
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const el of $('[class], [id]').toArray()) {
    if (!isTag(el)) continue;
    for (const c of (el.attribs.class ?? '').split(/\s+/)) if (c) classes.add(c);
    if (el.attribs.id) ids.add(el.attribs.id);
  }
  const mayMatch = (selector: string) => {
    const last =
      selector
        .split(/[\s>+~]+/)
        .filter(Boolean)
        .pop() ?? '';
    const cls = [...last.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!);
    const id = /#([\w-]+)/.exec(last)?.[1];
    return cls.every((c) => classes.has(c)) && (!id || ids.has(id));
  };
  // display and visibility by the cascade: the most specific rule, the later of equals, wins ('.price__sale{display:none}'
  // then '.price--on-sale .price__sale{display:initial}' shows it: pl-49's Shopify sale price).
  const cascade = { display: new Map<Element, [number, number, boolean]>(), visibility: new Map<Element, [number, number, boolean]>() };
  let order = 0;
  for (const styleEl of styles) {
    const css = $(styleEl)
      .text()
      .replace(/\/\*[\s\S]*?\*\//g, '');
    for (const { selectors, decl } of cssRules(css)) {
      const display = /(?<![\w-])display\s*:\s*([\w-]+)/i.exec(decl)?.[1]?.toLowerCase();
      const visibility = /(?<![\w-])visibility\s*:\s*([\w-]+)/i.exec(decl)?.[1]?.toLowerCase();
      const target = /line-through/i.test(decl) ? struck : /vertical-align\s*:\s*(super|top|text-top)/i.test(decl) ? sup : null;
      if (!target && !display && !visibility) continue;
      order++;
      for (const sel of selectors.split(',')) {
        const one = sel.trim();
        // States (:hover) and pseudo-elements do not describe the page as served.
        if (!one || /:(?!not\()/.test(one) || !mayMatch(one) || ++evaluated > 400) continue;
        const spec = specificity(one);
        try {
          for (const el of $(one).toArray()) {
            if (!isTag(el)) continue;
            if (target) target.add(el);
            for (const [prop, value, hides] of [
              ['display', display, display === 'none'],
              ['visibility', visibility, visibility === 'hidden' || visibility === 'collapse'],
            ] as const) {
              if (!value) continue;
              const was = cascade[prop].get(el);
              if (!was || spec > was[0] || (spec === was[0] && order >= was[1])) cascade[prop].set(el, [spec, order, hides]);
            }
          }
        } catch {
          // A selector cheerio does not understand says nothing we can use.
        }
      }
    }
  }
  for (const map of [cascade.display, cascade.visibility]) for (const [el, [, , hides]] of map) if (hides) hidden.add(el);
  return { struck, hidden, sup };
}

export type ViewOptions = { format?: ParserPriceFormat; ctx?: PriceContext; extraScopes?: Element[] };

export function readPage($: CheerioAPI, opts: ViewOptions = {}): PageView {
  const styles = styleSets($);
  const decimal = opts.format?.decimal ?? countryDecimal(opts.ctx?.country);
  const renderMemo = new Map<Element, string>();

  const isHidden = (el: Element): boolean => {
    if (styles.hidden.has(el)) return true;
    // A <template>'s content is inert until a script uses it (another pack's prices).
    if (el.name === 'template') return true;
    if (el.attribs && 'hidden' in el.attribs) return true;
    if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(attr(el, 'style'))) return true;
    const cls = attr(el, 'class');
    return HIDDEN_CLASS.test(cls) && !RESPONSIVE_SHOW.test(cls);
  };
  const isExcluded = (el: Element): boolean => {
    if (/^(body|html|main)$/.test(el.name)) return false;
    if (el.name === 'nav' || el.name === 'aside') return true;
    if ((el.name === 'header' || el.name === 'footer') && !hasH1(el)) return true;
    if (EXCLUDED_ROLES.test(attr(el, 'role'))) return true;
    const t = `${attr(el, 'class')} ${attr(el, 'id')} ${attr(el, 'data-testid')} ${attr(el, 'data-test')}`;
    if (EXCLUDED_ZONE.test(t)) return true;
    // A block headed 'You may also like', 'Podobné produkty'…
    const heads = el.children.filter(isTag).slice(0, 2);
    return heads.some(
      (h) => (/^h[2-4]$/.test(h.name) || /(title|heading)/i.test(attr(h, 'class'))) && h.children.length < 8 && RELATED_HEADING.test(plainText(h)),
    );
  };
  const plainText = (el: Element): string =>
    el.children
      .map((c) => (isText(c) ? c.data : isTag(c) ? plainText(c) : ''))
      .join('')
      .slice(0, 200);
  const hasH1 = (el: Element): boolean => el.children.some((c) => isTag(c) && (c.name === 'h1' || hasH1(c)));
  const isStruckEl = (el: Element): boolean =>
    el.name === 'del' ||
    el.name === 's' ||
    el.name === 'strike' ||
    styles.struck.has(el) ||
    /line-through/i.test(attr(el, 'style')) ||
    STRUCK_CLASS.test(attr(el, 'class'));
  const isCentsLike = (el: Element, text: string): boolean =>
    /^\d{1,2}$/.test(text.trim()) &&
    (el.name === 'sup' ||
      el.name === 'small' ||
      styles.sup.has(el) ||
      /vertical-align\s*:\s*(super|top)/i.test(attr(el, 'style')) ||
      (/^(small|span|i|b|em|strong|u|data)$/.test(el.name) && CENTS_CLASS.test(attr(el, 'class'))));

  /** How much text an element holds, cheaply (no strings built): big blocks are not read whole. */
  const sizeMemo = new Map<Element, number>();
  const sizeOf = (el: Element): number => {
    let n = sizeMemo.get(el);
    if (n !== undefined) return n;
    n = 0;
    for (const c of el.children) n += isText(c) ? c.data.length : isTag(c) && !SKIP_TAGS.has(c.name) ? sizeOf(c) : 0;
    sizeMemo.set(el, n);
    return n;
  };

  /** Text for reading prices: blocks on their own lines, split prices joined with the decimal separator. */
  const render = (el: Element): string => {
    const hit = renderMemo.get(el);
    if (hit !== undefined) return hit;
    let out = '';
    for (const child of el.children) {
      let piece: string;
      if (isText(child)) piece = child.data;
      else if (isTag(child)) {
        if (SKIP_TAGS.has(child.name) || isHidden(child) || isExcluded(child)) continue;
        piece = render(child);
        // A struck old price is its own segment: '<s>52,90</s><span>45,90</span> ₴' is two amounts, not '52,90 45,90'.
        if (BLOCK_TAGS.has(child.name) || (isStruckEl(child) && /\d/.test(piece))) piece = `\n${piece}\n`;
        // '2<sup>.29</sup> €': cents printed with their own separator are cents whatever the shop's decimal is.
        else if (/\d$/.test(out) && /^[.,]\d{2}$/.test(piece) && isCentsLike(child, piece.slice(1))) piece = decimal + piece.slice(1);
        else if (/\d$/.test(out) && /^\d/.test(piece)) {
          // '39<sup>90</sup>': cents; digits of two elements with nothing saying so are not one number.
          piece = (isCentsLike(child, piece) ? decimal : ' ') + piece;
        } else if (/[\p{L}]$/u.test(out) && /^\d/.test(piece)) piece = ` ${piece}`;
      } else continue;
      out += piece;
    }
    out = out.replace(/[^\S\n]+/g, ' ');
    renderMemo.set(el, out);
    return out;
  };

  const splitStruck = (el: Element): { text: string; struck: string } => {
    let struckText = '';
    const walk = (e: Element): string => {
      let out = '';
      for (const child of e.children) {
        let piece: string;
        if (isText(child)) piece = child.data;
        else if (isTag(child)) {
          if (SKIP_TAGS.has(child.name) || isHidden(child)) continue;
          if (isStruckEl(child)) {
            struckText += ` ${render(child)}`;
            continue;
          }
          piece = walk(child);
          if (BLOCK_TAGS.has(child.name)) piece = `\n${piece}\n`;
          else if (/\d$/.test(out) && /^[.,]\d{2}$/.test(piece) && isCentsLike(child, piece.slice(1))) piece = decimal + piece.slice(1);
          else if (/\d$/.test(out) && /^\d/.test(piece)) piece = (isCentsLike(child, piece) ? decimal : ' ') + piece;
          else if (/[\p{L}]$/u.test(out) && /^\d/.test(piece)) piece = ` ${piece}`;
        } else continue;
        out += piece;
      }
      return out;
    };
    const text = normalizePriceText(walk(el), decimal, true);
    if (!struckText.trim()) {
      const said = wasByWords(text);
      if (said) return said;
    }
    return { text, struck: normalizePriceText(struckText, decimal, true) };
  };
  /**
   * One element saying both prices in words ('Було 1 599 ₴ Стало 1 299 ₴', '99,99 € statt 129,99 €', 'Cena regularna:
   * 12,99 zł Cena promocyjna: 9,99 zł'): the amount a was-word opens is the old price, the other the price. Only with
   * exactly two amounts and one was-word, right before one of them.
   */
  const wasByWords = (text: string): { text: string; struck: string } | null => {
    const money = amountsIn(text, opts.format, opts.ctx).filter((a) => a.money);
    if (money.length !== 2) return null;
    const [a, b] = money as [Amount, Amount];
    const firstEnd = a.end + (CURRENCY_LEAD.exec(text.slice(a.end))?.[0].length ?? 0);
    const lead = text.slice(0, a.index).replace(CURRENCY_TAIL, '');
    const between = text.slice(firstEnd, b.index).replace(CURRENCY_TAIL, '');
    const wasA = WAS_WORDS.test(lead);
    if (wasA === WAS_WORDS.test(between)) return null;
    // Other words between the new price and 'Cena regularna:' may be its condition ('3 239,00 zł (w zestawie z
    // soundbarem) · Cena regularna: 3 599,00 zł' is a bundle's price): only separators may stand there.
    if (!wasA && /[\p{L}\d]/u.test(between.replace(WAS_WORDS, ''))) return null;
    // Before the new price after 'Cena regularna: 3 599 zł', its own words must name no condition ('z kartą:').
    if (wasA && labelOfWords(between)) return null;
    return wasA
      ? { text: text.slice(firstEnd), struck: text.slice(0, firstEnd) }
      : { text: text.slice(0, b.index).replace(CURRENCY_TAIL, '').replace(WAS_WORDS, ''), struck: text.slice(b.index) };
  };

  type Found = { raw: string; value: number | null; currency: string | null; index: number; before: string; after: string };
  const amountMemo = new Map<Element, Found[]>();
  /** Money amounts in an element's rendered text. */
  const moneyIn = (el: Element): Found[] => {
    const hit = amountMemo.get(el);
    if (hit) return hit;
    const text = normalizePriceText(render(el), decimal, true);
    const all = amountsIn(text, opts.format, opts.ctx);
    const money = all.filter((a) => a.money);
    const found: Found[] = [];
    all.forEach((a, k) => {
      if (!a.money) return;
      const m = money.indexOf(a);
      // The words around it on its line, up to the neighbouring amounts (whose words they are).
      const from = Math.max(0, a.index - 40, money[m - 1]?.end ?? 0, text.lastIndexOf('\n', a.index - 1) + 1);
      let to = Math.min(text.length, a.end + 40, money[m + 1]?.index ?? text.length);
      const nl = text.indexOf('\n', a.end);
      if (nl >= 0) to = Math.min(to, nl);
      // '41 90 грн': a bare number right before it makes this amount unreadable, not 90.
      const prev = all[k - 1];
      const split = prev && !prev.money && /^ ?$/.test(prev.after);
      found.push({
        raw: a.raw,
        value: split || typeof a.value !== 'number' ? null : a.value,
        currency: a.currency,
        index: a.index,
        before: text.slice(from, a.index),
        after: text.slice(a.end, to),
      });
    });
    amountMemo.set(el, found);
    return found;
  };

  const bareMemo = new Map<Element, string[]>();
  /** The quantities in an element's text ('50 мл', '3 szt.'): numbers with a unit, no money. */
  const bareIn = (el: Element): string[] => {
    let hit = bareMemo.get(el);
    if (!hit) {
      hit = amountsIn(normalizePriceText(render(el), decimal, true), opts.format, opts.ctx)
        .filter((a) => !a.money && QUANTITY_NEXT.test(a.after))
        .map((a) => a.raw);
      bareMemo.set(el, hit);
    }
    return hit;
  };
  /** The mentions an element owns: its money amounts that none of its child elements holds. */
  const mentionsUnder = (root: Element, sticky: boolean, out: Mention[]) => {
    const walk = (el: Element) => {
      const childCounts = new Map<string, number>();
      // Numbers a child holds as no money ('50 мл'): joined after a sibling's currency ('1 990 ₴ 50 мл') they read as money.
      const childBare = new Map<string, number>();
      for (const c of el.children) {
        if (!isTag(c) || SKIP_TAGS.has(c.name) || isHidden(c) || isExcluded(c)) continue;
        walk(c);
        for (const f of moneyIn(c)) childCounts.set(f.raw, (childCounts.get(f.raw) ?? 0) + 1);
        for (const raw of bareIn(c)) childBare.set(raw, (childBare.get(raw) ?? 0) + 1);
      }
      const text = normalizePriceText(render(el), decimal, true);
      for (const f of moneyIn(el)) {
        const n = childCounts.get(f.raw) ?? 0;
        if (n > 0) {
          childCounts.set(f.raw, n - 1);
          continue;
        }
        const b = childBare.get(f.raw) ?? 0;
        if (b > 0) {
          childBare.set(f.raw, b - 1);
          continue;
        }
        out.push(describe(el, f, text, sticky));
      }
    };
    walk(root);
  };

  /** The block an element's text sits in: its line on the page. */
  const lineOf = (el: Element): Element | null => {
    for (let p: AnyNode | null = el; p && isTag(p); p = p.parent) if (BLOCK_TAGS.has(p.name) && p.name !== 'br') return p;
    return null;
  };
  /** Where `text` stands on `line`, and the line's words right before (up to 40 characters) and after it. */
  const aroundOnLine = (line: Element, text: string): { at: number; before: string; after: string } | null => {
    const lt = normalizePriceText(render(line), decimal, true);
    const at = lt.indexOf(text);
    if (at < 0) return null;
    return {
      at,
      before: lt
        .slice(Math.max(0, at - 40), at)
        .split('\n')
        .pop()!,
      after: lt.slice(at + text.length).split('\n')[0]!,
    };
  };

  // The product's name (its h1, set below before any mention is read): a pack it names is the product ('/ karton').
  let productName = '';
  const describe = (el: Element, f: Found, elText: string, sticky: boolean): Mention => {
    // The chain: the element and the ancestors that hold no other amount (its own block), short ones only.
    const chain: Element[] = [el];
    let top = el;
    for (let p = el.parent; p && isTag(p) && !/^(body|html)$/.test(p.name); p = p.parent) {
      // Its own block only: not the product column (the h1, other lines of text).
      if (sizeOf(p) > 400) break;
      const t = render(p);
      if (moneyIn(p).length > 1 || t.length > 120 || hasH1(p) || t.split('\n').filter((l) => l.trim()).length > 3) break;
      chain.push(p);
      top = p;
    }
    const line = lineOf(el);
    const topText = render(top).length <= 200 ? render(top) : elText.slice(Math.max(0, f.index - 60), f.index + 60);
    let lineLead = '';
    if (line && !chain.includes(line)) {
      const lt = normalizePriceText(render(line), decimal, true);
      const first = moneyIn(line)[0];
      lineLead = first ? lt.slice(Math.max(0, first.index - 80), first.index) : '';
    }
    // What follows the amount on its line, a sibling's footnote mark included ('<span>4,99 zł</span><span>*</span>').
    const onLine = line ? aroundOnLine(line, f.raw) : null;
    const after = onLine ? onLine.after : f.after;
    // The line's text right before the amount ('<span>დაახლ.</span> <span>14,90</span>'), when its own element has none.
    const before = onLine && onLine.at > 0 && !f.before.trim() ? onLine.before : f.before;
    // A short label line right above the price's own block ('Cena s predplatným' over '52,90 €').
    let labelAbove = '';
    for (let prev = top.prev; prev; prev = prev.prev) {
      if (isText(prev) && !prev.data.trim()) continue;
      // Not a heading (the product's own name sits right above its price in most layouts).
      if (isTag(prev) && !SKIP_TAGS.has(prev.name) && !/^h[1-6]$/.test(prev.name) && !hasH1(prev) && !isHidden(prev) && !moneyIn(prev).length) {
        const t = render(prev).trim();
        if (t.length <= 60) labelAbove = t;
      }
      break;
    }
    const around = `${before} ${f.raw} ${f.after}`;
    const words = `${topText} ${lineLead} ${around}`;
    const classes = [...chain, ...(line && !chain.includes(line) ? [line] : [])].map(tokensOf).join(' ');
    // The previous amount's currency may open the words before this one ('2 499 ₾ ძველი ფასი 2 799 ₾').
    const struck = chain.some(isStruckEl) || STRUCK_TEXT.test(topText) || STRUCK_TEXT.test(f.before.replace(CURRENCY_LEAD, ''));
    let label: LabelKind | null = null;
    if (opts.ctx?.currency && f.currency && f.currency !== opts.ctx.currency.toUpperCase()) label = 'other_currency';
    else if (APPROX_BEFORE.test(before) || APPROX_QUANTITY_BEFORE.test(before)) label = 'approx';
    // 'Celkem 7 387 Kč', 'Разом: 1 198 ₴': a sum of several things (a cart), not one item's price.
    else if (TOTAL_BEFORE.test(before) && !TOTAL_WITH_VAT.test(before)) label = 'total';
    // A badge '−2 000 ₴', '-600 zł': an element starting with a minus glued to the amount is a saving, not a price.
    else if (/^\s*[-\u2012-\u2015\u2212]$/.test(elText.slice(0, f.index))) label = 'saving';
    else if (MULTIBUY_BEFORE.test(before)) label = 'tier';
    else if (INSTALMENT_BEFORE.test(before)) label = 'instalment';
    // '+ 1 290,- Kč' beside a service or option: what it adds, not the item's price.
    else if (/\+\s*$/.test(before)) label = 'alternative';
    else if (WITH_SERVICE_AFTER.test(after)) label = 'bundle';
    else if (FOR_SEVERAL_AFTER.test(after) && !countsNoPieces(after, productName)) label = 'tier';
    else if (PACK_AFTER.test(after) && !packIsTheProduct(after, productName)) label = 'per_unit';
    // Every amount of a multi-buy line ('2 шт. за 79 ₴ (39,50 ₴/шт.)') is the offer's, not one item's price.
    else if (line && multibuyAfter(normalizePriceText(render(line), decimal, true), f.raw)) label = 'tier';
    else if (FROM_BEFORE.test(f.before.replace(/\s*[€$£]\s*$|\s*(chf|s?fr\.)\s*$/i, '')) || FROM_AFTER.test(f.after)) label = 'from';
    else if (amountsIn(normalizePriceText(around, decimal)).some((a) => a.raw === f.raw && a.perUnit)) label = 'per_unit';
    // 'za m² <s>56,70 zł</s> 49,90 zł': a line opened by a unit is per that unit, its struck and current amounts alike.
    else if (PER_UNIT_LINE_LEAD.test(lineLead)) label = 'per_unit';
    else {
      label = labelOfWords(words);
      if (!label && labelAbove) label = conditionOf(labelAbove);
      if (!label)
        for (const [kind, re] of CLASS_LABELS)
          if (re.test(classes.replace(/product-card|card-wrapper/gi, ''))) {
            label = kind;
            break;
          }
    }
    return {
      value: f.value,
      currency: f.currency,
      struck,
      label,
      sticky,
      priceElement: PRICE_TOKEN.test(classes),
      el,
      text: (topText.length <= 200 ? topText : around).replace(/\s+/g, ' ').trim().slice(0, 160),
      after,
    };
  };

  // The product's h1: the first one outside site chrome and other products.
  const outside = (el: Element) => {
    for (let p: AnyNode | null = el; p && isTag(p); p = p.parent) if (isExcluded(p) || isHidden(p)) return true;
    return false;
  };
  const inChrome = (el: Element) => {
    for (let p: AnyNode | null = el.parent; p && isTag(p); p = p.parent) if (/^(header|footer|nav|aside)$/.test(p.name)) return true;
    return false;
  };
  const h1s = $('h1')
    .toArray()
    .filter((el): el is Element => isTag(el) && !outside(el));
  // A logo in the site header is sometimes an h1 too: the product's is outside the chrome.
  const h1 = h1s.find((el) => !inChrome(el)) ?? h1s[0];
  productName = h1 ? render(h1) : $('title').first().text();
  let main: Element | null = null;
  const plainIn = (el: Element) => {
    const list: Mention[] = [];
    mentionsUnder(el, false, list);
    return list;
  };
  if (h1) {
    for (let p: AnyNode | null = h1, depth = 0; p && isTag(p) && depth < 12; p = p.parent, depth++) {
      if (sizeOf(p) > 60_000) break;
      const list = plainIn(p);
      if (list.some((m) => !m.struck && !m.label)) {
        main = p;
        break;
      }
      if (/^(body|html)$/.test(p.name)) break;
    }
  }
  if (!main) {
    const scope = opts.extraScopes?.find((s) => !outside(s));
    if (scope) main = scope;
  }

  /**
   * An old price a shop shows only on hover: a `title` saying so ('Cena przed obniżką: 1 199,00 zł' on the price or
   * its '-17%' badge). One struck mention per amount, however many elements repeat the tooltip.
   */
  const priceBlock = (el: Element): boolean => {
    const block = el.parent && isTag(el.parent) ? el.parent : el;
    return (moneyIn(el).length > 0 || moneyIn(block).length > 0) && render(block).length <= 120 && !block.children.some((c) => isTag(c) && c.name === 'a');
  };
  const oldPricesInTitles = (area: Element): Mention[] => {
    const out: Mention[] = [];
    const visit = (el: Element) => {
      for (const c of el.children) {
        if (!isTag(c) || SKIP_TAGS.has(c.name) || isHidden(c) || isExcluded(c)) continue;
        const title = normalizePriceText(attr(c, 'title'), decimal, true).trim();
        const was = WAS_TITLE.exec(title);
        // Only on the price's own block: the price element, or a badge beside it ('-17%'), not a link to a bundle.
        if (was && priceBlock(c)) {
          const amounts = amountsIn(title.slice(was[0].length), opts.format, opts.ctx).filter((x) => x.money && typeof x.value === 'number' && !x.perUnit);
          const a = amounts.length === 1 ? amounts[0]! : null;
          if (a && !out.some((m) => m.value === a.value))
            out.push({
              value: a.value as number,
              currency: a.currency,
              struck: true,
              label: null,
              sticky: false,
              priceElement: false,
              el: c,
              text: title.slice(0, 160),
              after: '',
            });
        }
        visit(c);
      }
    };
    visit(area);
    return out;
  };
  /** A footnote's label for a mention marked '*', '¹'…: the line of `area` that starts with the same mark. */
  const footnoteLabel = (m: Mention, after: string, area: Element): LabelKind | null => {
    const mark = FOOTNOTE_AFTER.exec(after)?.[1];
    if (!mark) return null;
    for (const raw of normalizePriceText(render(area), decimal, true).split('\n')) {
      const line = raw.trim();
      // '¹' is also written '1)' or '(1)' where the footnotes are listed.
      const digit = SUPERSCRIPT_DIGIT[mark];
      const start = line.startsWith(mark) && line[mark.length] !== mark[0] ? mark.length : digit && new RegExp(`^\\(?${digit}\\)`).exec(line)?.[0].length;
      if (!start) continue;
      return conditionOf(line.slice(start));
    }
    return null;
  };
  const withFootnotes = (list: Mention[], area: Element) => {
    for (const m of list) if (!m.label) m.label = footnoteLabel(m, m.after, area);
  };

  /**
   * Options of one choice (pack sizes, volumes) each showing its price, one of them marked chosen: the others' amounts
   * are other variants' prices, not competitors of this one. With none marked, nothing is settled.
   */
  const otherVariants = (list: Mention[]) => {
    for (const m of list) {
      if (m.label || m.struck) continue;
      for (let opt: AnyNode | null = m.el, depth = 0; opt && isTag(opt) && depth < 4; opt = opt.parent, depth++) {
        const parent = opt.parent;
        if (!parent || !isTag(parent)) break;
        const cls = attr(opt, 'class').split(/\s+/)[0] ?? '';
        const options = parent.children.filter(
          (c): c is Element => isTag(c) && c.name === opt!.name && (cls ? attr(c, 'class').split(/\s+/)[0] === cls : !!attr(c, 'role')),
        );
        if (options.length < 2 || options.length > 12) continue;
        const chosen = options.filter(isChosen);
        if (chosen.length !== 1) break;
        if (chosen[0] !== opt) m.label = 'alternative';
        break;
      }
    }
  };

  /**
   * An add-on's option: an amount inside a checkbox's label ('☑ Garanție extinsă +2 ani — 149,99 Lei', 'Montáž 490 Kč')
   * is that option's price, added to the item's or not, never the item's own (radios are variants, above).
   */
  const addOns = (list: Mention[]) => {
    if (!list.length) return;
    const boxes = $('input')
      .toArray()
      .filter((i): i is Element => isTag(i) && /^checkbox$/i.test(attr(i, 'type')));
    const boxIds = new Set(boxes.map((i) => attr(i, 'id')).filter(Boolean));
    const checkbox = (el: Element) => boxes.some((i) => isInside(i, el)) || (!!attr(el, 'for') && boxIds.has(attr(el, 'for')));
    for (const m of list) {
      if (m.label || m.struck) continue;
      for (let p: AnyNode | null = m.el, depth = 0; p && isTag(p) && depth < 4; p = p.parent, depth++)
        if (p.name === 'label' && checkbox(p)) {
          m.label = 'alternative';
          break;
        }
    }
  };

  const mentions: Mention[] = [];
  if (main) {
    mentionsUnder(main, false, mentions);
    otherVariants(mentions);
    addOns(mentions);
    withFootnotes(mentions, main);
    mentions.push(...oldPricesInTitles(main));
  }
  // No product area because every amount near the h1 is labelled ('3 за 99 ₴', '389,00 zł netto'): those amounts,
  // so that structured data giving the same amount is not taken for the price.
  const labelledNearH1: Mention[] = [];
  if (!main && h1) {
    for (let p: AnyNode | null = h1, depth = 0; p && isTag(p) && depth < 12 && !/^(body|html)$/.test(p.name); p = p.parent, depth++) {
      if (sizeOf(p) > 60_000) break;
      const list = plainIn(p);
      if (!list.length) continue;
      withFootnotes(list, p);
      labelledNearH1.push(...list.filter((m) => m.label && !m.struck));
      break;
    }
  }
  const stickyBars: Element[] = [];
  $('body *').each((_, el) => {
    if (!isTag(el) || (main && (el === main || isInside(el, main)))) return;
    const t = `${attr(el, 'class')} ${attr(el, 'id')} ${Object.keys(el.attribs ?? {}).join(' ')} ${/position\s*:\s*(fixed|sticky)/i.test(attr(el, 'style')) ? 'sticky' : ''}`;
    // A bar is small; a sticky column holding the product area is the product area.
    if (!STICKY.test(t) || el.name === 'header' || el.name === 'nav' || sizeOf(el) > 2000 || (main && isInside(main, el)) || outside(el)) return;
    if (stickyBars.some((b) => isInside(el, b))) return;
    stickyBars.push(el);
  });
  for (const bar of stickyBars) mentionsUnder(bar, true, mentions);

  // 'Cena na dotaz', 'Price on request': where the price would be — a short line, or a price element's.
  let onRequest = false;
  // With no price shown the product area is the h1's surroundings.
  let requestArea: Element | null = main;
  if (!requestArea && h1) {
    for (let p: AnyNode | null = h1.parent, depth = 0; p && isTag(p) && depth < 3 && !/^(body|html)$/.test(p.name); p = p.parent, depth++) {
      if (sizeOf(p) > 3000) break;
      requestArea = p;
    }
  }
  if (requestArea) {
    const visit = (el: Element) => {
      for (const c of el.children) {
        if (!isTag(c) || SKIP_TAGS.has(c.name) || isHidden(c) || isExcluded(c)) continue;
        const t = normalizePriceText(render(c), decimal);
        if (!PRICE_ON_REQUEST.test(t)) continue;
        // A short line, a price element's, or a sentence about the price ('Ціна та дата початку продажів уточнюються.').
        if (t.length <= 50 || (t.length <= 120 && (PRICE_TOKEN.test(tokensOf(c)) || PRICE_LEAD.test(t)))) onRequest = true;
        else visit(c);
      }
    };
    visit(requestArea);
  }

  const scopes = [...(main ? [main] : []), ...stickyBars];
  return {
    main,
    mentions,
    labelledNearH1,
    onRequest,
    productArea: !!requestArea,
    contains: (el) => scopes.some((s) => s === el || isInside(el, s)),
    within: (el, ancestor) => el === ancestor || isInside(el, ancestor),
    textOf: (el) => normalizePriceText(render(el), decimal, true),
    labelOf: (el, amount) => {
      let own = mentions.filter((m) => m.el === el || isInside(m.el, el));
      if (!own.length) {
        // Outside the product area (none found when every amount near the h1 is labelled): read it on its own.
        own = [];
        mentionsUnder(el, false, own);
        let area: Element = el;
        for (let p = el.parent, depth = 0; p && isTag(p) && depth < 3 && !/^(body|html)$/.test(p.name) && sizeOf(p) <= 3000; p = p.parent, depth++) area = p;
        withFootnotes(own, area);
      }
      const m = own.find((x) => x.value === amount && !x.struck && x.label);
      if (m) return { label: m.label!, text: m.text };
      // Not read as money on its own ('14,90 ლ': lari or litres?): the words its line puts right around it.
      const own_ = normalizePriceText(render(el), decimal, true).trim();
      const onLine = own_ ? aroundOnLine(lineOf(el) ?? el, own_) : null;
      if (!onLine) return null;
      const { before, after } = onLine;
      let label: LabelKind | null = APPROX_BEFORE.test(before)
        ? 'approx'
        : MULTIBUY_BEFORE.test(before)
          ? 'tier'
          : INSTALMENT_BEFORE.test(before)
            ? 'instalment'
            : PACK_AFTER.test(after) && !packIsTheProduct(after, productName)
              ? 'per_unit'
              : null;
      // 'Avans la comandă 1.500,00 lei': the label before it on its line.
      if (!label) label = labelOfWords(before);
      if (label && !QUALIFYING_LABELS.has(label)) label = null;
      return label ? { label, text: `${before}${own_}${after}`.trim().slice(0, 160) } : null;
    },
    splitStruck,
    struck: (el) => {
      for (let p: AnyNode | null = el; p && isTag(p); p = p.parent) if (isStruckEl(p)) return true;
      return false;
    },
    hidden: (el) => {
      // Through a <template>'s content fragment too (its elements' parent is a fragment, the fragment's the template).
      for (let p: AnyNode | null = el; p; p = p.parent) if (isTag(p) && isHidden(p)) return true;
      return false;
    },
    excluded: outside,
  };
}

function isInside(el: AnyNode, ancestor: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** The mentions that compete for being the price: not struck, not labelled. */
export const plainMentions = (v: PageView) => v.mentions.filter((m) => !m.struck && !m.label);
/** Struck-through amounts of the product area (old prices), not labelled. */
export const struckMentions = (v: PageView) => v.mentions.filter((m) => m.struck && !m.label && !m.sticky);
