import { UploadErrors, UPLOAD_LIMITS } from './upload-errors.js';

export type DocumentKind = 'pdf' | 'doc' | 'docx';

export const DOCUMENT_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** Whether a ZIP archive has an entry under `word/` (a Word document), from its central directory. */
function zipHasWordEntry(data: Buffer): boolean {
  let at = data.indexOf(ZIP_CENTRAL);
  while (at !== -1 && at + 46 <= data.length) {
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('latin1');
    if (name.startsWith('word/')) return true;
    const next = at + 46 + nameLength + extraLength + commentLength;
    at = data.indexOf(ZIP_CENTRAL, next);
  }
  return false;
}

/** The kind of a document by its bytes: PDF (`%PDF-`), OLE2 (.doc) or a ZIP with `word/` entries (.docx). */
export function sniffDocument(data: Buffer): DocumentKind | null {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, OLE2.length).equals(OLE2)) return 'doc';
  if (data.subarray(0, ZIP_LOCAL.length).equals(ZIP_LOCAL) && zipHasWordEntry(data)) return 'docx';
  return null;
}

/**
 * Checks an uploaded documentation file: its name must end in .pdf/.doc/.docx and its bytes must be that kind
 * (a ZIP renamed .pdf is refused). 415 LIBRARY.NOT_A_DOCUMENT otherwise.
 */
export function checkDocument(data: Buffer, originalName: string): DocumentKind {
  if (data.length > UPLOAD_LIMITS.document) throw UploadErrors.tooLarge(UPLOAD_LIMITS.document / 1024 / 1024);
  const kind = sniffDocument(data);
  const ext = /\.([a-z]+)$/i.exec(originalName)?.[1]?.toLowerCase();
  if (!kind || ext !== kind) throw UploadErrors.notADocument();
  return kind;
}
