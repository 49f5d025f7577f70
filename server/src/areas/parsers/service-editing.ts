/**
 * A parser's definition (docs/parsers.md "Editing parsers"): read for the editor, created, edited,
 * deleted (a tombstone) and tried on one page.
 */
import type { ParserDetail, ParserTryResult } from '@pricewatch/shared/contract';
import { parserDefinitionSchema, type parserCreateBodySchema, type parserTryBodySchema, type parserUpdateBodySchema } from '@pricewatch/shared/contract';
import type { z } from 'zod';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { toDetail, type ParsersAccess, type ParsersContext } from './service-common';
import { withTrySlot } from './try-slots';

const PG_UNIQUE_VIOLATION = '23505';
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
};
const codeTaken = () => validationFailed([{ path: 'code', message: 'code already used by another parser' }]);

export function createEditingService({ db, q, addressPolicy }: ParsersContext, access: ParsersAccess) {
  const { assertArea, assertMayEdit, visibleParser, mayEditNetwork, shopForEditing, checkAddresses, checkSelectors } = access;
  return {
    /** One parser with its definition, for the editor: whoever sees parsers of its network. */
    async detail(user: AuthUser, id: number): Promise<ParserDetail> {
      assertArea(user);
      const p = await q.parser(id);
      if (!p || p.deletedAt) throw notFound('parser');
      const row = await visibleParser(user, p);
      // A JSON API shop's request may carry its key (headers, body): only those who may edit it see them.
      return toDetail(row, await mayEditNetwork(user, row.networkId));
    },

    /**
     * Create, edit, delete (docs/parsers.md "Editing parsers"): those who may force-start the parser —
     * provider staff, network users with parser rights for their own network's parsers; never guests.
     */
    async create(user: AuthUser, body: z.output<typeof parserCreateBodySchema>): Promise<ParserDetail> {
      const shop = await shopForEditing(user, body.shopId);
      checkAddresses(body.definition);
      checkSelectors(body.definition);
      try {
        const id = await q.insertParser({
          code: body.code,
          name: body.name,
          networkId: shop.networkId,
          shopId: shop.id,
          country: shop.country,
          definition: body.definition,
          schedule: body.schedule,
          enabled: body.enabled,
        });
        return toDetail((await q.parser(id))!);
      } catch (err) {
        if (pgCode(err) === PG_UNIQUE_VIOLATION) throw codeTaken();
        throw err;
      }
    },

    async update(user: AuthUser, id: number, body: z.output<typeof parserUpdateBodySchema>): Promise<ParserDetail> {
      assertMayEdit(user);
      const p = await q.parser(id);
      if (!p || p.deletedAt) throw notFound('parser');
      await visibleParser(user, p);
      if (!(await mayEditNetwork(user, p.networkId))) throw forbidden();
      if (body.definition) {
        checkAddresses(body.definition);
        checkSelectors(body.definition);
      }
      try {
        // Deleted meanwhile → 404; two edits at once: each is whole, the later one stays.
        const { code, name, schedule, enabled, definition } = body;
        if (!(await q.updateParser(id, { code, name, schedule, enabled, definition }))) throw notFound('parser');
      } catch (err) {
        if (pgCode(err) === PG_UNIQUE_VIOLATION) throw codeTaken();
        throw err;
      }
      return toDetail((await q.parser(id))!);
    },

    /**
     * A tombstone, not a DELETE (parser_runs would cascade): the parser leaves lists, schedules and force
     * start, its code is freed for a new parser, its runs, results and prices stay; runs still queued fail.
     */
    async remove(user: AuthUser, id: number): Promise<{ _id: string; deleted: true }> {
      assertMayEdit(user);
      const p = await q.parser(id);
      if (!p || p.deletedAt) throw notFound('parser');
      await visibleParser(user, p);
      if (!(await mayEditNetwork(user, p.networkId))) throw forbidden();
      await db.transaction(async (t) => {
        if (!(await q.tombstoneParser(id, t))) throw notFound('parser');
        await q.failQueuedRuns(id, 'parser deleted', t);
      });
      return { _id: String(id), deleted: true };
    },

    /**
     * "Try on a URL" (docs/parsers.md): the definition run on one page for the editor, by those who may
     * create a parser for the shop; nothing is written. `leaveDbQueue` gives the request's database slot
     * back once the rights are checked (a browser may take seconds; the try needs no database after).
     * One try at a time per user with one waiting, a few per process: past that 429 too_many_requests.
     */
    async tryOn(user: AuthUser, body: z.output<typeof parserTryBodySchema>, leaveDbQueue: () => void = () => undefined): Promise<ParserTryResult> {
      const shop = await shopForEditing(user, body.shopId);
      checkSelectors(body.definition);
      leaveDbQueue();
      // The engine (Crawlee, got-scraping, Playwright) loads at the first try, not at every app start.
      const { tryDefinition } = await import('./try');
      return withTrySlot(user.id, () => tryDefinition(body.definition, body.url, { country: shop.country, policy: addressPolicy() }));
    },

    /** For the CLI and tests: a definition as the engine would take it, or the 400 naming what is wrong. */
    parseDefinition(value: unknown) {
      const r = parserDefinitionSchema.safeParse(value);
      if (!r.success) throw validationFailed(r.error.issues.map((i) => ({ path: ['definition', ...i.path].join('.'), message: i.message })));
      return r.data;
    },
  };
}
