import type { Currency } from '@pricewatch/shared/contract';
import { currencyForCountry } from '@pricewatch/shared/format';

/** Money is stored as integer minor units (cents, kopecks, haléře, grosze, tetri). */
export const toMinor = (amount: number): number => Math.round(amount * 100);
export const fromMinor = (minor: number): number => Math.round(minor) / 100;

/** The currency of a shop's or product's country (ua UAH, ge GEL, cz CZK, pl PLN). */
export const currencyOf = (country: string): Currency => currencyForCountry(country) as Currency;

/** (regular − promo) / regular × 100, one decimal. */
export const depthPct = (regular: number, promo: number | null): number | null =>
  promo === null || regular <= 0 ? null : Math.round(((regular - promo) / regular) * 1000) / 10;

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;
