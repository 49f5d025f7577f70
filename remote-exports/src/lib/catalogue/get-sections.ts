import type { SectionSummary } from '@pricewatch/shared/contract';
import { useCatalogue } from '@pricewatch/shared/query';

export type Section = SectionSummary;

const NONE: Section[] = [];

/** GET /sections — the catalogue's sections by name, in the UI language; loaded once per session. */
export function useSections(): Section[] {
  return useCatalogue('sections').data ?? NONE;
}
