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

export function formatMoney(amount: number, country: string, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: currencyForCountry(country) }).format(amount);
}
