import { apiPost, apiPut } from '@pricewatch/shared/api';
import { networkUserResponseSchema, type NetworkUser, type NetworkUserCreate, type NetworkUserUpdate } from '@pricewatch/shared/contract';

/** POST /network-users. */
export async function createNetworkUser(body: NetworkUserCreate): Promise<NetworkUser> {
  return networkUserResponseSchema.parse(await apiPost('/network-users', body)).data;
}

/** PUT /network-users/{id}: only the fields sent change. */
export async function updateNetworkUser(id: string, body: NetworkUserUpdate): Promise<NetworkUser> {
  return networkUserResponseSchema.parse(await apiPut(`/network-users/${encodeURIComponent(id)}`, body)).data;
}
