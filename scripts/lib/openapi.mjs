// The services' OpenAPI documents and the TypeScript types generated from them, as the files `npm run openapi`
// writes (and `scripts/openapi.spec.ts` compares with the committed ones). Reads the built server packages.
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { loadDefinition, ROOT, SERVICES } from './stack.mjs';

/** A deep copy of `value` with every object's keys in code-point order: the committed text does not depend on
 * the order in which modules and decorators were read. Arrays keep their order. */
export function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys(value[k])]),
  );
}

/** The OpenAPI document of each service, built from its code without a database (Nest's preview mode). */
export async function serviceDocuments() {
  const { describeService } = await import('@agora/common');
  const documents = {};
  // The definitions get no settings: the document must not depend on the environment of whoever generates it.
  for (const name of SERVICES)
    documents[name] = sortKeys(await describeService(await loadDefinition(name, {})));
  return documents;
}

async function format(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** Where the committed document of `service` is, relative to the repository root. */
export const documentPath = (service) => `services/${service}/openapi.json`;
/** Where the types generated from it are. */
export const typesPath = (service) => `packages/contracts/src/generated/${service}.ts`;

/** The types of one service's document, as openapi-typescript writes them, formatted as prettier leaves them. */
export async function typesOf(service, doc) {
  const typesFile = typesPath(service);
  const ast = await openapiTS(structuredClone(doc), {
    alphabetize: true,
    emptyObjectsUnknown: true,
    silent: true,
  });
  const header = `// The types of the ${service} service's API, generated from ${documentPath(service)} by scripts/openapi-types.mjs (npm run build, npm run typecheck): do not edit, do not commit.\n`;
  return { path: typesFile, text: await format(path.join(ROOT, typesFile), header + astToString(ast)) };
}

/** The committed documents: `{ path (relative to the root), text }`, formatted as prettier leaves them. */
export async function openApiFiles() {
  const documents = await serviceDocuments();
  const files = [];
  for (const service of SERVICES) {
    const docFile = documentPath(service);
    const text = await format(path.join(ROOT, docFile), JSON.stringify(documents[service], null, 2));
    files.push({ path: docFile, text });
  }
  return files;
}
