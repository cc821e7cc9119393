export * from './file-storage.js';
export * from './storage-key.js';
export * from './local-file-storage.js';
export * from './s3-file-storage.js';
export * from './storage-config.js';
export * from './storage.module.js';
export * from './tar-gz-writer.js';
