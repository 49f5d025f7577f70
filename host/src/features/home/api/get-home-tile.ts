import { apiGet } from '@pricewatch/shared/api';
import type { Ok } from '@pricewatch/shared/contract';
import type { TileId } from '../tiles';

/** GET /home/{tile}: one call per tile, so each loads (and fails) on its own. */
export async function getHomeTile<T>(tile: TileId): Promise<T> {
  return (await apiGet<Ok<T>>(`/home/${tile}`)).data;
}
