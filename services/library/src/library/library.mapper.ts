import type { SessionUser } from '@agora/contracts';
import { fileUrl } from '../files/file-url.js';
import { rightsOf } from '../http/ownership.js';
import type { LibraryItemAnswer } from '@agora/contracts/api';
import type { LibraryItem } from './entities/library-item.entity.js';

/** An item as `viewer` sees it (null: anonymous or a system call), with what they may do with it. */
export function toLibraryItemResponse(item: LibraryItem, viewer: SessionUser | null): LibraryItemAnswer {
  return {
    uuid: item.id,
    title: item.title,
    tags: item.tags,
    tooltip: item.tooltip,
    description: item.description,
    documentation: item.documentation,
    alt_text: item.alt_text,
    resource: fileUrl(item.resource_key),
    thumbnail: item.thumbnail_key ? fileUrl(item.thumbnail_key) : null,
    width: item.width,
    height: item.height,
    mime: item.mime,
    owner: item.owner,
    ...rightsOf(viewer, item.owner, 'shared'),
    created: item.created.toISOString(),
  };
}
