/**
 * Spec §3 "Shared data" / §4: city codes and the available shops are fetched after login, into the
 * session cache every remote reads (@pricewatch/shared/query: one key each; the cache is dropped when
 * the session ends). A failure is logged, not fatal — screens that need them ask again. The query
 * layer is imported here, not at the top, so the login page does not download it.
 */
export async function loadSessionData(): Promise<void> {
  try {
    const { catalogue, queryClient } = await import('@pricewatch/shared/query');
    await Promise.all([queryClient.fetchQuery(catalogue.cityCodes()), queryClient.fetchQuery(catalogue.availableShops())]);
  } catch (error) {
    console.warn('[pricewatch] shared data not loaded', error);
  }
}
