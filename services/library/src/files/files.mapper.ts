/** Content types of the files the library stores, by extension. Anything else is served as a download. */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const DEFAULT_MIME = 'application/octet-stream';

/** The content type to serve a stored file with, from its key's extension. */
export function mimeOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_MIME;
  return MIME_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_MIME;
}

/** Images and PDFs are shown in place; anything else is offered as a download. */
export function dispositionOf(key: string, mime: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const inline = mime.startsWith('image/') || mime === 'application/pdf';
  return `${inline ? 'inline' : 'attachment'}; filename="${name}"`;
}
