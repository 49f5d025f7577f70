/** Leaflets themselves (docs/leaflets.md): read, create, edit, delete with their pages, search. */
import { LEAFLET_LIMITS, type Leaflet, type LeafletDetail } from '@pricewatch/shared/contract';
import { asIsoDay } from '../../lib/days';
import { notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import { leafletDetail, lockLeaflet, toLeaflet, type LeafletAccess, type LeafletsContext } from './service-common';

type LeafletFields = { name?: string; network?: string; start?: string; end?: string; description?: string | null };

export function createLeafletsCrud({ db, queries, pictures }: LeafletsContext, access: LeafletAccess) {
  return {
    async get(user: AuthUser, id: number): Promise<LeafletDetail> {
      await access.visibleLeaflet(user, id);
      return leafletDetail(queries, id);
    },

    async create(user: AuthUser, input: Required<Pick<LeafletFields, 'name' | 'network' | 'start' | 'end'>> & LeafletFields): Promise<LeafletDetail> {
      const network = await access.writableNetwork(user, input.network);
      const id = await queries.insertLeaflet({
        networkId: network.id,
        name: input.name,
        startDay: input.start,
        endDay: input.end,
        description: input.description || null,
      });
      return leafletDetail(queries, id);
    },

    async update(user: AuthUser, id: number, input: LeafletFields): Promise<LeafletDetail> {
      await access.writableLeaflet(user, id);
      const network = input.network ? await access.writableNetwork(user, input.network) : null;
      // Read, merge and write under the leaflet's row lock: two edits at once keep each other's fields.
      await db.transaction(async (t) => {
        await lockLeaflet(queries, t, id);
        const row = await queries.leafletFields(t, id);
        if (!row) throw notFound('leaflet');
        // Money is stored in minor units of the network's currency and matched products are of its
        // country: a leaflet never moves to a network of another country (docs/leaflets.md).
        if (network && network.country !== row.country) throw validationFailed([{ path: 'network', message: 'network_of_other_country' }]);
        const start = input.start ?? asIsoDay(row.startDay);
        const end = input.end ?? asIsoDay(row.endDay);
        if (start > end) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
        const description = input.description === undefined ? row.description : input.description || null;
        await queries.updateLeaflet(t, id, {
          name: input.name ?? row.name,
          networkId: network?.id ?? row.networkId,
          startDay: start,
          endDay: end,
          description,
        });
      });
      return leafletDetail(queries, id);
    },

    /**
     * Deletes the leaflet with its pages, prices and recognitions; the files go after the commit. The
     * leaflet's row is locked first, so an upload either committed before (its page is deleted here and
     * its files named by RETURNING) or finds the leaflet gone (404).
     */
    async remove(user: AuthUser, id: number): Promise<void> {
      await access.writableLeaflet(user, id);
      const names = await db.transaction(async (t) => {
        await lockLeaflet(queries, t, id);
        return queries.deleteLeaflet(t, id);
      });
      await pictures.remove(names);
    },

    async search(user: AuthUser, q: { name?: string; start?: string; end?: string; network?: string }): Promise<Leaflet[]> {
      if (q.network) await access.networkFor(user, q.network);
      const vis = visibleNetworkCodes(user);
      const codes = q.network ? [q.network] : vis;
      const rows =
        q.start && q.end
          ? await queries.byPeriod(q.start, q.end, codes, LEAFLET_LIMITS.searchMax)
          : await queries.byName(q.name ?? '', codes, LEAFLET_LIMITS.searchMax);
      return rows.map(toLeaflet);
    },
  };
}
