import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './lib/stack.mjs';

// `npm run lint:circles` runs dependency-cruiser with the repository's .dependency-cruiser.cjs: these sources,
// cruised with that configuration, show that it refuses a two-file circle (a type-only import counts) and an
// import of another remote's source, and accepts the same files importing one way, within one remote.
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

async function cruise(files: Record<string, string>): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'circles-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    const { stdout } = await promisify(execFile)(DEPCRUISE, ['--config', '.dependency-cruiser.cjs', dir], {
      cwd: ROOT,
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, out: e.stdout ?? '' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the import circle check', () => {
  it('fails on two files importing each other, one of them for a type only', async () => {
    const { code, out } = await cruise({
      'a.ts': "import { b } from './b.js';\nexport interface A { n: number }\nexport const a = () => b;\n",
      'b.ts': "import type { A } from './a.js';\nexport const b: A = { n: 1 };\n",
    });
    expect(code).not.toBe(0);
    expect(out).toContain('no-circular');
  });

  it('passes on the same files importing one way', async () => {
    const { code, out } = await cruise({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': 'export const b = { n: 1 };\n',
    });
    expect({ code, out }).toEqual({ code: 0, out: expect.stringContaining('no dependency violations') });
  });

  it("fails on a remote importing another remote's source, not its own", async () => {
    const files = {
      'mf-library/src/Reactions.tsx': 'export const Reactions = () => null;\n',
      'mf-library/src/Gallery.tsx':
        "import { Reactions } from './Reactions';\nexport const Gallery = Reactions;\n",
    };
    expect((await cruise(files)).code).toBe(0);
    const { code, out } = await cruise({
      ...files,
      'mf-consultation/src/Page.tsx':
        "import { Reactions } from '../../mf-library/src/Reactions';\nexport const Page = Reactions;\n",
    });
    expect(code).not.toBe(0);
    expect(out).toContain('no-cross-remote');
    expect(out).toContain('mf-consultation/src/Page.tsx');
  });
});
