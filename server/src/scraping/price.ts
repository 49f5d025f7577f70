/**
 * Turns the text a shop shows into a price, for the four countries' formats ('39,90 Kč', '1 299,00 zł',
 * '39.90 ₴', '5.49 ₾', 'від 12,50 грн') and the traps price trackers hit: thin and non-breaking spaces,
 * '1.600' meaning one thousand six hundred where a shop uses dot thousands, per-kg prices, 'price on
 * request'. A wrong price is worse than none: anything ambiguous is answered as a failure with a reason,
 * and the caller records a problem instead of a price.
 */
import type { Currency, ParserPriceFormat } from '@pricewatch/shared/contract';

export type PriceFailure = 'empty' | 'on_request' | 'ambiguous' | 'unparseable' | 'per_unit_only' | 'out_of_range';

export type ParsedPrice =
  | { ok: true; amount: number; minor: number; currency: Currency | null; from: boolean; perUnit: boolean }
  | { ok: false; reason: PriceFailure; text: string };

const SPACES = /[\u00a0\u2007\u2008\u2009\u200a\u202f\u205f\u3000\s]+/g;
const ON_REQUEST =
  /(call\s*us|on\s*request|price\s*on|contact\s*us|ask\s*for|на\s*запит|по\s*запросу|уточнюйте|уточняйте|na\s*zapytanie|zapytaj|na\s*dotaz|zavolejte|cena\s*dohodou|დარეკეთ)/i;
const FROM = /^(від|вiд|от|from|od|ab|დან)\b|^(від|от)\s/i;

const CURRENCY_PATTERNS: [RegExp, Currency][] = [
  [/kč|czk/i, 'CZK'],
  [/zł|zl\b|pln/i, 'PLN'],
  [/₴|грн|uah|hrn/i, 'UAH'],
  [/₾|gel|ლარ/i, 'GEL'],
];

export function currencyIn(text: string): Currency | null {
  for (const [re, c] of CURRENCY_PATTERNS) if (re.test(text)) return c;
  return null;
}

/** A machine value (schema.org `price`, `content` attributes): digits with an optional '.' decimal part. */
export function parseMachinePrice(value: unknown): ParsedPrice {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!text) return { ok: false, reason: 'empty', text };
  if (!/^\d{1,9}(\.\d{1,4})?$/.test(text)) {
    return { ok: false, reason: ON_REQUEST.test(text) ? 'on_request' : 'unparseable', text };
  }
  return finish(Number(text), null, false, false, text);
}

function finish(amount: number, currency: Currency | null, from: boolean, perUnit: boolean, text: string): ParsedPrice {
  if (!Number.isFinite(amount) || amount <= 0 || amount >= 10_000_000) return { ok: false, reason: 'out_of_range', text };
  const minor = Math.round(amount * 100);
  // More than two decimals that do not round cleanly: not a shelf price.
  if (Math.abs(minor - amount * 100) > 1e-6 && !/\.\d{1,2}$/.test(String(amount))) {
    return { ok: false, reason: 'unparseable', text };
  }
  return { ok: true, amount: minor / 100, minor, currency, from, perUnit };
}

/** One number written with the given separators, or null when it does not follow them. */
function numberWithFormat(raw: string, f: ParserPriceFormat): number | null {
  const t = f.thousands || '';
  const d = f.decimal;
  const esc = (s: string) => s.replace(/[.\s]/g, (c) => (c === '.' ? '\\.' : '\\s'));
  const intPart = t ? `\\d{1,3}(?:${esc(t)}\\d{3})*|\\d+` : '\\d+';
  const re = new RegExp(`^(${intPart})(?:${esc(d)}(\\d{1,2}|-|–))?$`);
  const m = re.exec(raw);
  if (!m) return null;
  const int = m[1]!.split(t || '\u0000').join('');
  const dec = m[2] && /^\d+$/.test(m[2]) ? m[2].padEnd(2, '0') : '00';
  return Number(`${int}.${dec}`);
}

/** Without a known format: answers the number, or 'ambiguous' when the separators allow two readings. */
function numberGuessed(raw: string): number | 'ambiguous' | null {
  if (/\s/.test(raw)) {
    // Spaces only ever group thousands: '1 299,00', '12 500'.
    const m = /^(\d{1,3}(?: \d{3})+)(?:([.,])(\d{1,2}))?$/.exec(raw);
    if (!m) return null;
    return Number(`${m[1]!.replace(/ /g, '')}.${(m[3] ?? '00').padEnd(2, '0')}`);
  }
  const s = raw;
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (!dots && !commas) return Number(s);
  if (dots && commas) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    return numberWithFormat(s, { decimal, thousands });
  }
  const sep = dots ? '.' : ',';
  const count = dots || commas;
  if (count > 1) return numberWithFormat(s, { decimal: sep === '.' ? ',' : '.', thousands: sep });
  const after = s.split(sep)[1] ?? '';
  // '1.600' or '1,600': one thousand six hundred, or one point six? Only the shop's format can say.
  if (after.length === 3) return 'ambiguous';
  return numberWithFormat(s, { decimal: sep, thousands: '' });
}

const PER_UNIT_TAIL = /^\s*(kč|zł|₴|₾|грн\.?|uah|czk|pln|gel)?\s*(\/|за|za|per)\s*(1\s*)?(kg|кг|l|л|100\s*g|100\s*г|100\s*ml|ks|kus|шт|szt|pcs)(?![a-zа-я])/i;

const AMOUNT = /\d[\d.,\s]*\d|\d/g;

/**
 * Parses shop text. With `format` the separators are the shop's and must be followed exactly; without it
 * they are guessed and '1.600' is ambiguous. A text holding several amounts (a unit price beside the
 * price) answers the first amount that is not a per-unit price; only per-unit amounts → 'per_unit_only'.
 */
export function parsePrice(input: string | null | undefined, format?: ParserPriceFormat): ParsedPrice {
  const text = (input ?? '').replace(SPACES, ' ').trim();
  if (!text) return { ok: false, reason: 'empty', text };
  if (ON_REQUEST.test(text)) return { ok: false, reason: 'on_request', text };
  if (!/\d/.test(text)) return { ok: false, reason: 'unparseable', text };
  const from = FROM.test(text);
  const currency = currencyIn(text);

  const candidates: { raw: string; perUnit: boolean }[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const raw = m[0].trim().replace(/[.,]$/, '');
    const tail = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 16);
    candidates.push({ raw, perUnit: PER_UNIT_TAIL.test(tail) });
  }
  const whole = candidates.filter((c) => !c.perUnit);
  if (!whole.length) return { ok: false, reason: candidates.length ? 'per_unit_only' : 'unparseable', text };
  // Two different item prices in one text (old and new side by side): the caller must separate them.
  if (whole.length > 1) return { ok: false, reason: 'ambiguous', text };

  const raw = whole[0]!.raw.replace(/\s+/g, ' ');
  const value = format ? numberWithFormat(raw, format) : numberGuessed(raw);
  if (value === 'ambiguous') return { ok: false, reason: 'ambiguous', text };
  if (value === null) return { ok: false, reason: 'unparseable', text };
  return finish(value, currency, from, false, text);
}
