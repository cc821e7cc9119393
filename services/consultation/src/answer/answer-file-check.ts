import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  cleanImage,
  documentKindOfFile,
  DOCUMENT_MIME,
  utf8Name,
  type DocumentKind,
} from '@agora/common/uploads';
import type { SpooledFilePart } from '@agora/common';
import type { CheckedFile } from './answer-files.js';
import { AnswerErrors, fileLimit, type TypedValue } from './answer.rules.js';

/** One uploaded part `resource_i`, spooled to a temporary file as it arrived. */
export type AnswerFilePart = SpooledFilePart;

/**
 * A photo (an image by its bytes, metadata removed) or a document (pdf/doc/docx by its bytes, among `accepts`,
 * checked in its spooled file a page at a time). A photo is read whole: removing its metadata without touching
 * its pixels needs all of it (decision 0049).
 */
export async function checkAnswerFile(
  value: TypedValue,
  part: AnswerFilePart,
  options: { maxSize?: number; accepts?: DocumentKind[] },
  projectMaxBytes: number,
): Promise<CheckedFile> {
  const field = part.fieldname;
  const limit = fileLimit(options, projectMaxBytes);
  if (part.size > limit) throw AnswerErrors.fileTooLarge(field, limit);
  const name = (utf8Name(part) || field).slice(0, 255);
  const id = randomUUID();
  if (value.kind === 'photo') {
    const image = await cleanImage(await readFile(part.path));
    if (!image) throw AnswerErrors.badFile(field, 'not an image (jpeg, png, webp, gif or avif)');
    const sha256 = createHash('sha256').update(image.data).digest('hex');
    const bytes = image.data.length;
    return { index: value.file!, id, name, mime: image.mime, bytes, sha256, source: { data: image.data } };
  }
  const kind = documentKindOfFile(part.path, name);
  const accepts = options.accepts?.length ? options.accepts : (['pdf', 'doc', 'docx'] as DocumentKind[]);
  if (!kind || !accepts.includes(kind))
    throw AnswerErrors.badFile(
      field,
      `the file must be a ${accepts.map((a) => `.${a}`).join(', ')} document`,
    );
  const mime = DOCUMENT_MIME[kind];
  return {
    index: value.file!,
    id,
    name,
    mime,
    bytes: part.size,
    sha256: part.sha256,
    source: { file: part.path },
  };
}
