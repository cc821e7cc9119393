// `npm run openapi`: builds the server packages, then writes each service's OpenAPI document
// (services/<name>/openapi.json; commit what it changes: the gateway's /api/docs reads these files) and the
// TypeScript types of the typed client derived from them (packages/contracts/src/generated/, not committed).
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './lib/stack.mjs';

const built = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

// Imported after the build: it loads the built services.
const { openApiFiles } = await import('./lib/openapi.mjs');
for (const file of await openApiFiles()) {
  const target = path.join(ROOT, file.path);
  const before = await readFile(target, 'utf8').catch(() => null);
  if (before === file.text) continue;
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, file.text);
  console.log(`wrote ${file.path}`);
}
const types = spawnSync(process.execPath, ['scripts/openapi-types.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (types.status !== 0) process.exit(types.status ?? 1);
