/**
 * The export file writer: exceljs's streaming WorkbookWriter (no styles, no shared strings) with
 * backpressure. exceljs hands every 64 KB of sheet XML to the zip stream without waiting, so a writer
 * that never yields keeps the whole sheet in memory until the end (hundreds of MB for a million rows).
 * Here, after each batch of rows, we wait while more than HIGH_WATER bytes are queued in front of the
 * compressor — memory stays flat whatever the size, and compression runs beside row building.
 *
 * The file is written under a temporary name in `<files>/tmp/` and only moved to its final name by
 * finish(); abort() deletes it. GET /data/{file} can never serve a half-written file: it serves only
 * names recorded in the files table, which happens after the move.
 */
import { once } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
// Loaded by create(), not at every app start: exceljs is ~0.5 s of each server test file's import.
import type ExcelJS from 'exceljs';

/** Bytes queued in front of the zip compressor before row writing waits. */
export const HIGH_WATER = 4 * 1024 * 1024;
/** Rows added between two backpressure checks. */
const CHECK_EVERY = 64;

export type Cell = string | number | boolean | null | undefined;
export type SheetColumn = { header: string; width?: number };

type Piped = {
  _writableState?: { length: number };
  _readableState?: { length: number };
  once: (e: string, f: () => void) => void;
  off: (e: string, f: () => void) => void;
};
type StreamBufLike = { buffers: { length: number }[]; pipes: Piped[] };
type SheetLike = ExcelJS.Worksheet & { stream: StreamBufLike & NodeJS.EventEmitter; commit(): void };

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique within the book. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export class XlsxStream {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: SheetLike | null = null;
  private sinceCheck = 0;
  private readonly names = new Set<string>();
  private closed = false;
  rows = 0;
  /** Times row writing waited for the compressor, and for how long in all (ms): for the bench. */
  stalls = 0;
  stalledMs = 0;

  private constructor(
    readonly tmpPath: string,
    excel: typeof ExcelJS,
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ filename: tmpPath, useStyles: false, useSharedStrings: false });
  }

  /** A new workbook written to `<dir>/tmp/<name>.part`. */
  static async create(dir: string, name: string): Promise<XlsxStream> {
    const tmpDir = path.join(dir, 'tmp');
    const [{ default: excel }] = await Promise.all([import('exceljs'), mkdir(tmpDir, { recursive: true })]);
    return new XlsxStream(path.join(tmpDir, `${name}.part`), excel);
  }

  /** Starts a sheet (the previous one is committed first, once its data has been compressed). */
  async addSheet(title: string, columns: SheetColumn[]): Promise<void> {
    if (this.sheet) await this.commitSheet();
    const sheet = this.workbook.addWorksheet(sheetName(title, this.names)) as SheetLike;
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 14 }));
    this.sheet = sheet;
  }

  /** Adds rows (arrays of cell values, in column order); waits while the compressor is behind. */
  async addRows(rows: Cell[][]): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) throw new Error('addSheet first');
    for (const row of rows) {
      sheet.addRow(row).commit();
      if (++this.sinceCheck >= CHECK_EVERY) {
        this.sinceCheck = 0;
        await this.drain();
      }
    }
    this.rows += rows.length;
  }

  /** Bytes of sheet XML not yet taken by the compressor. */
  pending(): number {
    const stream = this.sheet?.stream;
    if (!stream) return 0;
    let n = 0;
    for (const b of stream.buffers) n += b.length;
    for (const p of stream.pipes) n += (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0);
    return n;
  }

  /**
   * Lets the compressor work, and waits until at most HIGH_WATER / 2 bytes are queued. Node's zlib
   * compresses on the thread pool but hands each chunk back on this thread: without a turn of the
   * event loop now and then it would only move during stalls, one after the other with row building.
   */
  async drain(): Promise<void> {
    if (this.pending() <= HIGH_WATER) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return;
    }
    const started = Date.now();
    this.stalls++;
    while (this.pending() > HIGH_WATER / 2) {
      const pipe = this.sheet?.stream.pipes[0];
      // 'drain' wakes us as soon as the compressor catches up; the timer covers a pipe that never
      // needed a drain (its queue sits on the readable side) or is not attached yet.
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          pipe?.off('drain', wake);
          resolve();
        };
        const timer = setTimeout(wake, pipe ? 20 : 5);
        pipe?.once('drain', wake);
      });
    }
    this.stalledMs += Date.now() - started;
  }

  private async commitSheet(): Promise<void> {
    const sheet = this.sheet;
    if (!sheet) return;
    this.sheet = null;
    const zipped = once(sheet.stream, 'zipped');
    sheet.commit();
    await zipped;
  }

  /** Completes the file and moves it to `finalPath`; answers its size in bytes. */
  async finish(finalPath: string): Promise<number> {
    if (this.sheet) {
      const sheet = this.sheet;
      this.sheet = null;
      sheet.commit();
    }
    await this.workbook.commit();
    this.closed = true;
    await rename(this.tmpPath, finalPath);
    return (await stat(finalPath)).size;
  }

  /** Stops writing and deletes the temporary file. Safe to call more than once. */
  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      const wb = this.workbook as unknown as {
        zip: { abort?: () => void };
        stream: NodeJS.WritableStream & { destroy?: () => void; once: (e: string, f: () => void) => void; closed?: boolean };
      };
      try {
        wb.zip.abort?.();
      } catch {
        // already finished or failed: nothing to stop
      }
      const out = wb.stream;
      if (out && !out.closed) {
        const closed = new Promise<void>((r) => out.once('close', r));
        out.destroy?.();
        await Promise.race([closed, delay(500)]);
      }
    }
    await rm(this.tmpPath, { force: true });
  }
}
