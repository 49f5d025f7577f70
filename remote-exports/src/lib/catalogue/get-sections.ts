import { useSyncExternalStore } from 'react';
import { apiGet, cached, dataLanguage, subscribeDataLanguage } from '@pricewatch/shared/api';
import type { Ok, ProductPage, ProductSummary } from '@pricewatch/shared/contract';

export type Section = { _id: string; name: string };

// The contract has no list of sections: they are learnt from the products the screens receive, and
// once per session from one wide page of the catalogue (its first 500 products cover the sections of
// a normal catalogue). See the contract notes in docs.
const known = new Map<string, string>();
const listeners = new Set<() => void>();
let snapshot: Section[] = [];
let primed = false;

/** Remembers the sections of products that arrived from any call. */
export function learnSections(products: readonly Pick<ProductSummary, 'sectionId' | 'section'>[]): void {
  let changed = false;
  for (const p of products) {
    if (p.sectionId && p.section && known.get(p.sectionId) !== p.section) {
      known.set(p.sectionId, p.section);
      changed = true;
    }
  }
  if (changed) publish();
}

function publish() {
  snapshot = [...known].map(([_id, name]) => ({ _id, name })).sort((a, b) => a.name.localeCompare(b.name));
  for (const listener of listeners) listener();
}

// Section names arrive in the UI language (server/docs/translations.md): another language starts over.
subscribeDataLanguage(() => {
  known.clear();
  publish();
  if (primed) void primeSections();
});

/** GET /products/list?limit=500 once per session and language, only to learn the sections. */
export function primeSections(): Promise<void> {
  primed = true;
  // Learnt after the cache: a language switched back to answers from it.
  return cached(
    `sections-primer:${dataLanguage() ?? ''}`,
    async () => (await apiGet<Ok<ProductPage>>('/products/list', { limit: 500, sort: 'createdAt', order: 'asc' })).data.items,
  )
    .then(learnSections)
    .catch(() => undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sections known so far, by name; learning more re-renders. */
export function useSections(): Section[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
