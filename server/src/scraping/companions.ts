/**
 * An operator's price element that holds the price and other amounts, each named by its own words:
 * '49,90 ₴ · з карткою 44,90 ₴', '3 599,00 zł Najniższa cena z 30 dni przed obniżką: 3 899,00 zł',
 * '2 499 ₾ ან თვეში 104 ₾', '1 299 ₴ замість 1 599 ₴', '1 249 Kč (51,90 €)'. The first amount is the price when it
 * carries no label and every later one is named as something else by words that are surely its own: words that
 * open with a separator or 'or' ('· з карткою', '(економія', 'або 24 ×'), end in a colon ('Cena bez DPH:'), or can
 * only stand before an amount (a 30-day lowest price, other offers, 'instead of'). '44,90 ₴ з карткою 49,90 ₴' is
 * not settled: 'з карткою' may be the first amount's. docs/parsers.md "Price parsing".
 */
import type { ParserPriceFormat } from '@pricewatch/shared/contract';
import { amountsIn, countryDecimal, currencyIn, finish, normalizePriceText, type Amount, type ParsedPrice, type PriceContext } from './price';
import { INSTALMENT_BEFORE, labelOfWords, leadLabel, MULTIBUY_BEFORE } from './visible';

/** Words that open another amount's label: a separator, a bracket, 'or'. */
const OPENS = /^\s*([·•|/,;([–—+-]|(або|или|lub|albo|nebo|alebo|or|oder|ან)(?![\p{L}]))/iu;
/** A currency left after the previous amount ('… 2 499 ₾ ძველი ფასი'). */
const CURRENCY_LEFT = /^\s*(₴|грн\.?|uah|₾|ლარი?|gel|kč|czk|zł|pln|€|eur|\$|usd|chf|lei|ft)(?![\p{L}])\.?/iu;
/** Words that only stand before the amount they name. */
const PREFIX_ONLY =
  /(замість|вместо|zamiast|místo|namiesto|instead of|statt|ძველი ფასი|inne oferty|інші пропозиції|другие предложения|další nabídky|other offers|weitere angebote)/iu;
/** Words saying the amount after them was the price. */
const WAS = /(замість|вместо|zamiast|místo|namiesto|instead of|statt|ძველი ფასი)/iu;
const ONLY_BEFORE_KINDS = new Set(['lowest', 'alternative', 'old price', 'saving']);

/** Where the last clause of the words between two amounts starts: its separator, 'or', or 'instead of'. */
function lastClauseStart(seg: string): number {
  let at = 0;
  // A dash or colon right before the amount is its label's punctuation ('· від 2 шт. — 95 ₴'), no clause of its own.
  seg = seg.replace(/\s*[–—:-]\s*$/u, '');
  for (const m of seg.matchAll(/[·•|/,;()[\]–—+]|(?<![\p{L}])(або|или|lub|albo|nebo|alebo|or|oder|ან)(?![\p{L}])/giu)) at = m.index;
  const was = WAS.exec(seg) ?? PREFIX_ONLY.exec(seg);
  return was ? Math.max(at, was.index) : at;
}

export type Settled = { parsed: ParsedPrice & { ok: true }; old: number | null };

/** Another amount a set or pack of several is sold at ('· 1 556,00 zł za komplet 4 szt.', '(sada 4 ks …', 'im 4er-Satz'). */
const SET =
  /(?<![\p{L}])(komplet\p{L}*|комплект\p{L}*|sad[aouyě]|súprav\p{L}*|souprav\p{L}*|zestaw\p{L}*|набір|набор|set|satz|\d+er-?(satz|set|pack))(?![\p{L}])|(?<![\d.,])([2-9]|[1-9]\d)\s*(ks|kus\p{L}*|szt\.?|sztuk\p{L}*|шт\.?|pcs|stück|stk)(?![\p{L}])/iu;
const SET_ALL = new RegExp(SET.source, 'giu');
/** The first amount's own words saying it is for one piece ('/szt.', '/ ks', 'pro Stück', 'за шт.'): the item's price. */
const PER_PIECE = /^\s*(\/|za|за|pro|per|je)\s*(1\s*)?(szt|шт|ks|kus|stück|stk|pcs?|piece)\.?\s*/iu;
/**
 * Words that are one condition and nothing else: a preposition and its word, maybe a code ('з промокодом', 'z kodem
 * SALE10', 'w aplikacji'); not 'za zestaw z kodem', 'з карткою «…», з промокодом', '… з карткою →'.
 */
const CONDITION_ONLY = /^\s*(з|із|зі|с|со|z|ze|s|se|with|mit|w|we|в|у|u|v|ve|при|při|przy)\s+\p{L}+(\s+[A-Z0-9][A-Z0-9-]{2,})?\s*:?\s*$/u;
/** A pack the first amount is for ('109,78 zł / opak. (49,90 zł/m²)'): the price of what is sold. */
const PER_PACK = /^\s*\/\s*(opak|bal|balení|karton|krabic|zgrzewk|упаковк|уп\.|ящик|pack|box|kiste)/iu;
/** A deposit's name ('kaucja', 'záloha', 'Pfand', 'застава'). */
const DEPOSIT = /(?<![\p{L}])(záloh\p{L}*|zálož\p{L}*|kaucj\p{L}*|kauci\p{L}*|pfand|deposit|застав\p{L}*|депозит\p{L}*)(?![\p{L}])/iu;
/**
 * The words linking a deposit to the price before it, and nothing else: '+', '(+', 'vč. zálohy', 'zzgl.', 'plus',
 * 'incl.'. The deposit is then surely the later amount (a deposit is added to a price or included in it).
 */
const DEPOSIT_LINK =
  /^\s*[([]?\s*(\+|zzgl\.?|plus|vč\.?|včetně|incl\.?|inkl\.?|including|w\s+tym|у\s+т\.\s*ч\.|в\s+т\.\s*ч\.)?\s*(záloh\p{L}*|zálož\p{L}*|kaucj\p{L}*|kauci\p{L}*|pfand|deposit|застав\p{L}*)?\s*:?\s*$/iu;
/** What opens a deposit's words: a bracket, '+' or a word adding or including it (not the deposit's name alone). */
const DEPOSIT_OPENS = /^\s*([([]|\+|zzgl|plus|vč|včetně|incl|inkl|including|w\s+tym|у\s+т\.|в\s+т\.)/iu;
const INCLUDED = /(vč|včetně|incl|inkl|including|w\s+tym|т\.\s*ч)/iu;
/** An arrow from the old price to the new one ('1 599 ₴ → 1 299 ₴'). */
const ARROW = /^\s*(→|⟶|⇒|➔|➜|➝|->|=>)\s*$/u;
/** 'Instead of' written after the amount it names (Georgian '-ის ნაცვლად', Hungarian 'helyett'), and nothing else. */
const INSTEAD_AFTER = /^\s*(-?\s*ის\s+ნაცვლად|helyett)\s*$/u;
/** Words of approximation opening a converted amount ('≈ 16 $ (45 ₾)'). */
const APPROX_LEAD = /^\s*(≈|~|ca\.?|cca\.?|approx\.?)?\s*$/iu;
/** The currency written right after an amount (its own), not the next one's. */
const ownCurrency = (text: string, a: Amount) => a.currency ?? currencyIn(text.slice(a.end, a.end + 8));

/**
 * Two amounts in one element, each named by its own words or signs, one of them the price: netto beside brutto (the
 * brutto, at least the netto), another currency's amount beside the shop's ('51,90 € (1 249 Kč)'), an old price
 * and an arrow to the new one ('1 599 ₴ → 1 299 ₴', falling). Nothing else may stand in the text: any other word may
 * be a condition.
 */
function pairOfNamed(text: string, money: Amount[], cur: string | null): Settled | null {
  if (money.length !== 2) return null;
  const [a, b] = money as [Amount, Amount];
  if (typeof a.value !== 'number' || typeof b.value !== 'number' || a.perUnit || b.perUnit) return null;
  const settle = (x: Amount, old: number | null): Settled | null => {
    const parsed = finish(x.value as number, ownCurrency(text, x), false, false, text);
    return parsed.ok ? { parsed, old } : null;
  };
  const lead = text.slice(0, a.index);
  // '2 × 100,00 zł netto …': a count before the first amount makes both several pieces'.
  if (/\d/.test(lead)) return null;
  const between = text.slice(a.end, b.index);
  const tail = text.slice(b.end);
  // Gross and net, each labelled ('100,00 zł netto 123,00 zł brutto', '24 990 Kč vč. DPH / 20 653 Kč bez DPH').
  const grossOf = (x: Amount) => x.gross && !x.net;
  if ((grossOf(a) && b.net) || (grossOf(b) && a.net)) {
    const [gross, net] = grossOf(a) ? [a, b] : [b, a];
    const words = text.replace(NET_OR_GROSS, ' ').replace(/(?<![\p{L}])(cena|ціна|цена|price|preis)(?![\p{L}])/giu, ' ');
    const same = !ownCurrency(text, gross) || !ownCurrency(text, net) || ownCurrency(text, gross) === ownCurrency(text, net);
    if (same && (gross.value as number) > (net.value as number) && !labelOfWords(words) && !/\p{L}{2,}/u.test(words.replace(CURRENCY_WORDS, ' ')))
      return settle(gross, null);
    return null;
  }
  // '1 499 ₾-ის ნაცვლად 1 299 ₾', '129.990 Ft helyett 99.990 Ft': 'instead of' after the old price, the new one after it.
  if (
    !/\S/.test(lead) &&
    !/\p{L}/u.test(tail.replace(CURRENCY_WORDS, ' ').replace(CURRENCY_LEFT, '')) &&
    INSTEAD_AFTER.test(between.replace(CURRENCY_LEFT, ''))
  ) {
    const [ca, cb] = [ownCurrency(text, a), ownCurrency(text, b)];
    return (b.value as number) < (a.value as number) && (!ca || !cb || ca === cb) ? settle(b, a.value as number) : null;
  }
  if (/\p{L}{2,}/u.test(`${between.replace(CURRENCY_WORDS, ' ')} ${tail.replace(CURRENCY_WORDS, ' ')}`)) return null;
  // '51,90 € (1 249 Kč)', '≈ 16 $ (45 ₾)': the shop's currency is the price, the other a conversion.
  const ca = ownCurrency(text, a);
  const cb = ownCurrency(text, b);
  if (
    cur &&
    ca &&
    cb &&
    ca !== cur &&
    cb === cur &&
    APPROX_LEAD.test(lead) &&
    /^\s*[\p{L}$€£₴₾.]*\s*[([/|·•]\s*$/u.test(between) &&
    /^\s*[\p{L}$€£₴₾.]*\s*[)\]]?\s*$/u.test(tail)
  )
    return settle(b, null);
  // '1 599 ₴ → 1 299 ₴': the new price after the arrow, the old one before it; a rising arrow is not a promotion.
  if (!/\S/.test(lead) && ARROW.test(between.replace(CURRENCY_LEFT, '')) && (b.value as number) < (a.value as number) && (!ca || !cb || ca === cb))
    return settle(b, a.value as number);
  return null;
}
/** Netto and brutto words (price.ts's), taken out before looking for any other word. */
const NET_OR_GROSS =
  /(netto|nettó|\bnet\b|brutto|bruttó|(?<![\p{L}])(bez|без|з|с|s|z|vč\.?|včetně|incl\.?|excl\.?|inkl\.?|ohne|zzgl\.?|mit)\s*(dph|vat|пдв|ндс|mwst|tax))/giu;
/** Currency signs and words, which say nothing of what an amount is. */
const CURRENCY_WORDS = /(?<![\p{L}])(грн|uah|ლარი?|gel|kč|czk|zł|pln|eur|usd|chf|lei|ft|huf)(?![\p{L}])\.?/giu;

/** `struck`: the old price struck through inside the element, when any (a badge's saving must be its difference). */
export function priceAmongLabelled(input: string, format: ParserPriceFormat | undefined, ctx: PriceContext, struck: number | null = null): Settled | null {
  const text = normalizePriceText(input, format?.decimal ?? countryDecimal(ctx.country));
  const all = amountsIn(text, format, ctx);
  const money = all.filter((a) => a.money);
  if (money.length < 2 || money.length > 4) return null;
  const cur = ctx.currency?.toUpperCase() ?? null;
  const pair = pairOfNamed(text, money, cur);
  if (pair) return pair;
  const [first, ...rest] = money;
  if (typeof first!.value !== 'number' || first!.perUnit) return null;
  // The price's own words: none that name it as something else ('Cena netto:', 'з карткою'), nor 'from'.
  const lead = text.slice(0, first!.index);
  if (leadLabel(lead) || /(^|[^\p{L}])(від|вiд|от|from|od|ab|dès)\s*\S?\s*$/iu.test(lead)) return null;
  // '2 × 1 299,00 zł …', '3 za 99 ₴ …': the first amount is several pieces' or one of several payments.
  if (INSTALMENT_BEFORE.test(lead) || MULTIBUY_BEFORE.test(lead)) return null;
  // A bare number right before the price ('49 30 грн'): a split price, not settled here.
  if (all.indexOf(first!) > 0 && !all[all.indexOf(first!) - 1]!.after.trim()) return null;
  if (cur && first!.currency && first!.currency !== cur) return null;
  let old: number | null = null;
  let prevEnd = first!.end;
  for (const [k, a] of rest.entries()) {
    let seg = text.slice(prevEnd, a.index).replace(CURRENCY_LEFT, '');
    // The first amount's words saying it is one piece's ('389,00 zł/szt. · …'): the item's price, no condition.
    if (k === 0) {
      // Any other word after a slash is its rate's ('1 083 ₴/міс 12 999 ₴', '108,30 zł/mies.'): a rate, no price.
      if (/^\s*\/\s*[\p{L}\d]/u.test(seg) && !PER_PIECE.test(seg) && !PER_PACK.test(seg)) return null;
      seg = seg.replace(PER_PIECE, '');
    }
    prevEnd = a.end;
    if (a.perUnit) continue;
    // The amount's own words after it, up to the next amount or separator ('· 9 800 ₴ за комплект', '+ 3 Kč záloha').
    const own = text.slice(a.end, rest[k + 1]?.index ?? text.length).replace(CURRENCY_LEFT, '');
    const ownWords = own.slice(0, own.search(/[·•|;]|$/u));
    const otherCurrency = !!(cur && a.currency && a.currency !== cur);
    // A deposit linked to the price by '+', 'zzgl.', 'vč.' ('19,90 Kč + 3 Kč záloha', '27,90 Kč vč. zálohy 3 Kč'); one
    // the price includes is below it.
    const deposit =
      DEPOSIT_LINK.test(seg) &&
      DEPOSIT_OPENS.test(seg) &&
      DEPOSIT.test(`${seg} ${ownWords}`) &&
      !(INCLUDED.test(seg) && !((a.value as number) < (first!.value as number)));
    // A set's price after a separator, named as a set by the words around it ('· 1 556,00 zł za komplet 4 szt.').
    const set =
      OPENS.test(seg) &&
      !/[\p{L}]/u.test(
        seg
          .replace(OPENS, '')
          .replace(SET_ALL, '')
          .replace(/(za|за|im|w|ve?|в)(?![\p{L}])/giu, ''),
      ) &&
      SET.test(`${seg} ${ownWords}`);
    // '12 999 ₴ з промокодом 11 699 ₴': a code or card lowers a price, so its words name the lower, later amount.
    const lowerCondition =
      k === 0 &&
      rest.length === 1 &&
      labelOfWords(seg) === 'loyalty' &&
      CONDITION_ONLY.test(seg) &&
      typeof a.value === 'number' &&
      a.value < (first!.value as number) &&
      !/\p{L}/u.test(own);
    const words = WAS.test(seg) ? 'old price' : PREFIX_ONLY.test(seg) ? 'alternative' : deposit ? 'fee' : set ? 'tier' : leadLabel(seg);
    // '<del>27 999 грн</del> 25 999 грн −2 000 грн': a badge's minus makes the amount a saving when it is what the struck
    // old price lost; without one, whether it is taken off already is not said ('1 299 ₴ −300 ₴').
    const badge =
      /^\s*[-\u2012-\u2015\u2212]\s*$/u.test(seg) &&
      typeof a.value === 'number' &&
      struck !== null &&
      Math.round((struck - a.value) * 100) === Math.round((first!.value as number) * 100);
    const kind =
      words ?? (INSTALMENT_BEFORE.test(seg) ? 'instalment' : MULTIBUY_BEFORE.test(seg) ? 'tier' : badge ? 'saving' : otherCurrency ? 'other currency' : null);
    if (!kind) return null;
    const surelyItsOwn = OPENS.test(seg) || /:\s*$/.test(seg) || PREFIX_ONLY.test(seg) || ONLY_BEFORE_KINDS.has(kind) || deposit || lowerCondition;
    if (!surelyItsOwn) return null;
    // Words before the last clause are the first amount's own ('44,90 ₴ (з карткою) · 49,90 ₴', '44,90 ₴ з карткою
    // замість 49,90 ₴', '129 ₴ при купівлі 2 шт. замість 169 ₴'): then it is a conditional price, nothing settled.
    const head = deposit || lowerCondition ? '' : seg.slice(0, lastClauseStart(seg));
    // Any words there, known labels or not ('při platbě předem místo …', 'przy odbiorze osobistym · …'), may be its condition.
    if (/[\p{L}\d]/u.test(head)) return null;
    if (kind === 'old price' || WAS.test(seg)) {
      // 'instead of' an amount below the price is no old price: the text is not what it seems.
      if (typeof a.value !== 'number' || a.value <= first!.value || old !== null) return null;
      old = a.value;
    }
  }
  // The text after the last amount must not name it as the first amount's condition ('… 89,99 zł dla posiadaczy karty').
  const tail = text.slice(prevEnd).replace(CURRENCY_LEFT, '');
  if (labelOfWords(tail) === 'loyalty' && !OPENS.test(tail)) return null;
  // Words after the last amount name it, or the first amount's condition: only a set's or a deposit's are known.
  const named = tail
    .replace(SET_ALL, '')
    .replace(new RegExp(DEPOSIT.source, 'giu'), '')
    .replace(/(za|за|im|w|ve?|в)(?![\p{L}])/giu, '');
  if (/\p{L}/u.test(named) && (SET.test(tail) || DEPOSIT.test(tail))) return null;
  const parsed = finish(first!.value, first!.currency ?? currencyIn(text.slice(first!.end, first!.end + 8)), false, false, text);
  return parsed.ok ? { parsed, old } : null;
}
