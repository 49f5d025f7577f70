/**
 * Parsers (spec §7 "Parsers"; visibility §6), one sub-service per sub-domain: the list, schedules,
 * force start and runs (service-runs.ts), held suspicious prices (service-suspicious.ts) and editing
 * definitions (service-editing.ts), over the access rules and row mappings of service-common.ts; this
 * file builds them together. Rules (docs/parsers.md): provider staff and network users whose
 * exportDetails.access holds `parser`; each sees the parsers of the networks visible to it; guests
 * look but do not start runs.
 */
import type { Db } from '../../db/client';
import type { FileStore } from '../../core/file-store';
import type { AddressPolicy } from '../../scraping/address';
import type { ParsersQueries } from './queries';
import { createParsersAccess, type ParsersContext } from './service-common';
import { createEditingService } from './service-editing';
import { createRunsService } from './service-runs';
import { createSuspiciousService } from './service-suspicious';

export { canSeeParsers } from './service-common';

export function createParsersService(
  db: Db,
  q: ParsersQueries,
  files: FileStore,
  onQueued: (runIds: number[]) => void,
  /** The runs' address policy (demo shops' origins arrive after start). */
  addressPolicy: () => AddressPolicy = () => ({}),
) {
  const context: ParsersContext = { db, q, files, onQueued, addressPolicy };
  const access = createParsersAccess(context);
  return {
    visibleNetworkIds: access.visibleNetworkIds,
    ...createRunsService(context, access),
    ...createSuspiciousService(context, access),
    ...createEditingService(context, access),
  };
}

export type ParsersService = ReturnType<typeof createParsersService>;
