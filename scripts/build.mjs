// `npm run build`: the API types, the server packages (TypeScript project references), then the shell and the
// remotes.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/stack.mjs';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// the typed client's types, from the committed OpenAPI documents
run(process.execPath, ['scripts/openapi-types.mjs']);
run('npx', ['tsc', '-b', 'tsconfig.build.json']);
run(process.execPath, ['scripts/build-web.mjs', ...process.argv.slice(2)]);
