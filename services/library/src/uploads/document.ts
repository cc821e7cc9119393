import { documentKindOf, type DocumentKind } from '@agora/common/uploads';
import { UploadErrors, UPLOAD_LIMITS } from './upload-errors.js';

export { DOCUMENT_MIME, sniffDocument, WORD_MAIN_TYPE, type DocumentKind } from '@agora/common/uploads';

/**
 * Checks an uploaded documentation file: its name must end in .pdf/.doc/.docx and its bytes must be that kind
 * (a ZIP renamed .pdf is refused). 415 LIBRARY.NOT_A_DOCUMENT otherwise.
 */
export function checkDocument(data: Buffer, originalName: string): DocumentKind {
  if (data.length > UPLOAD_LIMITS.document) throw UploadErrors.tooLarge(UPLOAD_LIMITS.document / 1024 / 1024);
  const kind = documentKindOf(data, originalName);
  if (!kind) throw UploadErrors.notADocument();
  return kind;
}
