/** Names the golden databases (golden.ts) share between jest's global setup, its workers and teardown. */
export const GOLDEN_DIR_ENV = 'PRICEWATCH_GOLDEN_DIR';
export const GOLDEN_RUN_ENV = 'PRICEWATCH_GOLDEN_RUN';
/** Set by jest.db.config.cjs: its global setup builds the default golden. */
export const GOLDEN_PREBUILD_ENV = 'PRICEWATCH_GOLDEN_PREBUILD';
/** PostgreSQL database names: `<prefix><jest's pid>_<random>_…`, so a dead run's leftovers can be told apart. */
export const GOLDEN_DB_PREFIX = 'pwg_';
export const CLONE_DB_PREFIX = 'pwc_';
