import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as realRouter from 'react-router';

const ROOT = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function exportedNames(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from/.exec(text)?.[1] ?? '';
  return block
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Value names that app code imports from react-router or react-router-dom. */
function importedRouterNames(): Map<string, string> {
  const appDirs = readdirSync(ROOT)
    .filter((name) => name === 'shell' || name.startsWith('mf-'))
    .map((name) => path.join(ROOT, name, 'src'))
    .concat(path.join(ROOT, 'packages/platform/src'), path.join(ROOT, 'packages/library-ui/src'));
  const found = new Map<string, string>();
  for (const file of appDirs.flatMap((d) => sourceFiles(d))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g)) {
      if (match[1]) continue;
      for (const spec of (match[2] ?? '').split(',')) {
        const name = spec
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) found.set(name, path.relative(ROOT, file));
      }
    }
  }
  return found;
}

describe("the shell's shared react-router", () => {
  const provided = exportedNames(path.join(__dirname, 'react-router.ts'));

  it('provides every React Router export that the apps import', () => {
    const missing = [...importedRouterNames()].filter(([name]) => !provided.includes(name));
    expect(missing).toEqual([]);
  });

  it('only lists exports that React Router has', () => {
    expect(provided.length).toBeGreaterThan(20);
    const real = realRouter as Record<string, unknown>;
    expect(provided.filter((name) => real[name] === undefined)).toEqual([]);
  });
});
