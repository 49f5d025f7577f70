/**
 * The rules of the Leaflets area (docs/leaflets.md), one sub-service per sub-domain: leaflets themselves
 * (service-leaflets.ts), pages (service-pages.ts), prices (service-prices.ts), statistics
 * (service-statistics.ts) and the xlsx export (service-export.ts), over the access rules and row
 * mappings of service-common.ts; this file builds them together. Writes run in one transaction each,
 * pictures are stored before their row and removed when the row could not be written (and after the
 * commit that deleted their rows). Recognition (a job) is recognition.ts; HTTP is routes.ts.
 */
import type { Db } from '../../db/client';
import type { FileStore } from '../../core/file-store';
import type { PictureStore } from './pictures';
import { createLeafletsQueries } from './queries';
import { createLeafletAccess, type LeafletsContext } from './service-common';
import { createExportService } from './service-export';
import { createLeafletsCrud } from './service-leaflets';
import { createPagesService } from './service-pages';
import { createPricesService } from './service-prices';
import { createStatisticsService } from './service-statistics';

export function createLeafletsService(db: Db, pictures: PictureStore, files: FileStore) {
  const context: LeafletsContext = { db, queries: createLeafletsQueries(db), pictures, files };
  const access = createLeafletAccess(context);
  return {
    /** For recognition.ts, the area's own job; routes use the calls below. */
    queries: context.queries,
    visibleLeaflet: access.visibleLeaflet,
    ...createLeafletsCrud(context, access),
    ...createPagesService(context, access),
    ...createPricesService(context, access),
    ...createStatisticsService(context, access),
    ...createExportService(context),
  };
}

export type LeafletsService = ReturnType<typeof createLeafletsService>;
