// Data loading on @tanstack/react-query (issue 15 item 3): the page's one client, the shared catalogue
// entries and the query-key scheme; useApi, the screens' loading hook. Kept apart from
// @pricewatch/shared/api (the HTTP client) so the login page does not download react-query.
export { queryClient, clearSessionData, shouldRetry, retryDelay, QUERY_RETRIES } from './query-client';
export { QueryProvider } from './query-provider';
export { catalogue, fetchCatalogue, useCatalogue, CACHE_DELAY_MS, type CatalogueEntry } from './catalogue';
export { queryKeys } from '../api/query-keys';
export { useApi, asApiError, toApiState, type ApiState, type ApiOptions } from './use-api';
