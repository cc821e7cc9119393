// Writes the TypeScript types of the API (packages/contracts/src/generated/<service>.ts) from the committed OpenAPI
// documents (services/<service>/openapi.json), for the typed client. They are derived files, not committed: the
// build (`npm run build`), `npm run typecheck` and `npm run openapi` write them. Needs no built code.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentPath, typesOf } from './lib/openapi.mjs';
import { ROOT, SERVICES } from './lib/stack.mjs';

for (const service of SERVICES) {
  const doc = JSON.parse(await readFile(path.join(ROOT, documentPath(service)), 'utf8'));
  const file = await typesOf(service, doc);
  const target = path.join(ROOT, file.path);
  if ((await readFile(target, 'utf8').catch(() => null)) === file.text) continue;
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.text);
}
