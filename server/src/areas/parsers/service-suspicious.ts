/** Prices the sanity guard held (docs/parsers.md "Sanity guard"): the list and the decisions. */
import type { SuspiciousDecision, SuspiciousPrices } from '@pricewatch/shared/contract';
import type { suspiciousPricesQuerySchema } from '@pricewatch/shared/contract';
import type { z } from 'zod';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors';
import { onPricesWritten } from '../alarms/plugin';
import { recordObservations } from '../prices/plugin';
import type { AuthUser } from '../../core/session-user';
import type { ParsersAccess, ParsersContext } from './service-common';
import { recordRejection, toObservation, toSuspicious } from './suspicious';

export function createSuspiciousService({ db, q }: ParsersContext, access: ParsersAccess) {
  const { assertArea, visibleNetworkIds } = access;
  return {
    /** Held prices waiting for a decision (docs/parsers.md "Sanity guard"), of visible networks' parsers, newest first. */
    async suspicious(user: AuthUser, query: z.output<typeof suspiciousPricesQuerySchema>): Promise<Pick<SuspiciousPrices, 'items' | 'total'>> {
      assertArea(user);
      const networkIds = await visibleNetworkIds(user);
      // As the list's shops filter: an unknown parser or network is 400 naming the field, an invisible one 403.
      if (query.parser !== undefined) {
        const p = await q.parser(query.parser);
        if (!p) throw validationFailed([{ path: 'parser', message: `unknown parser: ${query.parser}` }]);
        if (networkIds && !networkIds.includes(p.networkId)) throw forbidden();
      }
      let networkId: number | undefined;
      if (query.network !== undefined) {
        const id = await q.networkIdByCode(query.network);
        if (id === null) throw validationFailed([{ path: 'network', message: `unknown network: ${query.network}` }]);
        networkId = id;
        if (networkIds && !networkIds.includes(networkId)) throw forbidden();
      }
      const { rows, total } = await q.listSuspicious({ networkIds, parserId: query.parser, networkId, limit: query.limit, skip: query.skip });
      return { items: rows.map(toSuspicious), total };
    },

    /**
     * Confirm: the held price is written for its day through the catalogue's record path, and its alarms
     * evaluated after the commit, as a run's. Reject: a problem of its run. Who: those who may force-start
     * its parser. Decided already → 409 (two decisions at once: one wins, the other gets 409).
     */
    async decideSuspicious(user: AuthUser, id: number, decision: 'confirmed' | 'rejected'): Promise<SuspiciousDecision> {
      assertArea(user);
      if (user.profile.isGuest) throw forbidden();
      const row = await q.suspiciousRow(id);
      if (!row) throw notFound('suspicious price');
      const ids = await visibleNetworkIds(user);
      if (ids && !ids.includes(row.networkId)) throw forbidden();
      if (row.decision) throw new AppError(409, 'conflict', 'already_decided');
      let written = 0;
      await db.transaction(async (t) => {
        if (!(await q.markDecided(id, decision, user.id, t))) throw new AppError(409, 'conflict', 'already_decided');
        if (decision === 'confirmed') {
          const r = await recordObservations(t, [toObservation(row)]);
          written = r.extended + r.opened;
        } else {
          await recordRejection(q, row, t);
        }
      });
      if (written > 0) void onPricesWritten(db, [{ productId: row.productId, shopId: row.shopId }]);
      return { item: toSuspicious((await q.suspiciousRow(id))!), written };
    },
  };
}
