// Data loading on @tanstack/react-query (issue 15 item 3): the page's one client, the shared catalogue
// entries and the query-key scheme. Screens load their own data with useApi (@pricewatch/shared/api).
export { queryClient, clearSessionData, shouldRetry, retryDelay, QUERY_RETRIES } from './query-client';
export { QueryProvider } from './query-provider';
export { catalogue, fetchCatalogue, useCatalogue, CACHE_DELAY_MS, type CatalogueEntry } from './catalogue';
export { queryKeys } from '../api/query-keys';
