import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

export type DocumentKind = 'pdf' | 'doc' | 'docx';

export const DOCUMENT_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_LOCAL_SIG = 0x04034b50;

/** The content type of a Word document's main part (macro-enabled documents and templates have others). */
export const WORD_MAIN_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** `[Content_Types].xml` is a short list; anything that unpacks to more is not a Word document. */
const MAX_CONTENT_TYPES = 256 * 1024;

/**
 * What the document checks read: a `Buffer`, or a local file read a page at a time (`FileBytes`), so that a
 * large upload is checked without being held in memory. Reads outside the bytes throw a `RangeError`, as a
 * Buffer's do.
 */
export interface Bytes {
  readonly length: number;
  readUInt8(offset: number): number;
  readUInt16LE(offset: number): number;
  readUInt32LE(offset: number): number;
  /** A copy (or view) of the bytes from `start` to `end`, cut to the length. */
  subarray(start: number, end?: number): Buffer;
}

const PAGE = 64 * 1024;
const MAX_PAGES = 32;

/** The bytes of an open local file, read through a small cache of 64 KiB pages (at most 2 MiB held). */
class FileBytes implements Bytes {
  readonly length: number;
  private readonly pages = new Map<number, Buffer>();

  constructor(private readonly fd: number) {
    this.length = fstatSync(fd).size;
  }

  private page(n: number): Buffer {
    const cached = this.pages.get(n);
    if (cached) return cached;
    const page = Buffer.alloc(Math.min(PAGE, this.length - n * PAGE));
    readSync(this.fd, page, 0, page.length, n * PAGE);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(n, page);
    return page;
  }

  subarray(start: number, end = this.length): Buffer {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    const out = Buffer.alloc(to - from);
    for (let at = from; at < to;) {
      const page = this.page(Math.floor(at / PAGE));
      const inPage = at % PAGE;
      const n = Math.min(page.length - inPage, to - at);
      page.copy(out, at - from, inPage, inPage + n);
      at += n;
    }
    return out;
  }

  private bytes(offset: number, n: number): Buffer {
    if (!Number.isInteger(offset) || offset < 0 || offset + n > this.length)
      throw new RangeError(`offset ${offset} is outside the file`);
    return this.subarray(offset, offset + n);
  }

  readUInt8(offset: number): number {
    return this.bytes(offset, 1).readUInt8(0);
  }
  readUInt16LE(offset: number): number {
    return this.bytes(offset, 2).readUInt16LE(0);
  }
  readUInt32LE(offset: number): number {
    return this.bytes(offset, 4).readUInt32LE(0);
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The entries of a ZIP archive from its central directory (null when there is no readable one). */
function zipEntries(data: Bytes): ZipEntry[] | null {
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65535 bytes, at the very end.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (data.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({
      name: data.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      localOffset: data.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of a stored or deflated ZIP entry, at most `max` of them (null when unreadable or larger). */
function zipEntryData(data: Bytes, entry: ZipEntry, max: number): Buffer | null {
  const at = entry.localOffset;
  // deflate never packs more than `max` bytes into fewer than about `max` + 5 bytes per 64 KiB block
  if (entry.compressedSize > max + PAGE) return null;
  if (at + 30 > data.length || data.readUInt32LE(at) !== ZIP_LOCAL_SIG) return null;
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  if (raw.length !== entry.compressedSize) return null;
  try {
    if (entry.method === 0) return raw.length <= max ? raw : null;
    if (entry.method === 8) return inflateRawSync(raw, { maxOutputLength: max });
  } catch {
    return null;
  }
  return null;
}

/** The value of an XML attribute in one tag's text (null when absent). */
function attribute(tag: string, name: string): string | null {
  return (
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(tag)
      ?.slice(1)
      .find((v) => v !== undefined) ?? null
  );
}

/**
 * Whether a ZIP archive is a Word document: a `word/document.xml` part that `[Content_Types].xml` declares as
 * the wordprocessingml main document (an Excel or PowerPoint file, a macro-enabled document, a template or a
 * ZIP with some `word/` entry is not).
 */
function isWordZip(data: Bytes): boolean {
  const entries = zipEntries(data);
  if (!entries) return false;
  if (!entries.some((e) => e.name === 'word/document.xml')) return false;
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  const xml = types && zipEntryData(data, types, MAX_CONTENT_TYPES)?.toString('utf8');
  if (!xml) return false;
  return (xml.match(/<Override\b[^>]*>/g) ?? []).some(
    (tag) =>
      attribute(tag, 'PartName')?.toLowerCase() === '/word/document.xml' &&
      attribute(tag, 'ContentType') === WORD_MAIN_TYPE,
  );
}

const OLE_FREE = 0xffffffff;
const OLE_END = 0xfffffffe;
/** Directory entries read at most (a loop in a broken sector chain cannot go on for ever). */
const OLE_MAX_DIRECTORY = 64 * 1024;

/**
 * Whether an OLE2 compound file holds a `WordDocument` stream (a Word 97-2003 document; an Excel workbook has
 * a `Workbook` stream instead). Reads the sector allocation table and follows the directory's sector chain.
 */
function isWordOle(data: Bytes): boolean {
  if (data.length < 512) return false;
  const shift = data.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return false;
  const size = 1 << shift;
  const sectorAt = (n: number) => (n + 1) * size;
  const perSector = size / 4;
  // The sectors of the allocation table: 109 in the header, then the chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const s = data.readUInt32LE(0x4c + 4 * i);
    if (s !== OLE_FREE) fatSectors.push(s);
  }
  let difat = data.readUInt32LE(0x44);
  for (let guard = 0; difat !== OLE_END && difat !== OLE_FREE && guard < 4096; guard += 1) {
    const at = sectorAt(difat);
    if (at + size > data.length) return false;
    for (let i = 0; i < perSector - 1; i += 1) {
      const s = data.readUInt32LE(at + 4 * i);
      if (s !== OLE_FREE) fatSectors.push(s);
    }
    difat = data.readUInt32LE(at + size - 4);
  }
  const next = (sector: number): number | null => {
    const fat = fatSectors[Math.floor(sector / perSector)];
    if (fat === undefined) return null;
    const at = sectorAt(fat) + 4 * (sector % perSector);
    return at + 4 <= data.length ? data.readUInt32LE(at) : null;
  };
  let sector: number | null = data.readUInt32LE(0x30);
  for (let read = 0; sector !== null && sector !== OLE_END && read < OLE_MAX_DIRECTORY;) {
    const at = sectorAt(sector);
    if (at + size > data.length) return false;
    for (let e = at; e < at + size; e += 128, read += 1) {
      const nameBytes = Math.min(data.readUInt16LE(e + 0x40), 64);
      const type = data.readUInt8(e + 0x42);
      const name = data.subarray(e, e + Math.max(0, nameBytes - 2)).toString('utf16le');
      if (type === 2 && name === 'WordDocument') return true;
    }
    sector = next(sector);
  }
  return false;
}

/**
 * The kind of a document by its bytes: PDF (`%PDF-`), an OLE2 file with a `WordDocument` stream (.doc) or a ZIP
 * whose content types declare a Word main document (.docx).
 */
export function sniffDocument(data: Bytes): DocumentKind | null {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, OLE2.length).equals(OLE2)) return isWordOle(data) ? 'doc' : null;
  if (data.subarray(0, ZIP_LOCAL.length).equals(ZIP_LOCAL)) return isWordZip(data) ? 'docx' : null;
  return null;
}

/**
 * The kind of an uploaded document judged by its bytes, when its name's extension says the same kind (a ZIP
 * renamed .pdf, an HTML page renamed .doc are not documents); null otherwise.
 */
export function documentKindOf(data: Bytes, originalName: string): DocumentKind | null {
  const kind = sniffDocument(data);
  const ext = /\.([a-z]+)$/i.exec(originalName)?.[1]?.toLowerCase();
  return kind && ext === kind ? kind : null;
}

/** `read` of the bytes of a local file (an upload spooled to disk), read a page at a time, never whole. */
function withFile<T>(file: string, read: (bytes: Bytes) => T): T {
  const fd = openSync(file, 'r');
  try {
    return read(new FileBytes(fd));
  } finally {
    closeSync(fd);
  }
}

/** `sniffDocument` of a local file. */
export function sniffDocumentFile(file: string): DocumentKind | null {
  return withFile(file, sniffDocument);
}

/** `documentKindOf` of a local file. */
export function documentKindOfFile(file: string, originalName: string): DocumentKind | null {
  return withFile(file, (bytes) => documentKindOf(bytes, originalName));
}
