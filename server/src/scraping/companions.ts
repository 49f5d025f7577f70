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
import { amountsIn, countryDecimal, currencyIn, finish, normalizePriceText, type ParsedPrice, type PriceContext } from './price';
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
  for (const m of seg.matchAll(/[·•|/,;()[\]–—+]|(?<![\p{L}])(або|или|lub|albo|nebo|alebo|or|oder|ან)(?![\p{L}])/giu)) at = m.index;
  const was = WAS.exec(seg) ?? PREFIX_ONLY.exec(seg);
  return was ? Math.max(at, was.index) : at;
}

export type Settled = { parsed: ParsedPrice & { ok: true }; old: number | null };

export function priceAmongLabelled(input: string, format: ParserPriceFormat | undefined, ctx: PriceContext): Settled | null {
  const text = normalizePriceText(input, format?.decimal ?? countryDecimal(ctx.country));
  const all = amountsIn(text, format, ctx);
  const money = all.filter((a) => a.money);
  if (money.length < 2 || money.length > 4) return null;
  const [first, ...rest] = money;
  if (typeof first!.value !== 'number' || first!.perUnit) return null;
  // The price's own words: none that name it as something else ('Cena netto:', 'з карткою'), nor 'from'.
  const lead = text.slice(0, first!.index);
  if (leadLabel(lead) || /(^|[^\p{L}])(від|вiд|от|from|od|ab|dès)\s*\S?\s*$/iu.test(lead)) return null;
  // A bare number right before the price ('49 30 грн'): a split price, not settled here.
  if (all.indexOf(first!) > 0 && !all[all.indexOf(first!) - 1]!.after.trim()) return null;
  const cur = ctx.currency?.toUpperCase() ?? null;
  if (cur && first!.currency && first!.currency !== cur) return null;
  let old: number | null = null;
  let prevEnd = first!.end;
  for (const a of rest) {
    const seg = text.slice(prevEnd, a.index).replace(CURRENCY_LEFT, '');
    prevEnd = a.end;
    if (a.perUnit) continue;
    const otherCurrency = !!(cur && a.currency && a.currency !== cur);
    const words = WAS.test(seg) ? 'old price' : PREFIX_ONLY.test(seg) ? 'alternative' : leadLabel(seg);
    const kind = words ?? (INSTALMENT_BEFORE.test(seg) ? 'instalment' : MULTIBUY_BEFORE.test(seg) ? 'tier' : otherCurrency ? 'other currency' : null);
    if (!kind) return null;
    const surelyItsOwn = OPENS.test(seg) || /:\s*$/.test(seg) || PREFIX_ONLY.test(seg) || ONLY_BEFORE_KINDS.has(kind);
    if (!surelyItsOwn) return null;
    // Words before the last clause are the first amount's own ('44,90 ₴ (з карткою) · 49,90 ₴', '44,90 ₴ з карткою
    // замість 49,90 ₴', '129 ₴ при купівлі 2 шт. замість 169 ₴'): then it is a conditional price, nothing settled.
    const head = seg.slice(0, lastClauseStart(seg));
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
  const parsed = finish(first!.value, first!.currency ?? currencyIn(text.slice(first!.end, first!.end + 8)), false, false, text);
  return parsed.ok ? { parsed, old } : null;
}
