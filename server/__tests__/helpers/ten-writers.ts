/**
 * Ten observation batches written at once, each in its own transaction — the concurrent-writer case of the kept
 * price tables' tests (network runs, price index).
 */
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import type { Db } from '../../src/db/client';

/** Ten batches over one network's shops: a shop's observations split across batches when it has fewer than ten. */
export function inTenBatches(perShop: Observation[][]): Observation[][] {
  const shops = perShop.length;
  return Array.from({ length: 10 }, (_, b) => {
    const k = b % shops;
    const parts = Math.ceil((10 - k) / shops);
    const part = Math.floor(b / shops);
    return perShop[k]!.filter((_, j) => j % parts === part);
  });
}

/** Writes the ten batches at once; none may fail. */
export async function recordTenAtOnce(db: Db, batches: Observation[][]): Promise<void> {
  expect(batches).toHaveLength(10);
  const results = await Promise.allSettled(batches.map((b) => db.transaction((tx) => recordObservations(tx as unknown as Db, b))));
  const failed = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
  expect(failed.map((x) => String((x.reason as Error & { cause?: Error }).cause?.message ?? x.reason))).toEqual([]);
}
