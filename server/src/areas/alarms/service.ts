/**
 * The rules of the Alarms area (docs/alarms.md), one sub-service per sub-domain: alarms themselves
 * (service-alarms.ts), imports (service-import.ts), the export (service-export.ts) and firings with
 * the notification settings (service-events.ts), over the checks and row rendering of
 * service-common.ts; this file builds them together. Evaluation is evaluate.ts and hook.ts; e-mails
 * notify.ts; HTTP routes.ts.
 */
import type { Db } from '../../db/client';
import type { FileStore } from '../../core/file-store';
import { shopDirectory } from '../../core/shop-directory';
import { createAlarmsQueries } from './queries';
import { createAlarmsCrud } from './service-alarms';
import { createAlarmsCommon, type AlarmsContext } from './service-common';
import { createEventsService } from './service-events';
import { createExportService } from './service-export';
import { createImportService } from './service-import';

export function createAlarmsService(db: Db, files: FileStore) {
  const context: AlarmsContext = { db, queries: createAlarmsQueries(db), files, directory: () => shopDirectory(db).get() };
  const common = createAlarmsCommon(context);
  return {
    queries: context.queries,
    renderPrice: common.renderPrice,
    renderProduct: common.renderProduct,
    ...createAlarmsCrud(context, common),
    ...createImportService(context, common),
    ...createExportService(context, common),
    ...createEventsService(context, common),
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
