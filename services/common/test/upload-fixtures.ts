import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Real image and document bytes made on the fly, for tests and benchmarks. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif',
  width = 960,
  height = 640,
  opts: { exif?: boolean } = {},
): Promise<Buffer> {
  let img = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fc3"/></svg>`,
      ),
    },
  ]);
  if (opts.exif) img = img.withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS 37.97 23.72' } });
  return img.toFormat(format).toBuffer();
}

export function makePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

export interface ZipPart {
  name: string;
  data?: Buffer | string;
  /** deflate the entry (stored otherwise) */
  deflate?: boolean;
}

/** A minimal ZIP with the given entries (names alone: empty files). */
export function makeZip(parts: Array<string | ZipPart>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const part = typeof p === 'string' ? { name: p } : p;
    const name = Buffer.from(part.name, 'utf8');
    const plain = Buffer.from(part.data ?? '');
    const body = part.deflate ? deflateRawSync(plain) : plain;
    const method = part.deflate ? 8 : 0;
    const crc = crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** `[Content_Types].xml` declaring `/word/document.xml` with the given main content type. */
export function contentTypes(
  mainType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  part = '/word/document.xml',
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="${part}" ContentType="${mainType}"/></Types>`
  );
}

/** A .docx as Word writes it: deflated parts, the main document declared in the content types. */
export function makeDocx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: contentTypes(), deflate: true },
    { name: '_rels/.rels', data: '<Relationships/>', deflate: true },
    { name: 'word/document.xml', data: '<w:document/>', deflate: true },
  ]);
}

/**
 * A minimal OLE2 compound file (512-byte sectors: the header, one allocation-table sector, one directory
 * sector) whose directory lists a root entry and one empty stream per name.
 */
export function makeOle2(streams: string[]): Buffer {
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + 4 * i);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END, 4);
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, i) => {
    const at = i * 128;
    const text = Buffer.from(`${name}\0`, 'utf16le');
    text.copy(directory, at);
    directory.writeUInt16LE(text.length, at + 0x40);
    directory[at + 0x42] = i === 0 ? 5 : 2;
    directory.writeUInt32LE(FREE, at + 0x44);
    directory.writeUInt32LE(FREE, at + 0x48);
    directory.writeUInt32LE(i === 0 && streams.length > 0 ? 1 : FREE, at + 0x4c);
    directory.writeUInt32LE(END, at + 0x74);
  });
  return Buffer.concat([header, fat, directory]);
}

/** A Word 97-2003 document (an OLE2 file with a `WordDocument` stream). */
export function makeDoc(): Buffer {
  return makeOle2(['WordDocument']);
}
