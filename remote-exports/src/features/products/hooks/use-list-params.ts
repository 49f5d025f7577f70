import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductSort } from '@pricewatch/shared/contract';
import { PRODUCT_SORTS } from '../../../lib/limits';
import { DEFAULT_PAGE_SIZE } from '@pricewatch/shared/format';
import { useProductSearchText } from './use-product-search-text';

export const PAGE_SIZES = [30, 50, 100] as const;

/** The product list's state, kept in the address so Back from a card returns to the same page. */
export type ListParams = {
  q: string;
  network: string;
  shop: string;
  brand: string;
  section: string;
  sort: ProductSort;
  order: 'asc' | 'desc';
  /** One-based. */
  page: number;
  size: number;
};

const FILTER_KEYS = ['network', 'shop', 'brand', 'section'] as const;

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Reads and writes the list state in `?q=&network=&shop=&brand=&section=&sort=&order=&page=&size=`.
 * A search carried in navigation state (from another screen) joins the address on the first change.
 * Changing a filter, the sort or the page size goes back to page 1.
 */
export function useListParams(): [ListParams, (patch: Partial<ListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const q = useProductSearchText();
  const sortParam = params.get('sort') as ProductSort | null;
  const size = positive(params.get('size'), DEFAULT_PAGE_SIZE);
  const current: ListParams = {
    q,
    network: params.get('network') ?? '',
    shop: params.get('shop') ?? '',
    brand: params.get('brand') ?? '',
    section: params.get('section') ?? '',
    sort: sortParam && PRODUCT_SORTS.includes(sortParam) ? sortParam : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page'), 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };

  const update = useCallback(
    (patch: Partial<ListParams>) => {
      const next = { ...current, ...patch };
      const resetsPage = FILTER_KEYS.some((k) => k in patch) || 'sort' in patch || 'order' in patch || 'size' in patch;
      if (resetsPage && !('page' in patch)) next.page = 1;
      const out = new URLSearchParams();
      if (next.q) out.set('q', next.q);
      for (const key of FILTER_KEYS) if (next[key]) out.set(key, next[key]);
      if (next.sort !== 'name') out.set('sort', next.sort);
      if (next.order !== 'asc') out.set('order', next.order);
      if (next.page > 1) out.set('page', String(next.page));
      if (next.size !== DEFAULT_PAGE_SIZE) out.set('size', String(next.size));
      setParams(out, { replace: false });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(current), setParams],
  );

  return [current, update];
}
