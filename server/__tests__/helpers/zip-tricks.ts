/**
 * Zip files that read differently by their central directory (what checks and Excel read) and by their
 * local headers in order (what a streaming reader reads): for the xlsx upload attack tests.
 */
import { deflateRawSync } from 'node:zlib';

/** A local entry (header + deflated data) that no central directory lists; no CRC (streaming readers do not check it). */
export function localEntry(name: string, data: Buffer): Buffer {
  const packed = deflateRawSync(data);
  const n = Buffer.from(name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(packed.length, 18);
  h.writeUInt32LE(data.length, 22);
  h.writeUInt16LE(n.length, 26);
  return Buffer.concat([h, n, packed]);
}

/**
 * `zip` with `hidden` put in front of its first entry: every offset of its central directory moves
 * along, so the directory still lists exactly the original entries, and the hidden one is read only by
 * a reader that walks the local headers.
 */
export function withHiddenEntry(zip: Buffer, hidden: Buffer): Buffer {
  const out = Buffer.concat([hidden, zip]);
  const shift = hidden.length;
  let eocd = -1;
  for (let i = out.length - 22; i >= 0; i--) {
    if (out.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = out.readUInt16LE(eocd + 10);
  const cd = out.readUInt32LE(eocd + 16) + shift;
  out.writeUInt32LE(cd, eocd + 16);
  let p = cd;
  for (let k = 0; k < count; k++) {
    out.writeUInt32LE(out.readUInt32LE(p + 42) + shift, p + 42);
    p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
  }
  return out;
}
