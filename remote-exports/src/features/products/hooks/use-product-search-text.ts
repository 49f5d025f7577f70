import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * The product search text arrives two ways (spec §2 Header): `?q=` when the search is updated in
 * place on /product, or navigation state `{ search }` when the user searched from another screen.
 */
export function useProductSearchText(): string {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { search?: unknown } | null };
  return params.get('q') ?? (typeof state?.search === 'string' ? state.search : '');
}
