import { apiGet, apiPost } from '@pricewatch/shared/api';
import type { Ok, UnmatchedBulkAccept, UnmatchedDecision, UnmatchedPages, UnmatchedQuery } from '@pricewatch/shared/contract';

type Query = Record<string, string | number | boolean | undefined>;
const base = (parserId: string) => `/parsers/${encodeURIComponent(parserId)}/unmatched`;

/** GET /parsers/{id}/unmatched: a parser's pages whose product matched nothing, with suggestions (limit, skip). */
export const getUnmatched = async (parserId: string, q: UnmatchedQuery) => (await apiGet<Ok<UnmatchedPages>>(base(parserId), q as Query)).data;

/** POST /parsers/{id}/unmatched/{itemId}/accept { productId }: the page becomes the shop's offer of that product. */
export const acceptUnmatched = async (parserId: string, itemId: string, productId: string) =>
  (await apiPost<Ok<UnmatchedDecision>>(`${base(parserId)}/${encodeURIComponent(itemId)}/accept`, { productId })).data;

/** POST /parsers/{id}/unmatched/{itemId}/reject: hidden from now on. */
export const rejectUnmatched = async (parserId: string, itemId: string) =>
  (await apiPost<Ok<UnmatchedDecision>>(`${base(parserId)}/${encodeURIComponent(itemId)}/reject`, {})).data;

/** POST /parsers/{id}/unmatched/accept-top { minScore }: every top suggestion scoring at least minScore. */
export const acceptTopUnmatched = async (parserId: string, minScore: number) =>
  (await apiPost<Ok<UnmatchedBulkAccept>>(`${base(parserId)}/accept-top`, { minScore })).data;
