import { apiDelete } from '@pricewatch/shared/api';
import { networkUserDeleteResponseSchema } from '@pricewatch/shared/contract';

/** DELETE /network-users/{id}: the user and their sessions go at once. */
export async function deleteNetworkUser(id: string): Promise<void> {
  networkUserDeleteResponseSchema.parse(await apiDelete(`/network-users/${encodeURIComponent(id)}`));
}
