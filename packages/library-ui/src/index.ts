// The library's pieces that other remotes reuse: the select modals (gallery items, map markers), the tag input,
// paged lists of the library's API, uploads with progress and the like/dislike buttons. Built on the UI kit (@agora/platform).
export * from './library/index';
export * from './upload/index';
export * from './social/index';
