import { apiGet } from '@pricewatch/shared/api';
import { networkUsersListResponseSchema, type NetworkUser } from '@pricewatch/shared/contract';
import { useApi } from '@pricewatch/shared/query';

/** Provider admins: every user (GET /network-users/admin/list); a network admin: their network's. */
export async function getNetworkUsers(all: boolean): Promise<NetworkUser[]> {
  const body = all ? await apiGet('/network-users/admin/list') : await apiGet('/network-users/list');
  return networkUsersListResponseSchema.parse(body).data;
}

/** `enabled` false: nothing is asked (the caller may not manage users). */
export function useNetworkUsers(all: boolean, version: number, enabled: boolean) {
  return useApi(enabled ? `users:${all}:${version}` : null, () => getNetworkUsers(all));
}
