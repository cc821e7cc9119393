/**
 * Removes metadata from image files without decoding or re-encoding their pixels: EXIF (camera, GPS), XMP,
 * IPTC, comments and text chunks go; everything needed to show the image (colour profile included) stays.
 * Each function answers null when the bytes do not have the expected structure (the caller refuses them).
 */

/** JPEG: drop APP1 (EXIF, XMP), APP3-APP13, APP15 and COM segments; keep APP0 (JFIF), ICC APP2, Adobe APP14. */
export function stripJpeg(data: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const parts: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return null;
    let m = at + 1;
    while (m < data.length && data[m] === 0xff) m++; // fill bytes
    if (m >= data.length) return null;
    const marker = data[m]!;
    if (marker === 0xd9) {
      // end of image: anything appended after it (a hidden archive or page) is dropped
      parts.push(data.subarray(m - 1, m + 1));
      return Buffer.concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(data.subarray(m - 1, m + 1));
      at = m + 1;
      continue;
    }
    if (m + 3 > data.length) return null;
    const length = data.readUInt16BE(m + 1);
    const end = m + 1 + length;
    if (length < 2 || end > data.length) return null;
    const segment = data.subarray(m - 1, end);
    if (marker === 0xda) {
      // start of scan: its header, then the entropy-coded data up to the next marker (FF00 and RSTn are data)
      let p = end;
      while (p + 1 < data.length) {
        if (data[p] === 0xff) {
          const next = data[p + 1]!;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        p++;
      }
      if (p + 1 >= data.length) return null;
      parts.push(data.subarray(m - 1, p));
      at = p;
      continue;
    }
    const isIcc = marker === 0xe2 && data.subarray(m + 3, m + 3 + 12).toString('latin1') === 'ICC_PROFILE\0';
    const drop =
      marker === 0xfe ||
      marker === 0xe1 ||
      (marker === 0xe2 && !isIcc) ||
      (marker >= 0xe3 && marker <= 0xef && marker !== 0xee);
    if (!drop) parts.push(segment);
    at = end;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** PNG: drop text, EXIF and time chunks. */
export function stripPng(data: Buffer): Buffer | null {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const parts: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > data.length) return null;
    if (!PNG_METADATA.has(type)) parts.push(data.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  return null;
}

/** WebP: drop the EXIF and XMP chunks and clear their flags in VP8X. */
export function stripWebp(data: Buffer): Buffer | null {
  if (
    data.length < 12 ||
    data.toString('latin1', 0, 4) !== 'RIFF' ||
    data.toString('latin1', 8, 12) !== 'WEBP'
  )
    return null;
  const chunks: Buffer[] = [];
  let at = 12;
  const riffEnd = Math.min(data.length, 8 + data.readUInt32LE(4));
  while (at + 8 <= riffEnd) {
    const fourcc = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) return null;
    if (fourcc === 'VP8X') {
      const chunk = Buffer.from(data.subarray(at, Math.min(end, riffEnd)));
      chunk[8] = chunk[8]! & ~(0x08 | 0x04);
      chunks.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      chunks.push(data.subarray(at, Math.min(end, riffEnd)));
    }
    at = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

const GIF_KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** Length of a run of GIF data sub-blocks starting at `at` (up to and including the 0 terminator), or -1. */
function subBlocksEnd(data: Buffer, at: number): number {
  let p = at;
  while (p < data.length) {
    const n = data[p]!;
    if (n === 0) return p + 1;
    p += 1 + n;
  }
  return -1;
}

/** GIF: drop comment extensions and application extensions other than the looping ones (XMP lives there). */
export function stripGif(data: Buffer): Buffer | null {
  const sig = data.toString('latin1', 0, 6);
  if ((sig !== 'GIF87a' && sig !== 'GIF89a') || data.length < 13) return null;
  const flags = data[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  if (at > data.length) return null;
  const parts: Buffer[] = [data.subarray(0, at)];
  while (at < data.length) {
    const kind = data[at]!;
    if (kind === 0x3b) {
      parts.push(data.subarray(at, at + 1));
      return Buffer.concat(parts);
    }
    if (kind === 0x21) {
      const label = data[at + 1];
      const end = subBlocksEnd(data, at + 2);
      if (label === undefined || end < 0) return null;
      const app = label === 0xff ? data.toString('latin1', at + 3, at + 14) : '';
      const keep = label !== 0xfe && (label !== 0xff || GIF_KEPT_APPLICATIONS.has(app));
      if (keep) parts.push(data.subarray(at, end));
      at = end;
      continue;
    }
    if (kind === 0x2c) {
      if (at + 10 > data.length) return null;
      const local = data[at + 9]!;
      const lzw = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      const end = subBlocksEnd(data, lzw + 1);
      if (end < 0) return null;
      parts.push(data.subarray(at, end));
      at = end;
      continue;
    }
    return null;
  }
  return null;
}
