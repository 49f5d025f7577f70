/**
 * Writes of parser definitions (docs/parsers.md "Editing parsers"), typed builder over
 * db/schema/parsers.ts. Times are the database's `now()`, as the runs' are. Each write takes the
 * caller's transaction when it runs inside one.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parserRuns, parsers } from '../../db/schema';

type NewParser = Pick<typeof parsers.$inferInsert, 'code' | 'name' | 'networkId' | 'shopId' | 'country' | 'definition' | 'schedule' | 'enabled'>;
/** Fields left undefined stay as they are. */
type ParserChanges = Partial<Pick<NewParser, 'code' | 'name' | 'schedule' | 'enabled' | 'definition'>>;

const notDeleted = (id: number) => and(eq(parsers.id, id), isNull(parsers.deletedAt));

export function createParserEditingQueries(db: Db) {
  return {
    /** The new parser's id; a code already used fails with PostgreSQL's unique violation. */
    async insertParser(values: NewParser, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(parsers).values(values).returning({ id: parsers.id });
      return row!.id;
    },

    /** False when the parser is gone or deleted. */
    async updateParser(id: number, changes: ParserChanges, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(parsers)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(notDeleted(id))
        .returning({ id: parsers.id });
      return rows.length > 0;
    },

    /**
     * Marks the parser deleted and frees its code for a new parser (the tombstone keeps a unique code of
     * its own); false when it was deleted already.
     */
    async tombstoneParser(id: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(parsers)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, enabled: false, code: sql`${parsers.code} || '~deleted-' || ${parsers.id}` })
        .where(notDeleted(id))
        .returning({ id: parsers.id });
      return rows.length > 0;
    },

    /** The parser's own queued runs end as failed with this reason; a scraper request's run is left to its request. */
    async failQueuedRuns(parserId: number, failure: string, tx: Db = db): Promise<void> {
      await tx
        .update(parserRuns)
        .set({ status: 'failed', finishedAt: sql`now()`, failure })
        .where(and(eq(parserRuns.parserId, parserId), eq(parserRuns.status, 'queued'), ne(parserRuns.trigger, 'scraper')));
    },
  };
}
