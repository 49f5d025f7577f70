/**
 * Reading an uploaded xlsx safely (docs/alarms.md "Import"): the multipart form is read with a byte
 * limit (413 past it); the file must be a zip whose central directory lists an xlsx workbook; every
 * entry is inflated once here with a cap on the total output (a zip bomb stops at the cap, whatever its
 * headers claim) before exceljs sees the bytes; exceljs itself runs inside try. Every refusal is a
 * 400 naming `file` with a code the screen translates.
 */
import { inflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
// Loaded when a sheet is read, not at every app start: exceljs is ~0.5 s of each server test file's import.
import type ExcelJS from 'exceljs';
import { ALARM_LIMITS } from '@pricewatch/shared/contract';
import { AppError, tooManyRequests, validationFailed } from '../../lib/errors';
import { createDbGate } from '../../plugins/overload';
import { readMultipart } from '../../lib/multipart';

export type Upload = { file: Buffer | null; filename: string | null; fields: Record<string, string> };

const fileError = (message: string) => validationFailed([{ path: 'file', message }]);

/** Fields an import form may carry besides `file` (shops, originalShopId, start, end, isPromoAdded, preview). */
const IMPORT_MAX_FIELDS = 10;

/**
 * Reads the form (src/lib/multipart.ts): the one file part `file` into memory (at most maxBytes, past
 * it 413), the other parts as fields; a broken form is 400, never 500.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number = ALARM_LIMITS.importMaxBytes): Promise<Upload> {
  const form = await readMultipart(request, {
    fileFields: ['file'],
    maxFileBytes: maxBytes,
    maxFields: IMPORT_MAX_FIELDS,
    notMultipart: () => validationFailed([{ path: 'body', message: 'expected a multipart form' }]),
  });
  const file = form.files.get('file');
  return { file: file?.data ?? null, filename: file?.filename ?? null, fields: form.fields };
}

type ZipEntry = { name: string; method: number; crc: number; compressed: number; uncompressed: number; localOffset: number };

/** The central directory of a zip, or null when the bytes are not one. */
function zipEntries(buf: Buffer): ZipEntry[] | null {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count > ALARM_LIMITS.importMaxEntries) throw fileError('xlsx_too_large');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressed: buf.readUInt32LE(p + 20),
      uncompressed: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Deeper than any workbook nests (a sheet's rich text is ~8 levels); each level costs the XML parser memory. */
const XML_MAX_DEPTH = 100;
/** Longer than any workbook's tag; a tag's attributes are all held at once. */
const XML_MAX_TAG_BYTES = 64 * 1024;

/**
 * False when XML nests deeper than XML_MAX_DEPTH or holds a tag longer than XML_MAX_TAG_BYTES. Within
 * the size caps such shapes still cost a lot: 15 KB of zip nesting two million levels took ~700 MB to
 * parse, a million attributes on one tag ~240 MB. Counts tags as a parser does (quoted `>` and `/>` do
 * not end a tag; comments, CDATA, declarations and processing instructions are not tags); malformed
 * XML passes here and is refused by the parser.
 */
function xmlShapeOk(xml: Buffer): boolean {
  const LT = 0x3c;
  const GT = 0x3e;
  const SLASH = 0x2f;
  let depth = 0;
  let i = xml.indexOf(LT);
  while (i >= 0) {
    const next = xml[i + 1];
    if (next === 0x21 || next === 0x3f) {
      // <!-- -->, <![CDATA[ ]]>, <!DOCTYPE …>, <?…?>: skipped to their end.
      const head = xml.toString('latin1', i, i + 9);
      const end = head.startsWith('<!--')
        ? xml.indexOf('-->', i + 4)
        : head === '<![CDATA['
          ? xml.indexOf(']]>', i + 9)
          : next === 0x3f
            ? xml.indexOf('?>', i + 2)
            : xml.indexOf(GT, i);
      if (end < 0) return true;
      i = xml.indexOf(LT, end);
      continue;
    }
    let j = i + 1;
    let quote = 0;
    for (; j < xml.length; j++) {
      const b = xml[j]!;
      if (quote) {
        if (b === quote) quote = 0;
      } else if (b === 0x22 || b === 0x27) quote = b;
      else if (b === GT) break;
      if (j - i > XML_MAX_TAG_BYTES) return false;
    }
    if (next === SLASH) depth--;
    else if (xml[j - 1] !== SLASH && ++depth > XML_MAX_DEPTH) return false;
    i = xml.indexOf(LT, j);
  }
  return true;
}

const isXml = (name: string) => /\.(xml|rels)$/i.test(name);

/** An entry as checked: its central-directory record and the very bytes whose inflated size was measured. */
type CheckedEntry = ZipEntry & { data: Buffer };

/**
 * Checks that the bytes are a real, reasonably sized xlsx: zip magic, a central directory naming the
 * workbook, no zip64 or unknown compression, and the entries' real inflated size within the limit.
 * Answers the entries it checked (readSheet reads those and nothing else).
 */
export function checkXlsx(buf: Buffer | null): CheckedEntry[] {
  if (!buf) throw fileError('file_required');
  if (buf.length === 0) throw fileError('empty_file');
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw fileError('not_xlsx');
  const entries = zipEntries(buf);
  if (!entries) throw fileError('not_xlsx');
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw fileError('not_xlsx');
  let budget: number = ALARM_LIMITS.importMaxUnpackedBytes;
  const checked: CheckedEntry[] = [];
  for (const e of entries) {
    if (e.compressed === 0xffffffff || e.uncompressed === 0xffffffff) throw fileError('xlsx_too_large');
    if (e.uncompressed > budget || e.uncompressed > ALARM_LIMITS.importMaxEntryBytes) throw fileError('xlsx_too_large');
    if (e.localOffset + 30 > buf.length || buf.readUInt32LE(e.localOffset) !== 0x04034b50) throw fileError('not_xlsx');
    const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
    const data = buf.subarray(start, start + e.compressed);
    let unpacked: Buffer;
    if (e.method === 0) {
      if (data.length > ALARM_LIMITS.importMaxEntryBytes) throw fileError('xlsx_too_large');
      unpacked = data;
    } else if (e.method === 8) {
      try {
        // One entry may not unpack past its own cap either, whatever its header claims.
        const cap = Math.min(budget, ALARM_LIMITS.importMaxEntryBytes);
        unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, cap) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw fileError('xlsx_too_large');
        throw fileError('not_xlsx');
      }
    } else {
      throw fileError('not_xlsx');
    }
    budget -= unpacked.length;
    if (budget < 0) throw fileError('xlsx_too_large');
    if (isXml(e.name) && !xmlShapeOk(unpacked)) throw fileError('not_xlsx');
    checked.push({ ...e, data });
  }
  return checked;
}

/**
 * The checked entries as a zip of their own, for exceljs's streaming reader. That reader walks local
 * headers in order and would also read an entry the central directory does not list (hidden in front,
 * never checked: a 1.5 MB upload unpacking to 600 MB); rewritten, the stream holds exactly the bytes
 * checkXlsx measured, under headers that say their real sizes (a copy of at most the upload's size).
 */
function checkedZip(entries: CheckedEntry[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(e.method, 10);
    record.writeUInt32LE(e.crc, 16);
    record.writeUInt32LE(e.data.length, 20);
    record.writeUInt32LE(e.uncompressed, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    chunks.push(local, name, e.data);
    central.push(record, name);
    offset += 30 + name.length + e.data.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}

type SheetRow = { row: number; cells: Record<string, string> };

/**
 * Longer than any value an import reads (codes, rules, numbers; names are cut at 120): a longer cell is
 * cut here, so one huge shared string in every row is neither looked up nor echoed in the preview 5000 times.
 */
const CELL_MAX_CHARS = 256;

const cellText = (value: ExcelJS.CellValue): string => fullCellText(value).slice(0, CELL_MAX_CHARS);

function fullCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (v.richText)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return String(v.text).trim();
    if (v.result !== undefined) return String(v.result).trim();
    return '';
  }
  return String(value).trim();
}

/**
 * The first sheet as rows keyed by lower-case header. 400 `wrong_columns` unless every `required`
 * column group has one of its names; `no_rows` for a sheet without data; `too_many_rows` past the limit.
 * Read as a stream (exceljs's WorkbookReader): rows are taken one by one and reading stops past the row
 * limit, so memory follows the rows kept, not the workbook's unpacked size (issue 13, item 9).
 */
export async function readSheet(buf: Buffer, required: string[][], maxRows: number = ALARM_LIMITS.importMaxRows): Promise<SheetRow[]> {
  const entries = checkXlsx(buf);
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([checkedZip(entries)]), {
    sharedStrings: 'cache',
    styles: 'cache', // date cells are told apart by their number format
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const header = new Map<number, string>();
  const rows: SheetRow[] = [];
  let sawSheet = false;
  let sawHeader = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!sawHeader) {
          // The first row present is the header, wherever it is (exceljs skips empty rows).
          sawHeader = true;
          row.eachCell((cell, col) => {
            const name = cellText(cell.value).toLowerCase();
            if (name) header.set(col, name);
          });
          const names = new Set(header.values());
          const missing = required.filter((group) => !group.some((n) => names.has(n)));
          if (missing.length) {
            throw validationFailed([{ path: 'file', message: 'wrong_columns' }, ...missing.map((g) => ({ path: `file.${g[0]}`, message: 'missing_column' }))]);
          }
          continue;
        }
        const cells: Record<string, string> = {};
        let any = false;
        row.eachCell((cell, col) => {
          const name = header.get(col);
          if (!name) return;
          const text = cellText(cell.value);
          if (text) any = true;
          cells[name] = text;
        });
        if (!any) continue;
        rows.push({ row: row.number, cells });
        if (rows.length > maxRows) throw fileError('too_many_rows');
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fileError('not_xlsx');
  }
  if (!sawSheet || !sawHeader) throw fileError('no_rows');
  if (!header.size) throw validationFailed([{ path: 'file', message: 'wrong_columns' }]);
  if (!rows.length) throw fileError('no_rows');
  return rows;
}

/**
 * Imports parse workbooks (CPU and memory): a few at a time per process, a short queue behind them, and
 * past that 429 with Retry-After rather than a server that slows down for everyone.
 */
export const IMPORT_CONCURRENCY = 2;
export const IMPORT_QUEUE = 4;
const importGate = createDbGate({
  concurrency: IMPORT_CONCURRENCY,
  maxPending: IMPORT_QUEUE,
  maxWaitMs: Number.POSITIVE_INFINITY, // an admitted upload waits its turn; only a full queue is refused
  refusal: tooManyRequests,
});

/** The import queue's state now (tests, diagnostics). */
export const importGateState = () => ({ running: importGate.running, pending: importGate.pending });

export async function withImportSlot<T>(fn: () => Promise<T>): Promise<T> {
  const release = await importGate.enter();
  try {
    return await fn();
  } finally {
    release();
  }
}
