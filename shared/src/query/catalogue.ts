import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableShop, CityCodes, NetworkSummary, Ok, ParserNetwork, SectionSummary, Shop, ShopsMap } from '../contract';
// Through the api entry (not ../api/request) so tests that mock @pricewatch/shared/api mock these too.
import { apiGet } from '../api';
import { dataLanguage, subscribeDataLanguage } from '../api/data-language';
import { queryKeys } from '../api/query-keys';
import { toApiState, type ApiState } from './use-api';
import { queryClient } from './query-client';

/** Spec §7/§9 "cached results after 10 ms": a cached answer still arrives asynchronously, like a call. */
export const CACHE_DELAY_MS = 10;

const get = async <T>(path: string): Promise<T> => (await apiGet<Ok<T>>(path)).data;

// Spec §3 "Shared data": loaded once per session and language, never stale on their own (a write to
// them invalidates its key), forgotten when the session ends (query-client.ts).
const session = { staleTime: Infinity, gcTime: Infinity } as const;

/** The catalogue entries every remote shares, one query key each (api/query-keys.ts). */
export const catalogue = {
  shopsMap: (lang = dataLanguage()) => queryOptions({ queryKey: queryKeys.catalogue.shopsMap(lang), queryFn: () => get<ShopsMap>('/shops/map'), ...session }),
  shops: (lang = dataLanguage()) => queryOptions({ queryKey: queryKeys.catalogue.shops(lang), queryFn: () => get<Shop[]>('/shops'), ...session }),
  networks: (lang = dataLanguage()) =>
    queryOptions({ queryKey: queryKeys.catalogue.networks(lang), queryFn: () => get<NetworkSummary[]>('/shops/networks'), ...session }),
  sections: (lang = dataLanguage()) =>
    queryOptions({ queryKey: queryKeys.catalogue.sections(lang), queryFn: () => get<SectionSummary[]>('/sections'), ...session }),
  cityCodes: (lang = dataLanguage()) =>
    queryOptions({ queryKey: queryKeys.catalogue.cityCodes(lang), queryFn: () => get<CityCodes>('/utils/city-codes'), ...session }),
  availableShops: (lang = dataLanguage()) =>
    queryOptions({ queryKey: queryKeys.catalogue.availableShops(lang), queryFn: () => get<AvailableShop[]>('/utils/available-shops'), ...session }),
  // Only for users with the parser access area (else 403): ask with useCatalogue('parserNetworks', allowed).
  parserNetworks: (lang = dataLanguage()) =>
    queryOptions({ queryKey: queryKeys.parserNetworks.of(lang), queryFn: () => get<ParserNetwork[]>('/parsers/networks'), ...session }),
};

/** What each catalogue entry holds. */
export type CatalogueData = {
  shopsMap: ShopsMap;
  shops: Shop[];
  networks: NetworkSummary[];
  sections: SectionSummary[];
  cityCodes: CityCodes;
  availableShops: AvailableShop[];
  parserNetworks: ParserNetwork[];
};
export type CatalogueEntry = keyof CatalogueData;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A catalogue entry as a promise (for code outside React): the first call loads it, concurrent first
 * calls share the request, later calls answer from the cache after CACHE_DELAY_MS; a failure is not
 * kept, so the next call asks again.
 */
export async function fetchCatalogue<K extends CatalogueEntry>(entry: K): Promise<CatalogueData[K]> {
  const options = catalogue[entry]() as unknown as ReturnType<typeof catalogue.shops>;
  const hit = queryClient.getQueryData(options.queryKey);
  if (hit !== undefined) {
    await delay(CACHE_DELAY_MS);
    return hit as CatalogueData[K];
  }
  return (await queryClient.fetchQuery(options)) as CatalogueData[K];
}

/** A catalogue entry for a screen: the shared cache entry of the current data language. */
export function useCatalogue<K extends CatalogueEntry>(entry: K, enabled = true): ApiState<CatalogueData[K]> {
  const lang = useSyncExternalStore(subscribeDataLanguage, dataLanguage, dataLanguage);
  const options = catalogue[entry](lang) as unknown as ReturnType<typeof catalogue.shops>;
  return toApiState(useQuery({ ...options, enabled }, queryClient)) as ApiState<CatalogueData[K]>;
}
