/** Spec §9: "digits only, optional leading $". */
export const ARTICLE_EAN_PATTERN = /^\$?\d+$/;

/** Product search parameters of GET /products/search (spec §3). */
export type SearchQuery = { article?: string; ean?: string; name?: string };

/**
 * Spec §5: "Search text made only of digits, with an optional leading $, is treated as an article and
 * EAN at once; anything else is a product name; the two are combined with OR" (by the server).
 */
export function parseSearchText(text: string): SearchQuery {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (ARTICLE_EAN_PATTERN.test(trimmed)) {
    const digits = trimmed.replace(/^\$/, '');
    return { article: digits, ean: digits };
  }
  return { name: trimmed };
}
