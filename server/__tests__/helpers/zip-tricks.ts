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

/** A zip of these entries, deflated, with a true central directory. */
export function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const local = localEntry(e.name, e.data);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(local.readUInt32LE(18), 20);
    record.writeUInt32LE(e.data.length, 24);
    record.writeUInt16LE(Buffer.byteLength(e.name), 28);
    record.writeUInt32LE(offset, 42);
    locals.push(local);
    central.push(record, Buffer.from(e.name));
    offset += local.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const OOXML = 'http://schemas.openxmlformats.org';
/** The smallest workbook exceljs reads, with `sheetXml` as its one sheet (written by hand, so it can be anything). */
export function xlsxWithSheet(sheetXml: Buffer): Buffer {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`);
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="${OOXML}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="${OOXML}/package/2006/relationships"><Relationship Id="rId1" Type="${OOXML}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${OOXML}/spreadsheetml/2006/main" xmlns:r="${OOXML}/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="${OOXML}/package/2006/relationships"><Relationship Id="rId1" Type="${OOXML}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
  ]);
}
