export { LibrarySelectModal, MarkerSelectModal } from './lazy';
export type { LibrarySelectModalProps } from './LibrarySelectModal';
export type { MarkerSelectModalProps } from './MarkerSelectModal';
export { MAX_TAG_SUGGESTIONS, TagInput, type TagInputProps } from './TagInput';
export { fetchLibraryPage, type LibraryItem, type Marker } from './types';
export { usePagedList, type PagedList } from './usePagedList';
export { useLibraryText, type LibraryTextKey } from './texts';
