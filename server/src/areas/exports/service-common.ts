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
    progress: r.state === 'done' ? 100 : r.progress,
    rowsWritten: r.rowsWritten,
    rowsExpected: r.rowsExpected,
    error: r.error,
    errorMessage: r.errorMessage,
    file: r.state === 'done' ? r.file : null,
    // Every export file is written as EXPORT_EXTENSION (runner.ts stores the same).
    extension: r.state === 'done' ? EXPORT_EXTENSION : null,
    size: r.state === 'done' ? r.size : null,
    downloadable: mayDownload(r),
    start: r.startDay,
    end: r.endDay,
    productsCount: r.productsCount,
    shopsCount: r.shopsCount,
    template: r.templateId !== null || r.templateName ? { _id: r.templateId === null ? '' : String(r.templateId), name: r.templateName ?? '' } : null,
    scheduleId: r.scheduleId === null ? null : String(r.scheduleId),
    network: r.networkCode,
    createdBy: userRef(r.ownerId, r.ownerName),
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}
