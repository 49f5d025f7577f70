/**
 * Leaflet page pictures (docs/leaflets.md "Files"): reading the upload with a byte limit, checking the
 * type by its first bytes and decoding it with sharp (a renamed or broken file is 400 `not_an_image`),
 * and storing it with its webp thumbnail under DATA_DIR/leaflets with generated names (written to a
 * temp name, then renamed). Nothing is written before the picture passed every check.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { LEAFLET_LIMITS, type LeafletImageType } from '@pricewatch/shared/contract';
import { AppError, validationFailed } from '../../lib/errors';
import { readMultipart, type MultipartForm } from '../../lib/multipart';

/** Stored names: 32 hex characters, then the type's extension (thumbnails: `-t.webp`). */
export const PICTURE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export const CONTENT_TYPE: Record<LeafletImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSION: Record<LeafletImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

const dirs = new WeakMap<object, string>();

/**
 * Where pictures live: DATA_DIR/leaflets, or — for an in-memory database — a folder of this app's own
 * in the temp dir (one per config object, so the demo seed and the routes of one app share it).
 */
export function leafletsDirOf(config: { dataDir: string }): string {
  let dir = dirs.get(config);
  if (!dir) {
    dir = config.dataDir.startsWith('memory://')
      ? path.join(tmpdir(), `pricewatch-leaflets-${process.pid}-${randomBytes(4).toString('hex')}`)
      : path.join(config.dataDir, 'leaflets');
    dirs.set(config, dir);
  }
  return dir;
}

export type Form = MultipartForm;

/** Other fields a leaflet form may carry besides its one file part. */
const LEAFLET_FORM_MAX_FIELDS = 4;

/**
 * Reads a leaflet form (src/lib/multipart.ts): at most one file part, named `fileField`, of at most
 * imageMaxBytes (past it 413 naming the field, nothing kept), and a few fields. Not multipart: 415;
 * a broken form: 400.
 */
export function readForm(request: FastifyRequest, fileField: 'image' | 'picture'): Promise<Form> {
  return readMultipart(request, {
    fileFields: [fileField],
    maxFileBytes: LEAFLET_LIMITS.imageMaxBytes,
    maxFields: LEAFLET_FORM_MAX_FIELDS,
    notMultipart: () => new AppError(415, 'unsupported_media_type', 'expected a multipart form'),
  });
}

/** The type from the first bytes, or null. */
function sniffType(buf: Buffer): LeafletImageType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type CheckedPicture = { data: Buffer; type: LeafletImageType; width: number; height: number; thumb: Buffer };

/**
 * The picture checked and decoded: 400 naming `field` with `not_an_image` (wrong first bytes, or sharp
 * cannot decode all of it), `image_too_large` (a side over imageMaxSide), `empty_file`. Makes the
 * thumbnail (webp, longest side thumbSide) — decoding the whole picture is what finds a truncated file.
 */
export async function checkPicture(data: Buffer | undefined, field: string): Promise<CheckedPicture> {
  const fail = (message: string) => validationFailed([{ path: field, message }]);
  if (!data) throw fail('required');
  if (data.length === 0) throw fail('empty_file');
  const type = sniffType(data);
  if (!type) throw fail('not_an_image');
  const maxSide = LEAFLET_LIMITS.imageMaxSide;
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw fail('not_an_image');
  }
  // The decoded format must be the one the bytes announced.
  if (meta.format !== type || !meta.width || !meta.height) throw fail('not_an_image');
  if (meta.width > maxSide || meta.height > maxSide) throw fail('image_too_large');
  let thumb: Buffer;
  try {
    thumb = await sharp(data, { failOn: 'truncated', limitInputPixels: maxSide * maxSide })
      .rotate()
      .resize({ width: LEAFLET_LIMITS.thumbSide, height: LEAFLET_LIMITS.thumbSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw fail('not_an_image');
  }
  return { data, type, width: meta.width, height: meta.height, thumb };
}

export type StoredPicture = { fileName: string; thumbName: string; paths: string[] };

export function createPictureStore(dir: string) {
  const folder = path.resolve(dir);

  /** The absolute path of a stored name, or null for anything that is not one of ours. */
  function pathOf(name: string): string | null {
    if (!PICTURE_NAME.test(name) && !/^[0-9a-f]{32}-t\.webp$/.test(name)) return null;
    const full = path.resolve(folder, name);
    return path.dirname(full) === folder ? full : null;
  }

  async function writeAtomically(name: string, data: Buffer): Promise<string> {
    const full = path.join(folder, name);
    const temp = path.join(folder, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data);
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return full;
  }

  return {
    folder,
    pathOf,
    /** Writes the picture and its thumbnail under new random names. */
    async save(p: CheckedPicture): Promise<StoredPicture> {
      await mkdir(folder, { recursive: true });
      const base = randomBytes(16).toString('hex');
      const fileName = `${base}.${EXTENSION[p.type]}`;
      const thumbName = `${base}-t.webp`;
      const paths: string[] = [];
      try {
        paths.push(await writeAtomically(fileName, p.data));
        paths.push(await writeAtomically(thumbName, p.thumb));
      } catch (error) {
        await Promise.all(paths.map((f) => rm(f, { force: true })));
        throw error;
      }
      return { fileName, thumbName, paths };
    },
    /** Removes stored files (missing ones are fine). */
    async remove(names: string[]): Promise<void> {
      await Promise.all(
        names.map((n) => {
          const full = pathOf(n);
          return full ? rm(full, { force: true }) : Promise.resolve();
        }),
      );
    },
  };
}

export type PictureStore = ReturnType<typeof createPictureStore>;
