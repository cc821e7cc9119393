import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRemotesRegistry, readRemotesRegistry, RegistryUnreadableError } from './remotes.js';

describe('remotes registry', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agora-registry-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a map of container names to manifest URLs', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, '{"mf_library": "/remotes/mf-library/1.0.0/mf-manifest.json"}');
    await expect(readRemotesRegistry(file)).resolves.toEqual({
      mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json',
    });
  });

  it('reads the file again on every call', async () => {
    const file = join(dir, 'switch.json');
    await writeFile(file, '{"mf_library": "/remotes/mf-library/1.0.0/mf-manifest.json"}');
    await readRemotesRegistry(file);
    await writeFile(file, '{"mf_library": "/remotes/mf-library/2.0.0/mf-manifest.json"}');
    await expect(readRemotesRegistry(file)).resolves.toEqual({
      mf_library: '/remotes/mf-library/2.0.0/mf-manifest.json',
    });
  });

  it('answers an empty registry when the file does not exist', async () => {
    await expect(readRemotesRegistry(join(dir, 'missing.json'))).resolves.toEqual({});
  });

  it('refuses broken JSON and other shapes', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"mf_library": ');
    await expect(readRemotesRegistry(file)).rejects.toBeInstanceOf(RegistryUnreadableError);
    expect(() => parseRemotesRegistry('[]')).toThrow(RegistryUnreadableError);
    expect(() => parseRemotesRegistry('null')).toThrow(RegistryUnreadableError);
    expect(() => parseRemotesRegistry('{"mf_library": 3}')).toThrow(/mf_library/);
  });

  it('reports a registry path that cannot be read as unreadable, not as missing', async () => {
    await expect(readRemotesRegistry(dir)).rejects.toBeInstanceOf(RegistryUnreadableError);
  });
});
