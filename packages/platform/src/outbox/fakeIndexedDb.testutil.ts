// IndexedDB for tests in jsdom, which has none: fake-indexeddb, and the structured clone it copies values with
// (jsdom's window lacks `structuredClone`; Node's serializer does the same copy).
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';

if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
}
