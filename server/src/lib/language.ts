import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@pricewatch/shared/contract';

// `uk` is Ukrainian's standard tag; the product's own code for it is `ua` (spec §6).
// No cache: a Map keyed by the header kept every distinct header a caller sent, for good (memory without end).
const negotiator = new Negotiator({ supportedValues: [...LANGUAGES, 'uk'] });

/**
 * The language data is answered in (docs/translations.md): the front ends send their UI language as
 * Accept-Language. null when the caller names none of ours: data comes as it was stored.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language | null {
  const header = request.headers['accept-language'];
  if (!header) return null;
  const lang = negotiator.negotiate(header);
  return lang === 'uk' ? 'ua' : ((lang as Language | null) ?? null);
}
