/**
 * Content checks of uploaded files, shared by the services that take them: the bytes decide the type (never the
 * name or the declared type), image metadata is removed, SVG and HTML are never images or documents.
 * A separate entry point (`@agora/common/uploads`): only the services that take files load sharp.
 */
export * from './image.js';
export * from './document.js';
export * from './strip-metadata.js';
export * from './file-name.js';
