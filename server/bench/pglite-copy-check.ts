/**
 * `tsx bench/pglite-copy-check.ts <PGlite dir>` (bench-only): does PGlite compute the kept analytics rows that
 * bench/pglite-copy.ts copied from PostgreSQL? Hashes every kept table (double-precision sums rounded: their last bits
 * follow the order of the additions), runs PGlite's own rebuilds (day totals, pair runs with the network runs, the price
 * index with the network day totals and product runs), hashes again and prints `same` or `DIFFERENT` per table. The
 * rebuilds are the slow part on a full catalogue (docs/analytics.md): run it on a small copy. Writes the directory.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const dir = process.argv[2];
if (!dir) throw new Error('usage: tsx bench/pglite-copy-check.ts <PGlite dir>');
const tables: Record<string, string> = {
  price_day_totals: 'day, shop_id, section_id, priced, promo, price_sum, round(depth_sum::numeric, 6), promo_starts',
  price_pair_runs: '*',
  price_network_runs: '*',
  price_product_runs: '*',
  price_network_days: 'day, network_id, section_id, products, round(avg_sum::numeric, 4)',
  price_network_pair_days: 'day, network_id, base_network_id, section_id, products, round(num::numeric, 4), round(den::numeric, 4)',
  price_day_extremes: '*',
  price_shop_days: '*',
  price_network_day_totals: 'day, network_id, section_id, priced, promo, price_sum, round(depth_sum::numeric, 6), promo_starts',
};
const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
async function hashes() {
  const out: Record<string, string> = {};
  for (const [t, cols] of Object.entries(tables)) {
    const { rows } = await db.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, md5(string_agg(r::text, '|' ORDER BY r::text)) AS h FROM (SELECT ${cols} FROM ${t}) r`,
    );
    out[t] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return out;
}
const before = await hashes();
await db.exec(`SELECT price_day_totals_rebuild(); SELECT price_pair_runs_rebuild(); SELECT price_index_rebuild();`);
const after = await hashes();
for (const t of Object.keys(tables)) {
  const same = before[t] === after[t];
  if (!same) process.exitCode = 1;
  console.log(t, same ? `same (${before[t]!.split(':')[0]} rows)` : `DIFFERENT ${before[t]} vs ${after[t]}`);
}
await db.close();
