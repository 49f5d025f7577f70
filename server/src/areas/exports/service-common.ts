/**
 * What the Exports services share (docs/exports.md): the context they are built from, the answers'
 * shapes and the small rules more than one of them applies.
 */
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_EXTENSION, type ExportRequest } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs';
import { AppError } from '../../lib/errors';
import type { ShopDirectory } from '../../core/shop-directory';
import type { ExportQueries, RequestRow } from './queries';
import type { ExportRunner } from './runner';

export const conflict = (message: string) => new AppError(409, 'conflict', message);

export const userRef = (id: string | null, name: string | null) => (id && name ? { _id: id, name } : null);

/** What each sub-service of the area is built from (service.ts builds it once). */
export type ExportsContext = {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  queries: ExportQueries;
  directory: ShopDirectory;
  runner: ExportRunner;
};

// ---- answers (also the home page's exports tile) ---------------------------------------------------

/**
 * GET /data/{file} lets read an export's file whoever may read its request (files/readers.ts), and
 * only such a caller gets the request here: a finished file is theirs to download.
 */
function mayDownload(r: RequestRow): boolean {
  return r.state === 'done' && !!r.file;
}

export function toRequest(r: RequestRow): ExportRequest {
  return {
    _id: String(r.id),
    name: r.name,
    type: r.type as ExportRequest['type'],
    state: r.state as ExportRequest['state'],
    progress: r.state === 'done' ? 100 : Number(r.progress),
    rowsWritten: Number(r.rows_written),
    rowsExpected: Number(r.rows_expected),
    error: r.error,
    errorMessage: r.error_message,
    file: r.state === 'done' ? r.file : null,
    // Every export file is written as EXPORT_EXTENSION (runner.ts stores the same).
    extension: r.state === 'done' ? EXPORT_EXTENSION : null,
    size: r.state === 'done' ? r.size : null,
    downloadable: mayDownload(r),
    start: r.start_day,
    end: r.end_day,
    productsCount: Number(r.products_count),
    shopsCount: Number(r.shops_count),
    template: r.template_id !== null || r.template_name ? { _id: r.template_id === null ? '' : String(r.template_id), name: r.template_name ?? '' } : null,
    scheduleId: r.schedule_id === null ? null : String(r.schedule_id),
    network: r.network_code,
    createdBy: userRef(r.owner_id, r.owner_name),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    updatedAt: r.updated_at,
  };
}
