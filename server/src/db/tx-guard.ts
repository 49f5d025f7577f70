/**
 * No query on the root handle while a transaction is open in the same flow of work (issue 13).
 *
 * PGlite has one connection: a query on the root handle inside `db.transaction(...)` waits for the
 * transaction, which waits for the query — the whole server freezes. On PostgreSQL the same mistake takes
 * a second pool connection per request, and ten such requests at once exhaust the pool. So the root
 * handle refuses, at once and loudly, to start a query (or a nested transaction) from inside a
 * transaction's callback: the code must use the `tx` it was given. The scope ends when the callback
 * returns, so work the callback left running for after the commit may use the root handle again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { noteWrite } from './read-replicas';

type Scope = { open: boolean };
const scope = new AsyncLocalStorage<Scope>();

export class RootHandleInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} was called on the root database handle inside a transaction: use the transaction's handle`);
    this.name = 'RootHandleInTransactionError';
  }
}

/** Throws when called from inside an open transaction's callback (see the file comment). */
export function assertOutsideTransaction(what: string): void {
  if (scope.getStore()?.open) throw new RootHandleInTransactionError(what);
}

// Everything on a drizzle database that starts a query.
const QUERY_STARTERS = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'query',
  'with',
  '$with',
  '$count',
  'refreshMaterializedView',
]);

const WRITE_STARTERS = new Set<PropertyKey>(['insert', 'update', 'delete', 'refreshMaterializedView']);

type Transactional = { transaction: (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** The root handle, guarded: see the file comment. */
export function guardRootHandle<T extends object>(db: T): T {
  // drizzle's own method, kept apart from whatever is later set on the object (a test's spy).
  const transaction = (db as T & Transactional).transaction.bind(db);
  return new Proxy(db as T & Transactional, {
    get(target, prop) {
      // A test's spy (jest.spyOn) replaced the method on the database itself: hand it out as it is.
      if (prop === 'transaction' && Object.prototype.hasOwnProperty.call(target, 'transaction')) return target.transaction;
      if (prop === 'transaction') {
        return (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => {
          assertOutsideTransaction('db.transaction');
          noteWrite();
          const s: Scope = { open: true };
          return scope.run(s, () =>
            transaction(async (tx) => {
              try {
                return await fn(tx);
              } finally {
                s.open = false;
              }
            }, config),
          );
        };
      }
      if (QUERY_STARTERS.has(prop)) assertOutsideTransaction(`db.${String(prop)}`);
      // A request that writes reads the rest from the primary (db/read-replicas.ts).
      if (WRITE_STARTERS.has(prop)) noteWrite();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
