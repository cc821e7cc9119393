// Data for the web tests of the library remote.
import type { Paged } from '@agora/contracts';
import type { LibraryItemAnswer } from '@agora/contracts/api';

export const item = (n: number, extra: Partial<LibraryItemAnswer> = {}): LibraryItemAnswer => ({
  uuid: `l-${n}`,
  title: `Image ${n}`,
  tags: ['a'],
  tooltip: `tip ${n}`,
  description: `about ${n}`,
  documentation: '',
  alt_text: `alt ${n}`,
  resource: `/files/${n}.jpg`,
  thumbnail: `/thumbs/${n}.jpg`,
  width: 800,
  height: 600,
  mime: 'image/jpeg',
  created: '2026-01-01T10:00:00Z',
  owner: null,
  can_edit: true,
  can_delete: true,
  ...extra,
});

export function paged<T>(values: T[], page = 1, totalPages = 1): Paged<T> {
  return { values, page, total_pages: totalPages, total: values.length };
}
