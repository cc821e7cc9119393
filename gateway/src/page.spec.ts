import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  encodePage,
  headAdditions,
  readRemoteStartFiles,
  remoteToPreload,
  startFilesOf,
  withHeadAdditions,
} from './page.js';

const MANIFEST_URL = '/remotes/mf-library/1.2.0/mf-manifest.json';
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
  exposes: [
    {
      path: './Other',
      assets: { js: { sync: ['other.js'], async: [] }, css: { sync: [], async: [] } },
    },
    {
      path: './App',
      assets: {
        js: { sync: ['__federation_expose_App.1a2b3c4d.js'], async: ['152.b7d86954.js'] },
        css: { sync: ['__federation_expose_App.5e6f7a8b.css'], async: [] },
      },
    },
  ],
};

describe('startFilesOf', () => {
  it("names remoteEntry.js and the exposed App's synchronous files beside the manifest", () => {
    expect(startFilesOf(MANIFEST_URL, MANIFEST)).toEqual({
      manifest: MANIFEST_URL,
      entry: '/remotes/mf-library/1.2.0/remoteEntry.js',
      scripts: ['/remotes/mf-library/1.2.0/__federation_expose_App.1a2b3c4d.js'],
      styles: ['/remotes/mf-library/1.2.0/__federation_expose_App.5e6f7a8b.css'],
    });
  });

  it('keeps only plain relative file names from the manifest', () => {
    const hostile = {
      metaData: { remoteEntry: { name: '../../main.js', path: '' } },
      exposes: [
        {
          path: './App',
          assets: {
            js: { sync: ['https://evil.example/x.js', '/abs.js', 'a/../../b.js', 'ok.js', '"><script>'] },
            css: { sync: 'not a list' },
          },
        },
      ],
    };
    expect(startFilesOf(MANIFEST_URL, hostile)).toEqual({
      manifest: MANIFEST_URL,
      entry: null,
      scripts: ['/remotes/mf-library/1.2.0/ok.js'],
      styles: [],
    });
    expect(startFilesOf(MANIFEST_URL, 'garbage')).toEqual({
      manifest: MANIFEST_URL,
      entry: null,
      scripts: [],
      styles: [],
    });
  });
});

describe('readRemoteStartFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agora-page-'));
    await mkdir(join(dir, 'remotes', 'mf-library', '1.2.0'), { recursive: true });
    await writeFile(
      join(dir, 'remotes', 'mf-library', '1.2.0', 'mf-manifest.json'),
      JSON.stringify(MANIFEST),
    );
    await writeFile(join(dir, 'outside.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads a published remote's manifest under the remotes folder", async () => {
    const files = await readRemoteStartFiles(join(dir, 'remotes'), MANIFEST_URL);
    expect(files?.entry).toBe('/remotes/mf-library/1.2.0/remoteEntry.js');
  });

  it('reads nothing outside the remotes folder, from another origin, or that is missing or not JSON', async () => {
    const remotes = join(dir, 'remotes');
    for (const url of [
      '/remotes/../outside.json',
      '/remotes/mf-library/../../outside.json',
      'https://cdn.example.org/remotes/mf-library/1.2.0/mf-manifest.json',
      '/remotes/mf-library/9.9.9/mf-manifest.json',
      '/elsewhere/mf-manifest.json',
    ]) {
      expect(await readRemoteStartFiles(remotes, url)).toBeNull();
    }
    await writeFile(join(remotes, 'mf-library', '1.2.0', 'broken.json'), '{"metaData":');
    expect(await readRemoteStartFiles(remotes, '/remotes/mf-library/1.2.0/broken.json')).toBeNull();
  });
});

describe('headAdditions and withHeadAdditions', () => {
  const PAGE = '<!doctype html><html><head><title>Agora</title></HEAD><body></body></html>';

  it('puts the registry as JSON and the preload links at the end of the head', () => {
    const start = startFilesOf(MANIFEST_URL, MANIFEST);
    const html = withHeadAdditions(PAGE, headAdditions({ mf_library: MANIFEST_URL }, start));
    const head = html.slice(0, html.indexOf('</HEAD>'));
    expect(head).toContain(
      `<script type="application/json" id="agora-remotes">{"mf_library":"${MANIFEST_URL}"}</script>`,
    );
    expect(head).toContain(`<link rel="preload" href="${MANIFEST_URL}" as="fetch" crossorigin="anonymous">`);
    expect(head).toContain(
      '<link rel="preload" href="/remotes/mf-library/1.2.0/remoteEntry.js" as="script">',
    );
    expect(head).toContain(
      '<link rel="preload" href="/remotes/mf-library/1.2.0/__federation_expose_App.5e6f7a8b.css" as="style">',
    );
    expect(html.endsWith('</HEAD><body></body></html>')).toBe(true);
  });

  it('cannot close the script element or start markup from a registry value', () => {
    const additions = headAdditions({ x: '/remotes/a</script><script>alert(1)</script>&' }, null);
    expect(additions).not.toMatch(/<\/script><script>/);
    expect(additions.match(/<\/script>/g)).toHaveLength(1);
    const json = additions.slice(additions.indexOf('>') + 1, additions.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ x: '/remotes/a</script><script>alert(1)</script>&' });
  });

  it('leaves a page without a head, or with nothing to add, as it is', () => {
    expect(withHeadAdditions('<title>x</title>', headAdditions({}, null))).toBe('<title>x</title>');
    expect(withHeadAdditions(PAGE, headAdditions(null, null))).toBe(PAGE);
  });
});

describe('remoteToPreload', () => {
  it("names the route's remote; an admin route only with a session", () => {
    expect(remoteToPreload('/participate/3', undefined)).toBe('mf_consultation');
    expect(remoteToPreload('/admin/library/gallery', 'lang=el; token=abc')).toBe('mf_library');
    expect(remoteToPreload('/admin/library/gallery', 'lang=el')).toBeNull();
    expect(remoteToPreload('/admin/library/gallery', 'mytoken=abc')).toBeNull();
    expect(remoteToPreload('/login', 'token=abc')).toBeNull();
  });
});

describe('encodePage', () => {
  const html = `<!doctype html>${'<p>Agora</p>'.repeat(50)}`;

  it('sends brotli or gzip as the client accepts, and the page as it is otherwise', async () => {
    const br = await encodePage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = await encodePage(html, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await encodePage(html, undefined);
    expect(plain).toEqual({ body: Buffer.from(html), encoding: null });
  });
});
