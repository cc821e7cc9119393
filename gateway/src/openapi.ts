import { isDeepStrictEqual } from 'node:util';
import type { ServiceName } from '@agora/contracts';

export type JsonObject = Record<string, unknown>;

export interface ServiceDocument {
  service: ServiceName;
  doc: JsonObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Service routes that the gateway does not expose under `/api`. */
const HIDDEN_PATHS = /^\/(internal(\/|$)|health$|ready$|openapi\.json$)/;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy of `value` with `$ref` strings renamed by `renames`. */
function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renames));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof v === 'string' ? (renames.get(v) ?? v) : rewriteRefs(v, renames);
  }
  return out;
}

/**
 * Merges the services' OpenAPI documents (`missing`: those without one) into the one the gateway publishes: paths get the `/api` prefix,
 * operations are tagged by service, component names that clash between services are prefixed with the service
 * (and references renamed), operation ids are prefixed with the service. Internal routes are left out.
 */
export function mergeOpenApi(
  documents: ServiceDocument[],
  missing: ServiceName[],
  version: string,
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const components: Record<string, JsonObject> = {};
  const tags = new Map<string, string | undefined>();
  const described: string[] = [];

  for (const { service, doc } of documents) {
    const info = isObject(doc['info']) ? doc['info'] : {};
    described.push(typeof info['version'] === 'string' ? `${service} ${info['version']}` : service);

    // Components: same name and same definition are shared; a clash gets the service's prefix.
    const renames = new Map<string, string>();
    const ownComponents = isObject(doc['components']) ? doc['components'] : {};
    const names = new Map<string, Map<string, string>>();
    for (const [type, entries] of Object.entries(ownComponents)) {
      if (!isObject(entries)) continue;
      const typeNames = new Map<string, string>();
      for (const [name, definition] of Object.entries(entries)) {
        const existing = components[type]?.[name];
        const finalName =
          existing === undefined || isDeepStrictEqual(existing, definition) ? name : `${service}_${name}`;
        typeNames.set(name, finalName);
        if (finalName !== name)
          renames.set(`#/components/${type}/${name}`, `#/components/${type}/${finalName}`);
      }
      names.set(type, typeNames);
    }
    for (const [type, typeNames] of names) {
      const entries = ownComponents[type] as JsonObject;
      const target = (components[type] ??= {});
      for (const [name, finalName] of typeNames) target[finalName] = rewriteRefs(entries[name], renames);
    }

    const tagDescriptions = new Map<string, string | undefined>();
    if (Array.isArray(doc['tags'])) {
      for (const t of doc['tags']) {
        if (isObject(t) && typeof t['name'] === 'string') {
          tagDescriptions.set(t['name'], typeof t['description'] === 'string' ? t['description'] : undefined);
        }
      }
    }
    const docSecurity = Array.isArray(doc['security']) ? doc['security'] : undefined;

    const ownPaths = isObject(doc['paths']) ? doc['paths'] : {};
    for (const [path, rawItem] of Object.entries(ownPaths)) {
      if (!isObject(rawItem) || HIDDEN_PATHS.test(path)) continue;
      const item = rewriteRefs(rawItem, renames) as JsonObject;
      const key = `/api${path.startsWith('/') ? path : `/${path}`}`;
      const merged = (paths[key] ??= {});
      for (const [field, value] of Object.entries(item)) {
        const isMethod = (METHODS as readonly string[]).includes(field);
        if (!isMethod) {
          if (merged[field] === undefined) merged[field] = value;
          continue;
        }
        if (!isObject(value) || merged[field] !== undefined) continue; // first service wins a shared path
        const operation: JsonObject = { ...value };
        const ownTags = Array.isArray(operation['tags'])
          ? operation['tags'].filter((t): t is string => typeof t === 'string')
          : [];
        operation['tags'] = ownTags.length > 0 ? ownTags.map((t) => `${service}/${t}`) : [service];
        for (const t of ownTags) tags.set(`${service}/${t}`, tagDescriptions.get(t));
        if (ownTags.length === 0) tags.set(service, `${service} service`);
        if (typeof operation['operationId'] === 'string') {
          operation['operationId'] = `${service}.${operation['operationId']}`;
        }
        if (operation['security'] === undefined && docSecurity) operation['security'] = docSecurity;
        merged[field] = operation;
      }
    }
  }

  const description = [
    'All Agora services behind the gateway. Calls go to `/api/…` with the session cookie; unsafe methods carry ' +
      '`X-Csrf-Token` equal to the `token` cookie (get one with `GET /api/login`).',
    described.length > 0 ? `Included: ${described.join(', ')}.` : 'No service document.',
    missing.length > 0 ? `Without a document (left out): ${missing.join(', ')}.` : '',
  ]
    .filter((line) => line.length > 0)
    .join('\n\n');

  const versions = new Set(documents.map(({ doc }) => doc['openapi']).filter((v) => typeof v === 'string'));
  return {
    openapi: versions.size === 1 ? [...versions][0] : '3.0.3',
    info: { title: 'Agora API', version, description },
    tags: [...tags]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, d]) => (d ? { name, description: d } : { name })),
    paths,
    components,
  };
}
