// Every table of the database, a file per area. drizzle-kit reads this folder (drizzle.config.ts) and
// the app passes these exports to drizzle; after a change: `pnpm run db:generate` (docs/database.md).
export * from './directory';
export * from './auth';
export * from './catalogue';
export * from './files';
export * from './exports';
export * from './parsers';
export * from './leaflets';
export * from './alarms';
export * from './matching';
export * from './translations';
export * from './analytics';
