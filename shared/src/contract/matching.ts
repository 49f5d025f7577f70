/**
 * Matching pages to products (issue 16 item 3; server/docs/parsers.md "Matching pages to products"):
 * a parser's pages whose product matched nothing, with what was read there and up to three suggested
 * catalogue products each; accepting one records the page as the shop's offer of that product.
 */
import { z } from 'zod';
import { okSchema } from './envelope';
import { idSchema, pageOf, pagingQuerySchema } from './catalogue';

/** How a suggestion was found: the page's EAN, the shop's own article, or name, brand and pack size. */
export const MATCH_VIA = ['ean', 'article', 'name'] as const;
/** The page's pack size against the product's: equal, another amount, another kind (g vs ml), or not printed. */
export const PACK_COMPARISONS = ['same', 'different', 'incomparable', 'unknown'] as const;
/** The score the screen proposes for accepting every top suggestion at once. */
export const BULK_ACCEPT_DEFAULT_SCORE = 0.8;

export const matchSuggestionSchema = z.object({
  productId: z.string(),
  name: z.string(),
  ean: z.string().nullable(),
  brand: z.string().nullable(),
  /** 0..1: 1 = the same EAN, 0.97 = the shop's article; names at most 0.95. */
  score: z.number(),
  via: z.enum(MATCH_VIA),
  pack: z.enum(PACK_COMPARISONS),
});
export type MatchSuggestion = z.infer<typeof matchSuggestionSchema>;

export const unmatchedPageSchema = z.object({
  _id: z.string(),
  parserId: z.string(),
  /** The parser's country: the money's currency, and where suggestions come from. */
  country: z.string(),
  url: z.string(),
  name: z.string().nullable(),
  ean: z.string().nullable(),
  article: z.string().nullable(),
  /** What a shopper pays (major units), and the struck-through regular price beside a promo one. */
  price: z.number().nullable(),
  oldPrice: z.number().nullable(),
  promo: z.boolean(),
  currency: z.string().nullable(),
  inStock: z.boolean().nullable(),
  /** The day it was last read (YYYY-MM-DD). */
  day: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  decision: z.enum(['accepted', 'rejected']).nullable(),
  /** The accepted product. */
  productId: z.string().nullable(),
  /** Best first, at most three. */
  suggestions: z.array(matchSuggestionSchema),
});
export type UnmatchedPage = z.infer<typeof unmatchedPageSchema>;

export const unmatchedParamsSchema = z.object({ id: idSchema });
export const unmatchedItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
export const unmatchedQuerySchema = pagingQuerySchema;
export type UnmatchedQuery = z.input<typeof unmatchedQuerySchema>;
export const unmatchedPagesResponseSchema = okSchema(pageOf(unmatchedPageSchema));
export type UnmatchedPages = z.infer<typeof unmatchedPagesResponseSchema>['data'];

export const unmatchedAcceptBodySchema = z.object({ productId: idSchema });
export type UnmatchedAcceptBody = z.input<typeof unmatchedAcceptBodySchema>;
/** `written`: price spans the page's price wrote now; `held`: it waits among the suspicious prices instead. */
export const unmatchedDecisionResponseSchema = okSchema(z.object({ item: unmatchedPageSchema, written: z.number(), held: z.number() }));
export type UnmatchedDecision = z.infer<typeof unmatchedDecisionResponseSchema>['data'];

/** Accept the top suggestion of every waiting page whose top score is at least `minScore`. */
export const unmatchedBulkAcceptBodySchema = z.object({ minScore: z.number().min(0.5).max(1) });
export type UnmatchedBulkAcceptBody = z.input<typeof unmatchedBulkAcceptBodySchema>;
export const unmatchedBulkAcceptResponseSchema = okSchema(z.object({ accepted: z.number(), written: z.number(), held: z.number() }));
export type UnmatchedBulkAccept = z.infer<typeof unmatchedBulkAcceptResponseSchema>['data'];
