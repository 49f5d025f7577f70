import { apiGet, apiPost } from '@pricewatch/shared/api';
import type { Ok, SuspiciousDecision, SuspiciousPrices, SuspiciousPricesQuery } from '@pricewatch/shared/contract';

type Query = Record<string, string | number | boolean | undefined>;

/** GET /parsers/suspicious: held prices waiting for a decision (limit, skip, parser, network). */
export const getSuspicious = async (q: SuspiciousPricesQuery) => (await apiGet<Ok<SuspiciousPrices>>('/parsers/suspicious', q as Query)).data;

/** POST /parsers/suspicious/{id}/confirm | reject. */
export const decideSuspicious = async (id: string, decision: 'confirm' | 'reject') =>
  (await apiPost<Ok<SuspiciousDecision>>(`/parsers/suspicious/${encodeURIComponent(id)}/${decision}`, {})).data;
