import type { Country } from '../contract/deployment';

const LOCALES: Record<string, string> = { ua: 'uk', en: 'en-US', ru: 'ru', pl: 'pl' };

/** UI language code → Intl locale. Spec §9: "Ukrainian locale uses code uk" while the UI says ua. */
export function intlLocale(lang: string): string {
  return LOCALES[lang] ?? lang;
}

const CURRENCIES: Record<Country, string> = { ua: 'UAH', ge: 'GEL', cz: 'CZK', pl: 'PLN' };

/** The deployment's currency; unknown countries fall back to the default variant ua (spec §1). */
export function currencyForCountry(country: string): string {
  return CURRENCIES[country as Country] ?? CURRENCIES.ua;
}

// Tables format hundreds of prices: one Intl formatter per language and currency.
const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price in its own currency (ISO code, as answers carry it) for the UI language: 39,90 Kč, ₴39.90…
 * No amount (null, undefined) shows as a dash, never as 0.
 */
export function formatPrice(amount: number | null | undefined, currency: string, lang: string): string {
  if (amount === null || amount === undefined) return '—';
  const key = `${lang} ${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}

/** A price in the currency of a country (ua, cz, …), for answers that name the shop's country. */
export function formatMoney(amount: number, country: string, lang: string): string {
  return formatPrice(amount, currencyForCountry(country), lang);
}
