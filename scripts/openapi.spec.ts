// The committed OpenAPI documents (services/<name>/openapi.json) are what the code produces now: the gateway's
// /api/docs reads them and the typed client's types are derived from them, so a change of a route or a schema has
// to come with them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ownerOf } from '@agora/contracts';
import { openApiFiles, type GeneratedFile } from './lib/openapi.mjs';

const repo = process.cwd(); // jest runs from the repository root
let files: GeneratedFile[];

beforeAll(async () => {
  files = await openApiFiles();
});

describe('committed OpenAPI documents', () => {
  it('are those of the code (run `npm run openapi` and commit what it writes)', async () => {
    const stale: string[] = [];
    for (const file of files) {
      const committed = await readFile(path.join(repo, file.path), 'utf8').catch(() => null);
      if (committed !== file.text) stale.push(file.path);
    }
    if (stale.length > 0)
      throw new Error(
        `out of date with the code: ${stale.join(', ')}. Run \`npm run openapi\` and commit the files it writes.`,
      );
  });

  it('describe only paths that the gateway routes to the service that describes them', () => {
    const misrouted: string[] = [];
    for (const file of files.filter((f) => f.path.endsWith('openapi.json'))) {
      const service = file.path.split('/')[1];
      const doc = JSON.parse(file.text) as { paths: Record<string, unknown> };
      for (const p of Object.keys(doc.paths)) {
        if (/^\/(internal\/|health$|ready$|openapi\.json$)/.test(p)) continue;
        // A scope parameter routes by its value (each service validates its own scopes); the rest by path.
        if (p.includes('/scope/{scope}')) continue;
        // The API root and the file browser are reached as `/api/?action=…` (the library rewrites fileBrowser).
        const owner =
          p === '/' || p === '/fileBrowser'
            ? ownerOf('', p === '/' ? 'documentation' : 'fileBrowser')
            : ownerOf(p.slice(1).replace(/\{[^}]+\}/g, 'x'));
        if (owner !== service) misrouted.push(`${service} ${p} -> ${owner}`);
      }
    }
    expect(misrouted).toEqual([]);
  });
});
