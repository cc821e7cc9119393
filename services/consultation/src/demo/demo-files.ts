import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { cleanImage, DOCUMENT_MIME, documentKindOf } from '@agora/common/uploads';

/** A file of a demo answer's photo or document value, as the demo answers name it. */
export interface DemoAnswerFile {
  kind: 'photo' | 'document';
  /** the file's name, as a participant's upload would carry it */
  name: string;
  /** the title drawn (a photo's colour is its hue) or written (a document's text) in the file */
  title: string;
  hue: number;
}

/** A demo file ready to store: checked as an upload is, with the SHA-256 of its bytes. */
export interface CheckedDemoFile {
  name: string;
  mime: string;
  data: Buffer;
  sha256: string;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** An RGB colour of `hue` (0..360) at the given lightness, as bytes. */
function rgb(hue: number, light: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = 0.6 * Math.min(light, 1 - light);
  const f = (n: number) => Math.round(255 * (light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/** A small PNG picture (160 × 120): a sky of `hue` over a darker ground, a sun in the corner. */
export function demoPng(hue: number): Buffer {
  const width = 160;
  const height = 120;
  const rows: Buffer[] = [];
  const sky = rgb(hue, 0.75);
  const ground = rgb(hue, 0.35);
  const sun: [number, number, number] = [250, 204, 21];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inSun = (x - 130) ** 2 + (y - 25) ** 2 < 14 ** 2;
      const [r, g, b] = inSun ? sun : y > 80 ? ground : sky;
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with `title` as its text (ASCII: the demo titles are the English half). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[^ -~]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The bytes of a demo answer's file, through the same checks as a participant's upload: a photo must be an image
 * by its bytes and loses its metadata (`cleanImage`), a document must be the kind its name says by its bytes.
 */
export async function checkedDemoFile(file: DemoAnswerFile): Promise<CheckedDemoFile> {
  let data: Buffer;
  let mime: string;
  if (file.kind === 'photo') {
    const image = await cleanImage(demoPng(file.hue));
    if (!image) throw new Error(`demo photo ${file.name} is not an image`);
    data = image.data;
    mime = image.mime;
  } else {
    data = demoPdf(file.title);
    const kind = documentKindOf(data, file.name);
    if (!kind) throw new Error(`demo document ${file.name} is not the document its name says`);
    mime = DOCUMENT_MIME[kind];
  }
  return { name: file.name, mime, data, sha256: createHash('sha256').update(data).digest('hex') };
}
