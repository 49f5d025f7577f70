/**
 * The one reader of multipart forms (leaflet pictures, alarm imports): per-route limits, files into
 * memory, and every way a form can be broken mapped to a 4xx — never a 500:
 * - not multipart: the route's own error (415 for leaflets, 400 for alarm imports);
 * - `Content-Length` over the route's budget (its files' bytes + 1 MB): 413 naming the file field,
 *   before anything is read;
 * - a file over `maxFileBytes`: 413 naming that file's field;
 * - a file part whose name is not one of the route's, or one of them twice: 400 naming it
 *   (`unexpected_file`, `duplicate_field`); a text field where a file is expected: `expected_file`;
 *   a field given twice: 400 naming it (`duplicate_field`);
 *   a field over the global fieldSize: 400 naming it (`too_long`); a NUL in a field: 400 naming it;
 * - more fields or parts than the route allows: 400 naming `body` (`too_many_fields`);
 * - anything busboy refuses (truncated body, no boundary, malformed headers): 400 naming `body`
 *   (`invalid_multipart`).
 * At most maxFiles files (each at most maxFileBytes) are ever held in memory.
 */
import type { FastifyRequest } from 'fastify';
import { NUL_MESSAGE } from '@pricewatch/shared/contract';
import { AppError, validationFailed } from './errors';

export type MultipartFile = { data: Buffer; filename: string | null };
export type MultipartForm = { files: Map<string, MultipartFile>; fields: Record<string, string> };

export type MultipartOptions = {
  /** Names of the file parts the route reads, each at most once. */
  fileFields: readonly string[];
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Non-file fields. */
  maxFields: number;
  /** The route's answer to a request that is not multipart. */
  notMultipart: () => Error;
};

/** Headroom of a request's Content-Length over its files' bytes (field values, part headers). */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export const fileTooLarge = (field: string) => new AppError(413, 'payload_too_large', 'file_too_large', [{ path: field, message: 'file_too_large' }]);

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_PARTS_LIMIT: 'too_many_fields',
};

export async function readMultipart(request: FastifyRequest, opts: MultipartOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw opts.notMultipart();
  const maxFiles = opts.fileFields.length;
  const firstFile = opts.fileFields[0] ?? 'body';
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > opts.maxFileBytes * Math.max(1, maxFiles) + MULTIPART_OVERHEAD_BYTES) {
    throw fileTooLarge(firstFile);
  }
  const form: MultipartForm = { files: new Map(), fields: {} };
  let current = firstFile;
  try {
    // One file part more than the route reads is let through busboy, so it can be named in the refusal.
    const limits = { fileSize: opts.maxFileBytes, files: maxFiles + 1, fields: opts.maxFields, parts: maxFiles + 1 + opts.maxFields };
    for await (const part of request.parts({ limits })) {
      current = part.fieldname;
      if (part.type === 'file') {
        const refuse = (message: string) => {
          part.file.resume();
          return validationFailed([{ path: part.fieldname, message }]);
        };
        if (!opts.fileFields.includes(part.fieldname)) throw refuse('unexpected_file');
        if (form.files.has(part.fieldname)) throw refuse('duplicate_field');
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > opts.maxFileBytes) {
            part.file.resume();
            throw fileTooLarge(part.fieldname);
          }
          chunks.push(chunk);
        }
        if (part.file.truncated) throw fileTooLarge(part.fieldname);
        form.files.set(part.fieldname, { data: Buffer.concat(chunks), filename: part.filename ?? null });
      } else {
        if (opts.fileFields.includes(part.fieldname)) throw validationFailed([{ path: part.fieldname, message: 'expected_file' }]);
        if (Object.hasOwn(form.fields, part.fieldname)) throw validationFailed([{ path: part.fieldname, message: 'duplicate_field' }]);
        if (part.valueTruncated) throw validationFailed([{ path: part.fieldname, message: 'too_long' }]);
        const value = String(part.value ?? '');
        // The rule of every request string (src/plugins/no-nul.ts), for the text fields it cannot see.
        if (value.includes('\u0000')) throw validationFailed([{ path: part.fieldname, message: NUL_MESSAGE }]);
        form.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(current);
    const limit = typeof code === 'string' ? LIMIT_MESSAGES[code] : undefined;
    if (limit) throw validationFailed([{ path: 'body', message: limit }]);
    request.log.info({ err: error }, 'multipart: refused a broken form');
    throw validationFailed([{ path: 'body', message: 'invalid_multipart' }]);
  }
  return form;
}
