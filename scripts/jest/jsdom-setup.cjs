/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS setup file for jest */
// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// rspack's DefinePlugin provides the build's version; tests see 'test'.
globalThis.__APP_VERSION__ = 'test';
