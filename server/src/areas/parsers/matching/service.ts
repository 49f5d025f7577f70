/**
 * "To match" (docs/parsers.md "Matching pages to products"): a parser's pages whose product matched
 * nothing, with suggestions; accept one product, reject a page, or accept every top suggestion above a
 * score. Who: reading as the parsers list; deciding as force start (not guests, parsers of visible
 * networks). Two decisions of one page at once: one wins, the others get 409 `already_decided`.
 */
import type { UnmatchedBulkAccept, UnmatchedDecision, UnmatchedPage } from '@pricewatch/shared/contract';
import type { Db } from '../../../db/client';
import { AppError, forbidden, notFound, validationFailed } from '../../../lib/errors';
import { onPricesWritten } from '../../alarms/plugin';
import type { AuthUser } from '../../../core/session-user';
import type { ParserRow, ParsersQueries } from '../queries';
import { canSeeParsers, type ParsersService } from '../service';
import type { UnmatchedRow } from '../queries-unmatched';
import { applyAcceptance, suggestionsFor, toUnmatched } from './unmatched';

/** Pages a bulk acceptance looks at in one call (the rest wait for the next). */
const BULK_LIMIT = 500;

export function createMatchingService(db: Db, q: ParsersQueries, parsers: Pick<ParsersService, 'visibleNetworkIds'>, guardShare: () => number) {
  async function visibleParser(user: AuthUser, parserId: number, write: boolean): Promise<ParserRow> {
    if (!canSeeParsers(user) || (write && user.profile.isGuest)) throw forbidden();
    const parser = await q.parser(parserId);
    if (!parser) throw notFound('parser');
    const ids = await parsers.visibleNetworkIds(user);
    if (ids && !ids.includes(parser.networkId)) throw forbidden();
    return parser;
  }

  async function pageOf(user: AuthUser, parserId: number, itemId: number, write: boolean): Promise<UnmatchedRow> {
    await visibleParser(user, parserId, write);
    const row = await q.unmatchedRow(itemId);
    if (!row || row.parserId !== parserId) throw notFound('unmatched page');
    return row;
  }

  const withSuggestions = async (row: UnmatchedRow) => toUnmatched(row, row.decision ? [] : await suggestionsFor(q, row));

  /** The decision in one transaction; alarms of a written price are evaluated after the commit. */
  async function accept(user: AuthUser, row: UnmatchedRow, productId: number): Promise<{ written: number; held: number }> {
    const shopId = row.shopId;
    if (shopId === null) throw validationFailed([{ path: 'id', message: 'the parser has no shop to record the offer in' }]);
    const country = await q.productCountry(productId);
    if (country === null) throw validationFailed([{ path: 'productId', message: `unknown product: ${productId}` }]);
    if (country !== row.country) throw validationFailed([{ path: 'productId', message: `a product of ${country}, the parser's country is ${row.country}` }]);
    let result = { written: 0, held: 0 };
    await db.transaction(async (t) => {
      if (!(await q.markUnmatched(row.id, 'accepted', user.id, productId, t))) throw new AppError(409, 'conflict', 'already_decided');
      const r = await applyAcceptance(q, row, productId, shopId, guardShare(), t);
      result = { written: r.written, held: r.held };
    });
    if (result.written > 0) void onPricesWritten(db, [{ productId, shopId }]);
    return result;
  }

  return {
    async list(user: AuthUser, parserId: number, limit: number, skip: number): Promise<{ items: UnmatchedPage[]; total: number }> {
      await visibleParser(user, parserId, false);
      const { rows, total } = await q.listUnmatched(parserId, limit, skip);
      const items: UnmatchedPage[] = [];
      for (const r of rows) items.push(await withSuggestions(r));
      return { items, total };
    },

    async accept(user: AuthUser, parserId: number, itemId: number, productId: number): Promise<UnmatchedDecision> {
      const row = await pageOf(user, parserId, itemId, true);
      if (row.decision) throw new AppError(409, 'conflict', 'already_decided');
      const r = await accept(user, row, productId);
      return { item: await withSuggestions((await q.unmatchedRow(itemId))!), ...r };
    },

    async reject(user: AuthUser, parserId: number, itemId: number): Promise<UnmatchedDecision> {
      const row = await pageOf(user, parserId, itemId, true);
      if (row.decision || !(await q.markUnmatched(itemId, 'rejected', user.id, null))) throw new AppError(409, 'conflict', 'already_decided');
      return { item: await withSuggestions((await q.unmatchedRow(itemId))!), written: 0, held: 0 };
    },

    /** The top suggestion of every waiting page scoring at least minScore; pages decided meanwhile are skipped. */
    async acceptTop(user: AuthUser, parserId: number, minScore: number): Promise<UnmatchedBulkAccept> {
      await visibleParser(user, parserId, true);
      const { rows } = await q.listUnmatched(parserId, BULK_LIMIT, 0);
      const total = { accepted: 0, written: 0, held: 0 };
      for (const row of rows) {
        const [top] = await suggestionsFor(q, row);
        if (!top || top.score < minScore) continue;
        try {
          const r = await accept(user, row, top.productId);
          total.accepted++;
          total.written += r.written;
          total.held += r.held;
        } catch (err) {
          if (!(err instanceof AppError && err.statusCode === 409)) throw err;
        }
      }
      return total;
    },
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;
