/**
 * Who may read a stored file (GET /data/{file}): exactly those who may read the request that made it
 * (issue 13). Each kind of file names the route whose rule decides (route-rules.ts, the same predicates
 * as the menu) and which rows of that area the caller sees; a hunter-limit user, who may not read export
 * requests, cannot download another user's export either.
 */
import type { Rule } from '../../access/predicates';
import type { AuthUser } from '../../core/session-user';
import type { ExportQueries } from '../exports/plugin';
import type { FileRecord } from '../../core/file-store';

type FileSource = {
  /** The route (as in route-rules.ts) whose rule the reader must pass. */
  route: string;
  /**
   * Which files of that kind the caller sees: `export-request` — those of export requests the caller
   * sees (exports/queries.ts requestScope: the own network's, the provider's staff all); `shared` — the
   * caller's own, the own client network's, the provider's for provider users; `owner` — the caller's.
   */
  rows: 'export-request' | 'shared' | 'owner';
};

/** Every kind `files.create(kind, …)` writes. A kind missing here is readable by its owner only. */
const FILE_SOURCES: Record<string, FileSource> = {
  export: { route: 'GET /export/get/:id', rows: 'export-request' },
  products: { route: 'GET /products/export', rows: 'shared' },
  'parser-run': { route: 'GET /parsers/runs/:id/results', rows: 'shared' },
  leaflets: { route: 'POST /leaflets/export', rows: 'shared' },
  'promo-analysis': { route: 'POST /promo-analysis/export', rows: 'shared' },
  // Alarms are personal ("own alarms"): so are their exports.
  'price-alarms': { route: 'POST /price-alarms/export', rows: 'owner' },
  'product-alarms': { route: 'POST /price-products-alarms/export', rows: 'owner' },
};

type FileReaderDeps = {
  /** The exports area's queries (fastify.exports): who sees an export request's file. */
  exportQueries: ExportQueries;
  /** The access plugin's lookup of a route's rule (fastify.accessRuleFor). */
  ruleFor: (method: string, url: string) => Rule | undefined;
  country: string;
};

export function createFileReaders({ exportQueries, ruleFor, country }: FileReaderDeps) {
  const passes = (route: string, user: AuthUser): boolean => {
    const space = route.indexOf(' ');
    const rule = ruleFor(route.slice(0, space), route.slice(space + 1));
    if (!rule) return false; // a renamed route must not open its files to everyone
    return rule.public === true || rule.test(user.profile, { country });
  };

  /** True when `user` may read the file `record` describes. */
  return async function mayRead(user: AuthUser, record: FileRecord): Promise<boolean> {
    const own = record.ownerId === user.id;
    const source = FILE_SOURCES[record.kind];
    if (!source) return own;
    if (!passes(source.route, user)) return false;
    switch (source.rows) {
      case 'owner':
        return own;
      case 'shared':
        return own || (user.isProvider ? record.provider : !record.provider && record.networkId !== null && record.networkId === user.networkId);
      case 'export-request':
        return (await exportQueries.requestIdOfFile(record.name, user)) !== null;
    }
  };
}

export type FileReader = ReturnType<typeof createFileReaders>;
